import type { PostProcessingStep, QueryMetric } from "@strata/contracts";
import type { FormData } from "../types";
import { ensureArray, toInt } from "./labels";

/** Post-processing steps as Superset's clients send them (pivot, rolling, compare, resample…). */

export const ROLLING_WINDOW_TYPES = new Set(["mean", "sum", "std"]);

export function pivotOperator(
  fd: FormData,
  index: string,
  seriesLabels: string[],
  metricLabels: string[],
): PostProcessingStep {
  return {
    operation: "pivot",
    options: {
      index: [index],
      columns: seriesLabels,
      aggregates: Object.fromEntries(metricLabels.map((m) => [m, { operator: "mean" }])),
      drop_missing_columns: !fd.show_empty_columns,
    },
  };
}

/** Labels of the metrics and their time-shifted copies (`metric__1 year`). */
export function metricsWithOffsets(fd: FormData, metricLabels: string[]): string[] {
  const offsets = timeOffsets(fd);
  return [...metricLabels, ...offsets.flatMap((o) => metricLabels.map((m) => `${m}__${o}`))];
}

export function rollingOperator(fd: FormData, metricLabels: string[]): PostProcessingStep | undefined {
  const type = fd.rolling_type as string | undefined;
  const labels = metricsWithOffsets(fd, metricLabels);
  const columns = Object.fromEntries(labels.map((m) => [m, m]));
  if (type === "cumsum") return { operation: "cum", options: { operator: "sum", columns } };
  if (!type || !ROLLING_WINDOW_TYPES.has(type)) return undefined;
  return {
    operation: "rolling",
    options: {
      rolling_type: type,
      window: toInt(fd.rolling_periods, 1),
      min_periods: toInt(fd.min_periods, 0),
      columns,
    },
  };
}

/** The time shifts asked for, as the 000 §9 option texts (e.g. '1 year', '28 days'). */
export function timeOffsets(fd: FormData): string[] {
  return ensureArray(fd.time_compare as string | string[] | undefined).filter(Boolean);
}

export function timeCompareOperator(fd: FormData, metricLabels: string[]): PostProcessingStep | undefined {
  const type = (fd.comparison_type as string | undefined) ?? "values";
  const offsets = timeOffsets(fd);
  if (type === "values" || offsets.length === 0) return undefined;
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

/** Drops the steps that do not apply. */
export function steps(...items: (PostProcessingStep | undefined)[]): PostProcessingStep[] {
  return items.filter((s): s is PostProcessingStep => !!s);
}
