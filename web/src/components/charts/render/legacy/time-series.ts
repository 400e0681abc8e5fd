import type { QueryColumn, QueryMetric } from "@strata/contracts";
import { toDate } from "../../format/time-format";
import { columnLabel, ensureArray, metricLabel } from "@strata/contracts/chart-query";
import type { ChartDataResult, FormData } from "../../types";

export type Row = Record<string, unknown>;

export const rowsOf = (result: ChartDataResult | undefined): Row[] =>
  Array.isArray(result?.data) ? (result.data as Row[]) : [];

/** The time column of a legacy time query: the first column asked for (see legacyTimeQuery). */
export function timeKeyOf(fd: FormData, result: ChartDataResult | undefined): string {
  const first = result?.colnames?.[0];
  if (first) return first;
  const row = rowsOf(result)[0];
  const granularity = typeof fd.granularity_sqla === "string" ? fd.granularity_sqla : "";
  if (granularity && row && granularity in row) return granularity;
  return row ? Object.keys(row)[0] : "__timestamp";
}

export const metricLabelsOf = (fd: FormData, key = "metrics") =>
  ensureArray(fd[key] as QueryMetric | QueryMetric[] | undefined).map(metricLabel);
export const groupLabelsOf = (fd: FormData, key = "groupby") =>
  ensureArray(fd[key] as QueryColumn | QueryColumn[] | undefined).map(columnLabel);

const epoch = (value: unknown) => toDate(value)?.getTime() ?? Number.NaN;
const asNumber = (value: unknown): number | null => {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

export interface LegacySeries {
  /** NVD3's series title: the groups, prefixed with the metric when there are several metrics. */
  key: string;
  metric: string;
  group: string[];
  /** One value per time of `times`, null where the series has no row. */
  values: (number | null)[];
}

/**
 * Rows (time, groups…, metrics…) → the NVD3-era series of Superset's legacy time-series
 * visualisations: one per metric × group, each over every time of the result (sorted).
 */
export function legacySeries(fd: FormData, result: ChartDataResult | undefined) {
  const rows = rowsOf(result);
  const timeKey = timeKeyOf(fd, result);
  const metrics = metricLabelsOf(fd);
  const groups = groupLabelsOf(fd);
  const times = [...new Set(rows.map((r) => epoch(r[timeKey])).filter((t) => !Number.isNaN(t)))].sort(
    (a, b) => a - b,
  );
  const timeIndex = new Map(times.map((t, i) => [t, i]));
  const series = new Map<string, LegacySeries>();
  for (const row of rows) {
    const at = timeIndex.get(epoch(row[timeKey]));
    if (at === undefined) continue;
    const group = groups.map((g) => String(row[g] ?? "<NULL>"));
    for (const metric of metrics) {
      const title = metrics.length > 1 || !group.length ? [metric, ...group] : group;
      const key = title.join(", ");
      let s = series.get(key);
      if (!s) {
        s = { key, metric, group, values: times.map(() => null) };
        series.set(key, s);
      }
      s.values[at] = asNumber(row[metric]);
    }
  }
  return { times, series: [...series.values()] };
}
