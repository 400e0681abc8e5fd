import { aggregator } from "./aggregates.ts";
import { type ColumnarFrame, column, groupRows, rowCount } from "./frame.ts";
import type { AggregateOptions } from "./schemas.ts";

/** Superset's aggregate: group by columns (sorted, null keys dropped) and aggregate per group. */
export function aggregate(frame: ColumnarFrame, options: AggregateOptions): ColumnarFrame {
  const count = rowCount(frame);
  const keys = options.groupby.map((name) => column(frame, name));
  const groups = options.groupby.length
    ? groupRows(keys, count)
    : [{ key: [], rows: Array.from({ length: count }, (_, i) => i) }];
  const specs = Object.entries(options.aggregates).map(([label, spec]) => ({
    label,
    values: column(frame, spec.column ?? label),
    apply: aggregator(spec.operator),
    options: spec.options ?? {},
  }));
  return {
    columns: [...options.groupby, ...specs.map((s) => s.label)],
    data: [
      ...options.groupby.map((_, k) => groups.map((g) => g.key[k])),
      ...specs.map((s) =>
        groups.map((g) =>
          s.apply(
            g.rows.map((r) => s.values[r]),
            s.options,
          ),
        ),
      ),
    ],
  };
}
