import {
  appendColumns,
  type ColumnarFrame,
  column,
  postProcessingError,
  rowCount,
  takeRows,
  toNumber,
} from "./frame.ts";
import type { CumOptions, DiffOptions, RollingOptions } from "./schemas.ts";
import { cumulativeColumn, rollingColumn } from "./window-functions.ts";

/** The columns an operation rewrites: the mapping, or with is_pivot_df every column after the index. */
function targets(
  frame: ColumnarFrame,
  mapping: Record<string, string>,
  isPivotDf: boolean,
): Record<string, string> {
  if (!isPivotDf) return mapping;
  return Object.fromEntries(frame.columns.slice(1).map((name) => [name, name]));
}

function cumulativeOperator(operator: CumOptions["operator"]) {
  return operator.replace(/^cum/, "") as "sum" | "prod" | "max" | "min";
}

/** Superset's rolling: mean / sum / std / … over a window; the first min_periods rows are dropped. */
export function rolling(frame: ColumnarFrame, options: RollingOptions): ColumnarFrame {
  if (options.rolling_type === "None") return frame;
  const mapping = targets(frame, options.columns, options.is_pivot_df);
  const computed = new Map<string, unknown[]>();
  for (const source of Object.keys(mapping)) {
    const values = column(frame, source);
    if (options.rolling_type === "cumsum") computed.set(source, cumulativeColumn(values, "sum"));
    else {
      if (options.window === undefined) throw postProcessingError("Undefined window for rolling operation");
      const minPeriods = options.min_periods ?? options.window;
      computed.set(source, rollingColumn(values, options.rolling_type, options.window, minPeriods));
    }
  }
  const result = appendColumns(frame, mapping, computed);
  const drop = options.min_periods ?? 0;
  if (!drop) return result;
  const rows = Array.from({ length: Math.max(0, rowCount(result) - drop) }, (_, i) => i + drop);
  return takeRows(result, rows);
}

/** Superset's cum: cumsum / cumprod / cummax / cummin per column. */
export function cum(frame: ColumnarFrame, options: CumOptions): ColumnarFrame {
  const mapping = targets(frame, options.columns, options.is_pivot_df);
  const operator = cumulativeOperator(options.operator);
  const computed = new Map<string, unknown[]>();
  for (const source of Object.keys(mapping))
    computed.set(source, cumulativeColumn(column(frame, source), operator));
  return appendColumns(frame, mapping, computed);
}

/** Superset's diff: value minus the value `periods` rows earlier (later when negative). */
export function diff(frame: ColumnarFrame, options: DiffOptions): ColumnarFrame {
  const computed = new Map<string, unknown[]>();
  for (const source of Object.keys(options.columns)) {
    const values = column(frame, source);
    computed.set(
      source,
      values.map((value, i) => {
        const j = i - options.periods;
        if (j < 0 || j >= values.length) return null;
        const a = toNumber(value);
        const b = toNumber(values[j]);
        return a === null || b === null ? null : a - b;
      }),
    );
  }
  return appendColumns(frame, options.columns, computed);
}
