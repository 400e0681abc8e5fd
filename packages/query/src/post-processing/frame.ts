import { QueryValidationError } from "../errors.ts";
import { ErrorType } from "@strata/contracts";

/**
 * A columnar result: one array per column, never an object per row.
 * `levels` carries the parts of multi-level column names made by a pivot that was asked not to
 * flatten (Superset keeps a pandas MultiIndex there); `rename` with a level and `flatten` use them.
 */
export interface ColumnarFrame {
  columns: string[];
  data: unknown[][];
  levels?: (string | null)[][];
}

export const FLAT_COLUMN_SEPARATOR = ", ";

export function postProcessingError(message: string): QueryValidationError {
  return new QueryValidationError(message, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR);
}

export function rowCount(frame: ColumnarFrame): number {
  return frame.data[0]?.length ?? 0;
}

export function columnIndex(frame: ColumnarFrame, name: string): number {
  const index = frame.columns.indexOf(name);
  if (index === -1) throw postProcessingError(`Referenced columns not available in DataFrame: ${name}`);
  return index;
}

export function column(frame: ColumnarFrame, name: string): unknown[] {
  return frame.data[columnIndex(frame, name)];
}

/** A new frame; multi-level names survive only while the column names stay the same. */
export function withData(frame: ColumnarFrame, columns: string[], data: unknown[][]): ColumnarFrame {
  const sameColumns =
    columns.length === frame.columns.length && columns.every((c, i) => c === frame.columns[i]);
  return frame.levels && sameColumns ? { columns, data, levels: frame.levels } : { columns, data };
}

/** Superset's _append_columns: `{y: 'y'}` replaces y, `{y: 'y2'}` appends y2. */
export function appendColumns(
  frame: ColumnarFrame,
  mapping: Record<string, string>,
  computed: Map<string, unknown[]>,
) {
  const columns = [...frame.columns];
  const data = [...frame.data];
  for (const [source, target] of Object.entries(mapping)) {
    const values = computed.get(source)!;
    const existing = columns.indexOf(target);
    if (existing >= 0) data[existing] = values;
    else {
      columns.push(target);
      data.push(values);
    }
  }
  return withData(frame, columns, data);
}

/** Keeps only the given rows, in the given order. */
export function takeRows(frame: ColumnarFrame, rows: readonly number[]): ColumnarFrame {
  return withData(
    frame,
    frame.columns,
    frame.data.map((values) => rows.map((r) => values[r])),
  );
}

/** A number for arithmetic: numbers as is, numeric text (big integers, decimals) parsed; else null. */
export function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isNaN(value) ? null : value;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

/** Non-finite results (division by zero) become null, JSON's only way to say NaN. */
export function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/** Python's str() of a value, for column names built from values (pivot, histogram). */
export function pythonStr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  return String(value);
}

const TYPE_RANK = { number: 0, bigint: 0, boolean: 1, string: 2, object: 3 } as Record<string, number>;

/** A total order for sorting and grouping: numbers, booleans, strings, others; nulls last. */
export function compareValues(a: unknown, b: unknown): number {
  const aNull = a === null || a === undefined || (typeof a === "number" && Number.isNaN(a));
  const bNull = b === null || b === undefined || (typeof b === "number" && Number.isNaN(b));
  if (aNull || bNull) return aNull === bNull ? 0 : aNull ? 1 : -1;
  const rankA = TYPE_RANK[typeof a] ?? 4;
  const rankB = TYPE_RANK[typeof b] ?? 4;
  if (rankA !== rankB) return rankA - rankB;
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  const x = a instanceof Date ? a.getTime() : Number(a);
  const y = b instanceof Date ? b.getTime() : Number(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function compareTuples(a: readonly unknown[], b: readonly unknown[]): number {
  for (let i = 0; i < a.length; i++) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return 0;
}

export function isNull(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "number" && Number.isNaN(value));
}

/** A string identity of a value that keeps 1 and "1" apart. */
function keyPart(value: unknown): string {
  if (value instanceof Date) return `d${value.getTime()}`;
  return `${(typeof value)[0]}${String(value)}`;
}

/**
 * Groups rows by the values of key columns, in sorted key order; rows with a null key are
 * dropped (pandas' groupby default). Only one key array per group is built, not per row.
 */
export function groupRows(keys: unknown[][], count: number): { key: unknown[]; rows: number[] }[] {
  const groups = new Map<string, { key: unknown[]; rows: number[] }>();
  rows: for (let r = 0; r < count; r++) {
    let id = "";
    for (const values of keys) {
      if (isNull(values[r])) continue rows;
      id += `${keyPart(values[r])}\u0000`;
    }
    let group = groups.get(id);
    if (!group) {
      group = { key: keys.map((values) => values[r]), rows: [] };
      groups.set(id, group);
    }
    group.rows.push(r);
  }
  return [...groups.values()].sort((a, b) => compareTuples(a.key, b.key));
}
