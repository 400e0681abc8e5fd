import type { QueryColumn, QueryMetric, QueryObject } from "../../chart-data.ts";
import type { FormData } from "../types.ts";
import { type BuildContext, baseQueryObject, columnsOf, metricsOf, optionalInt } from "../base-query.ts";
import { axisColumn, ensureArray, groupbyWithGrain, metricLabel } from "../labels.ts";

/**
 * Superset's explore_json-era time series (time table, calendar, rose, horizon, paired t-test)
 * asked for `is_timeseries` rows keyed by `__timestamp`. Strata asks the same through the chart
 * data API: the time column (the form's `granularity_sqla`, else the dataset's main datetime
 * column) first, truncated to the grain, then the group-by columns; the browser reshapes the
 * rows as the legacy viz's `get_data` did on the server.
 */
export function legacyTimeQuery(
  fd: FormData,
  ctx: BuildContext,
  options: { grain?: string | null; metrics?: QueryMetric[]; groupby?: QueryColumn[] } = {},
): QueryObject {
  const base = baseQueryObject(fd, ctx);
  const timeColumn = (fd.granularity_sqla as string | undefined) || ctx.dataset?.main_dttm_col || undefined;
  const grain = options.grain === undefined ? fd.time_grain_sqla : options.grain;
  const x = axisColumn(timeColumn, grain, ctx.dataset, timeColumn);
  const metrics = options.metrics ?? metricsOf(fd);
  const groupby = groupbyWithGrain(options.groupby ?? columnsOf(fd), fd.time_grain_sqla, ctx.dataset);
  return {
    ...base,
    ...(timeColumn && base.time_range ? { granularity: timeColumn } : {}),
    extras: { ...base.extras, ...(grain ? { time_grain_sqla: grain } : {}) },
    columns: [...(x ? [x] : []), ...groupby],
    metrics,
    orderby: metrics[0] ? [[metrics[0], fd.order_desc === false]] : [],
    post_processing: [],
  };
}

/** Time-series table: one metric per row, or one group per row of a single metric. */
export function buildTimeTable(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const metrics = metricsOf(fd);
  // Superset refuses several metrics with a group-by; keeping the first draws what it can.
  const grouped = columnsOf(fd).length > 0;
  return [legacyTimeQuery(fd, ctx, { metrics: grouped ? metrics.slice(0, 1) : metrics })];
}

/** Calendar heatmap blocks are the subdomain: its unit is the query's time grain. */
export const SUBDOMAIN_GRAINS: Record<string, string> = {
  min: "PT1M",
  hour: "PT1H",
  day: "P1D",
  week: "P1W",
  month: "P1M",
  year: "P1Y",
};

export function buildCalendar(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const grain = SUBDOMAIN_GRAINS[String(fd.subdomain_granularity ?? "day")] ?? "P1D";
  const query = legacyTimeQuery(fd, ctx, { grain, groupby: [] });
  // Every block of the time range is drawn: no limit on the number of periods but the row limit.
  return [{ ...query, orderby: [] }];
}

/** NVD3-era time series (rose, horizon, paired t-test): time × groups, limited to the top series. */
export function buildLegacyTimeseries(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const query = legacyTimeQuery(fd, ctx);
  const sortBy = fd.timeseries_limit_metric as QueryMetric | undefined;
  return [
    {
      ...query,
      ...(optionalInt(fd.limit) ? { series_limit: optionalInt(fd.limit) } : {}),
      ...(sortBy ? { series_limit_metric: sortBy } : {}),
      orderby: [],
    },
  ];
}

export const timeseriesMetricLabels = (fd: FormData) =>
  ensureArray(fd.metrics as QueryMetric[] | undefined).map(metricLabel);
