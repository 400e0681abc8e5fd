import { aggregator } from "./aggregates.ts";
import {
  type ColumnarFrame,
  column,
  compareTuples,
  FLAT_COLUMN_SEPARATOR,
  groupRows,
  isNull,
  postProcessingError,
  pythonStr,
  rowCount,
} from "./frame.ts";
import type { PivotOptions } from "./schemas.ts";

/**
 * Superset's pivot: rows grouped by `index`, one output column per aggregate and combination of
 * `columns` values (sorted), cells aggregated from the rows they cover. Names are flattened as
 * Superset does ("metric, value"; the metric is omitted when there is a single aggregate);
 * with flatten_columns false the metric stays and the levels are kept for rename / flatten.
 */
export function pivot(frame: ColumnarFrame, options: PivotOptions): ColumnarFrame {
  if (options.marginal_distributions) throw postProcessingError("marginal_distributions is not supported");
  const count = rowCount(frame);
  const indexValues = options.index.map((name) => column(frame, name));
  const fill = options.column_fill_value;
  const pivotValues = options.columns.map((name) =>
    column(frame, name).map((v) => (isNull(v) && fill ? fill : v)),
  );
  const aggregates = Object.entries(options.aggregates).map(([label, spec]) => ({
    label,
    values: column(frame, spec.column ?? label),
    apply: aggregator(spec.operator),
    options: spec.options ?? {},
  }));

  const rowGroups = groupRows(indexValues, count);
  const rowOf = new Int32Array(count).fill(-1);
  rowGroups.forEach((group, g) => {
    for (const r of group.rows) rowOf[r] = g;
  });
  const columnGroups = groupRows(pivotValues, count);

  const outNames: string[] = [];
  const outLevels: (string | null)[][] = [];
  const outData: unknown[][] = [];
  const emit = (levels: string[], values: unknown[]) => {
    if (options.drop_missing_columns && values.every(isNull)) return;
    const filled =
      options.metric_fill_value === undefined
        ? values
        : values.map((v) => (isNull(v) ? options.metric_fill_value : v));
    const named =
      options.flatten_columns && aggregates.length === 1 && levels.length > 1 ? levels.slice(1) : levels;
    outNames.push(named.join(FLAT_COLUMN_SEPARATOR));
    outLevels.push(levels);
    outData.push(filled);
  };
  const cells = (aggregate: (typeof aggregates)[number], rows: number[]) => {
    const byRow: number[][] = rowGroups.map(() => []);
    for (const r of rows) if (rowOf[r] >= 0) byRow[rowOf[r]].push(r);
    return byRow.map((rs) =>
      rs.length
        ? aggregate.apply(
            rs.map((r) => aggregate.values[r]),
            aggregate.options,
          )
        : null,
    );
  };

  const allRows = Array.from({ length: count }, (_, r) => r);
  if (!options.columns.length) {
    for (const aggregate of aggregates) emit([aggregate.label], cells(aggregate, allRows));
  } else if (options.combine_value_with_metric) {
    for (const group of [...columnGroups].sort((a, b) => compareTuples(a.key, b.key)))
      for (const aggregate of aggregates)
        emit([...group.key.map(pythonStr), aggregate.label], cells(aggregate, group.rows));
  } else {
    for (const aggregate of aggregates)
      for (const group of columnGroups)
        emit([aggregate.label, ...group.key.map(pythonStr)], cells(aggregate, group.rows));
  }

  const indexData = indexValues.map((values) => rowGroups.map((group) => values[group.rows[0]]));
  const result: ColumnarFrame = {
    columns: [...options.index, ...outNames],
    data: [...indexData, ...outData],
  };
  if (!options.flatten_columns) result.levels = [...options.index.map((name) => [name]), ...outLevels];
  return result;
}
