import type { PostProcessingStep, QueryMetric } from "../chart-data.ts";
import type { FormData } from "./types.ts";
import { ensureArray, metricLabel, toInt } from "./labels.ts";

/** Post-processing steps as Superset's clients send them (pivot, rolling, compare, resample…). */

export const ROLLING_WINDOW_TYPES = new Set(["mean", "sum", "std"]);

/**
 * Superset's pivot, and its time-comparison variant: with time shifts the shifted copies of each
 * metric (`count__1 year ago`) are aggregated too, or the rolling and compare steps after the
 * pivot would reference columns the pivot dropped.
 */
export function pivotOperator(
  fd: FormData,
  index: string,
  seriesLabels: string[],
  metricLabels: string[],
): PostProcessingStep {
  const kept = isTimeComparison(fd) ? metricsWithOffsets(fd, metricLabels) : metricLabels;
  return {
    operation: "pivot",
    options: {
      index: [index],
      columns: seriesLabels,
      // "mean" of the single value per cell keeps empty cells as NaN instead of dropping them.
      aggregates: Object.fromEntries(kept.map((m) => [m, { operator: "mean" }])),
      drop_missing_columns: !fd.show_empty_columns,
    },
  };
}

const COMPARISON_TYPES = new Set(["values", "difference", "percentage", "ratio"]);

/** The comparison type, "values" (actual values) when the control was never set. */
function comparisonType(fd: FormData): string {
  return (fd.comparison_type as string | undefined) ?? "values";
}

/** Superset's isTimeComparison: time shifts asked for, with a known comparison type. */
export function isTimeComparison(fd: FormData): boolean {
  return timeOffsets(fd).length > 0 && COMPARISON_TYPES.has(comparisonType(fd));
}

/** Labels of the metrics and their time-shifted copies (`metric__1 year`). */
export function metricsWithOffsets(fd: FormData, metricLabels: string[]): string[] {
  const offsets = timeOffsets(fd);
  return [...metricLabels, ...offsets.flatMap((o) => metricLabels.map((m) => `${m}__${o}`))];
}

/**
 * Superset's rollingWindowOperator. It runs on the pivoted frame (`is_pivot_df`), so the server
 * rolls every series column: with a group-by the pivot names columns by group ("boy", "girl")
 * and a metric label would not be found. The column map is kept as Superset sends it.
 */
export function rollingOperator(fd: FormData, metricLabels: string[]): PostProcessingStep | undefined {
  const type = fd.rolling_type as string | undefined;
  const columns = Object.fromEntries(rollingColumns(fd, metricLabels).map((m) => [m, m]));
  if (type === "cumsum")
    return { operation: "cum", options: { operator: "sum", columns, is_pivot_df: true } };
  if (!type || !ROLLING_WINDOW_TYPES.has(type)) return undefined;
  return {
    operation: "rolling",
    options: {
      rolling_type: type,
      window: toInt(fd.rolling_periods, 1),
      min_periods: toInt(fd.min_periods, 0),
      columns,
      is_pivot_df: true,
    },
  };
}

/** The columns Superset names in its rolling step: the metrics, their shifted copies, or the compared ones. */
function rollingColumns(fd: FormData, metricLabels: string[]): string[] {
  if (!isTimeComparison(fd)) return metricLabels;
  const type = comparisonType(fd);
  if (type === "values") return metricsWithOffsets(fd, metricLabels);
  return timeOffsets(fd).flatMap((o) => metricLabels.map((m) => `${type}__${m}__${m}__${o}`));
}

/** The time shifts asked for, as the 000 §9 option texts (e.g. '1 year', '28 days'). */
export function timeOffsets(fd: FormData): string[] {
  return ensureArray(fd.time_compare as string | string[] | undefined).filter(Boolean);
}

export function timeCompareOperator(fd: FormData, metricLabels: string[]): PostProcessingStep | undefined {
  const type = comparisonType(fd);
  const offsets = timeOffsets(fd);
  if (type === "values" || !isTimeComparison(fd)) return undefined;
  return {
    operation: "compare",
    options: {
      source_columns: offsets.flatMap(() => metricLabels),
      compare_columns: offsets.flatMap((o) => metricLabels.map((m) => `${m}__${o}`)),
      compare_type: type,
      drop_original_columns: true,
    },
  };
}

