import { percentile } from "./aggregates.ts";
import { type ColumnarFrame, column, groupRows, postProcessingError, rowCount, toNumber } from "./frame.ts";
import type { BoxplotOptions, HistogramOptions, RankOptions } from "./schemas.ts";

const allRows = (frame: ColumnarFrame) => Array.from({ length: rowCount(frame) }, (_, i) => i);

function groupsOf(frame: ColumnarFrame, groupby: string[]) {
  return groupby.length
    ? groupRows(
        groupby.map((name) => column(frame, name)),
        rowCount(frame),
      )
    : [{ key: [], rows: allRows(frame) }];
}

/**
 * Superset's histogram: numpy's equal-width bin edges over the whole column (the last bin
 * closed), counts per group, optionally cumulative and/or normalised by the grand total.
 * Bin columns are named "int(low) - int(high)".
 */
export function histogram(frame: ColumnarFrame, options: HistogramOptions): ColumnarFrame {
  const groupby = options.groupby ?? [];
  const raw = column(frame, options.column);
  if (raw.some((v) => v !== null && v !== undefined && toNumber(v) === null)) {
    throw postProcessingError(`The column '${options.column}' must be numeric.`);
  }
  const values = raw.map(toNumber);
  const present = values.filter((v): v is number => v !== null);
  let low = present.length ? present.reduce((a, b) => Math.min(a, b)) : 0;
  let high = present.length ? present.reduce((a, b) => Math.max(a, b)) : 1;
  if (low === high) {
    low -= 0.5;
    high += 0.5;
  }
  const bins = options.bins;
  const edges = Array.from({ length: bins + 1 }, (_, i) => low + ((high - low) * i) / bins);
  // numpy's uniform-bin fast path, corrected against the edges: [edge_i, edge_i+1), last bin closed.
  const binOf = (x: number) => {
    let b = Math.min(bins - 1, Math.floor(((x - low) / (high - low)) * bins));
    if (x < edges[b]) b -= 1;
    else if (b < bins - 1 && x >= edges[b + 1]) b += 1;
    return b;
  };
  const groups = groupsOf(frame, groupby);
  const counts = groups.map((group) => {
    const row = new Array<number>(bins).fill(0);
    for (const r of group.rows) if (values[r] !== null) row[binOf(values[r] as number)] += 1;
    if (options.cumulative) for (let b = 1; b < bins; b++) row[b] += row[b - 1];
    return row;
  });
  const total = counts.reduce((acc, row) => acc + row.reduce((a, b) => a + b, 0), 0);
  const names = edges.slice(0, -1).map((edge, i) => `${Math.trunc(edge)} - ${Math.trunc(edges[i + 1])}`);
  return {
    columns: [...groupby, ...names],
    data: [
      ...groupby.map((_, k) => groups.map((g) => g.key[k])),
      ...names.map((_, b) =>
        counts.map((row) => (options.normalize ? (total ? row[b] / total : null) : row[b])),
      ),
    ],
  };
}

/** numpy's percentile with method "midpoint" (boxplot quartiles). */
function midpointPercentile(sorted: number[], q: number): number | null {
  if (!sorted.length) return null;
  const position = (q / 100) * (sorted.length - 1);
  return (sorted[Math.floor(position)] + sorted[Math.ceil(position)]) / 2;
}

/**
 * Superset's boxplot: per group and metric the mean, median, whiskers (tukey: furthest values
 * within 1.5 IQR; min/max; percentile pair), quartiles (midpoint), count and outliers.
 * Columns: `metric__mean`, `metric__median`, `metric__max`, `metric__min`, `metric__q1`,
 * `metric__q3`, `metric__count`, `metric__outliers`, statistic-major like Superset.
 */
export function boxplot(frame: ColumnarFrame, options: BoxplotOptions): ColumnarFrame {
  if (options.whisker_type === "percentile") {
    const p = options.percentiles;
    if (!p || p[0] >= p[1]) {
      throw postProcessingError(
        "percentiles must be a list or tuple with two numeric values, of which the first is lower than the second value",
      );
    }
  }
  const groups = groupsOf(frame, options.groupby);
  type Stats = Record<string, unknown>;
  const stats = (values: number[]): Stats => {
    const sorted = [...values].sort((a, b) => a - b);
    const q1 = midpointPercentile(sorted, 25);
    const q3 = midpointPercentile(sorted, 75);
    let low: number | null = sorted[0] ?? null;
    let high: number | null = sorted[sorted.length - 1] ?? null;
    if (options.whisker_type === "tukey" && q1 !== null && q3 !== null) {
      const reach = 1.5 * (q3 - q1);
      low = sorted.find((x) => x >= q1 - reach) ?? null;
      high = [...sorted].reverse().find((x) => x <= q3 + reach) ?? null;
    } else if (options.whisker_type === "percentile") {
      low = percentile(sorted, options.percentiles![0]);
      high = percentile(sorted, options.percentiles![1]);
    }
    const mean = sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : null;
    const outliers = [
      ...values.filter((x) => high !== null && x > high),
      ...values.filter((x) => low !== null && x < low),
    ];
    return {
      mean,
      median: percentile(sorted, 50),
      max: high,
      min: low,
      q1,
      q3,
      count: values.length,
      outliers,
    };
  };
  const perMetric = options.metrics.map((metric) => {
    const values = column(frame, metric).map(toNumber);
    return groups.map((g) => stats(g.rows.map((r) => values[r]).filter((x): x is number => x !== null)));
  });
  const statistics = ["mean", "median", "max", "min", "q1", "q3", "count", "outliers"];
  const columns = [...options.groupby];
  const data: unknown[][] = options.groupby.map((_, k) => groups.map((g) => g.key[k]));
  for (const statistic of statistics) {
    options.metrics.forEach((metric, m) => {
      columns.push(`${metric}__${statistic}`);
      data.push(perMetric[m].map((s) => s[statistic]));
    });
  }
  return { columns, data };
}

/** Superset's rank: the metric's percentile rank (average ties, nulls stay null), per group. */
export function rank(frame: ColumnarFrame, options: RankOptions): ColumnarFrame {
  const values = column(frame, options.metric).map(toNumber);
  const result: (number | null)[] = values.map(() => null);
  const groups = options.group_by ? groupsOf(frame, [options.group_by]) : [{ key: [], rows: allRows(frame) }];
  for (const group of groups) {
    const rows = group.rows
      .filter((r) => values[r] !== null)
      .sort((a, b) => (values[a] as number) - (values[b] as number));
    for (let i = 0; i < rows.length; ) {
      let j = i;
      while (j + 1 < rows.length && values[rows[j + 1]] === values[rows[i]]) j += 1;
      const averageRank = (i + 1 + j + 1) / 2;
      for (let k = i; k <= j; k++) result[rows[k]] = averageRank / rows.length;
      i = j + 1;
    }
  }
  const index = frame.columns.indexOf("rank");
  const columns = index >= 0 ? frame.columns : [...frame.columns, "rank"];
  const data = index >= 0 ? frame.data.map((d, i) => (i === index ? result : d)) : [...frame.data, result];
  return { columns, data };
}
