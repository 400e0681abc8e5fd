import {
  type ColumnarFrame,
  column,
  finiteOrNull,
  postProcessingError,
  toNumber,
  withData,
} from "./frame.ts";
import type { CompareOptions } from "./schemas.ts";

const round = (value: number, precision: number) => {
  const factor = 10 ** precision;
  return Math.round(value * factor) / factor;
};

/**
 * Superset's compare: for each (source, compare) pair a column `type__source__compare` with the
 * difference, the percentage change (rounded) or the ratio (rounded). 000 §9's `absolute` is the
 * difference; `values` adds nothing (the chart shows the values themselves).
 */
export function compare(frame: ColumnarFrame, options: CompareOptions): ColumnarFrame {
  if (options.source_columns.length !== options.compare_columns.length) {
    throw postProcessingError("`compare_columns` must have the same length as `source_columns`.");
  }
  if (options.compare_type === "values" || !options.source_columns.length) return frame;
  const type = options.compare_type === "absolute" ? "difference" : options.compare_type;
  const columns = [...frame.columns];
  const data = [...frame.data];
  options.source_columns.forEach((sourceName, i) => {
    const compareName = options.compare_columns[i];
    const source = column(frame, sourceName);
    const other = column(frame, compareName);
    data.push(
      source.map((value, r) => {
        const s = toNumber(value);
        const c = toNumber(other[r]);
        if (s === null || c === null) return null;
        if (type === "difference") return s - c;
        const result = type === "percentage" ? (s - c) / c : s / c;
        return Number.isFinite(result) ? round(result, options.precision) : finiteOrNull(result);
      }),
    );
    columns.push([type, sourceName, compareName].join("__"));
  });
  if (!options.drop_original_columns) return withData(frame, columns, data);
  const dropped = new Set([...options.source_columns, ...options.compare_columns]);
  const keep = columns.map((_, i) => i).filter((i) => !dropped.has(columns[i]));
  return { columns: keep.map((i) => columns[i]), data: keep.map((i) => data[i]) };
}