export function resampleOperator(fd: FormData): PostProcessingStep | undefined {
  const rule = fd.resample_rule as string | undefined;
  const method = fd.resample_method as string | undefined;
  if (!rule || !method) return undefined;
  const zerofill = method === "zerofill";
  return {
    operation: "resample",
    options: { method: zerofill ? "asfreq" : method, rule, ...(zerofill ? { fill_value: 0 } : {}) },
  };
}

/** One metric split by series: drop the metric level so series are named by their group. */
export function renameOperator(
  fd: FormData,
  metrics: QueryMetric[],
  metricLabels: string[],
  seriesCount: number,
): PostProcessingStep | undefined {
  const comparing = timeOffsets(fd).length > 0 && (fd.comparison_type ?? "values") === "values";
  if (metrics.length !== 1 || seriesCount === 0 || comparing || fd.truncate_metric === false)
    return undefined;
  return { operation: "rename", options: { columns: { [metricLabels[0]]: null }, level: 0, inplace: true } };
}

export function contributionOperator(fd: FormData): PostProcessingStep | undefined {
  const mode = fd.contributionMode as string | undefined;
  if (mode !== "row" && mode !== "column") return undefined;
  return { operation: "contribution", options: { orientation: mode, time_shifts: timeOffsets(fd) } };
}

export const flattenOperator = (): PostProcessingStep => ({ operation: "flatten" });

/** The label of the "Sort by" (series limit) metric, if any. */
function limitMetricLabel(fd: FormData): string | undefined {
  const [limit] = ensureArray(fd.timeseries_limit_metric as QueryMetric | QueryMetric[] | undefined);
  return limit ? metricLabel(limit) : undefined;
}

/**
 * The "Sort by" metric when the x-axis is sorted by it but it is not drawn (Superset's
 * extractExtraMetrics): it is queried so the sort step has its column, and never drawn.
 */
export function extraSortMetrics(fd: FormData): QueryMetric[] {
  const [limit] = ensureArray(fd.timeseries_limit_metric as QueryMetric | QueryMetric[] | undefined);
  if (!limit || ensureArray(fd.groupby as unknown[]).length) return [];
  const label = metricLabel(limit);
  const drawn = ensureArray(fd.metrics as QueryMetric[]).some((m) => metricLabel(m) === label);
  return fd.x_axis_sort === label && !drawn ? [limit] : [];
}

/**
 * Superset's sortOperator: a categorical x-axis with one series is sorted after the pivot (which,
 * like pandas, orders its index by name) by `x_axis_sort` (the x-axis label or a metric label),
 * ascending unless `x_axis_sort_asc` is false. Not for a temporal x-axis, several series
 * (`x_axis_sort_series` orders those when drawing) or time comparison.
 *
 * Without `x_axis_sort` (a new chart, or a Superset chart that never set it), a known categorical
 * axis keeps the query's own order: by its "Sort by" metric, else the first metric, descending
 * unless "Sort descending" is off. The SQL already ranks rows that way and the row limit keeps
 * the top of that ranking, so bars drawn alphabetically would hide what the chart was asked for.
 */
export function xAxisSortOperator(
  fd: FormData,
  xLabel: string | undefined,
  xCategorical: boolean | undefined,
): PostProcessingStep | undefined {
  if (!xLabel || xCategorical === false) return undefined;
  if (ensureArray(fd.groupby as unknown[]).length || timeOffsets(fd).length) return undefined;
  const metricLabels = ensureArray(fd.metrics as QueryMetric[]).map(metricLabel);
  const limit = limitMetricLabel(fd);
  const sortable = [xLabel, ...metricLabels, ...(limit ? [limit] : [])];
  const chosen =
    typeof fd.x_axis_sort === "string" && sortable.includes(fd.x_axis_sort) ? fd.x_axis_sort : undefined;
  if (chosen !== undefined) {
    const ascending = fd.x_axis_sort_asc !== false;
    return chosen === xLabel
      ? { operation: "sort", options: { is_sort_index: true, ascending } }
      : { operation: "sort", options: { by: chosen, ascending } };
  }
  const by = limit ?? metricLabels[0];
  if (xCategorical !== true || metricLabels.length !== 1 || !by || !metricLabels.includes(by))
    return undefined;
  return { operation: "sort", options: { by, ascending: fd.order_desc === false } };
}

/** Drops the steps that do not apply. */
export function steps(...items: (PostProcessingStep | undefined)[]): PostProcessingStep[] {
  return items.filter((s): s is PostProcessingStep => !!s);
}
