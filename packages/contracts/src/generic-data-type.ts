/**
 * Superset's GenericDataType: the coarse type of a result column (`coltypes` of chart data,
 * `type_generic` of dataset and SQL Lab columns) that tells the SPA how to format and group it.
 */
export const GenericDataType = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 } as const;
export type GenericDataType = (typeof GenericDataType)[keyof typeof GenericDataType];

const OF_KIND: Readonly<Record<string, GenericDataType>> = {
  numeric: GenericDataType.NUMERIC,
  string: GenericDataType.STRING,
  temporal: GenericDataType.TEMPORAL,
  boolean: GenericDataType.BOOLEAN,
};

/** The generic type of an engine's column kind; any other kind reads as a string. */
export function genericDataTypeOf(kind: string): GenericDataType {
  return OF_KIND[kind] ?? GenericDataType.STRING;
}
