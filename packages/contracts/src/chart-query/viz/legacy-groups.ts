import type { QueryMetric, QueryObject } from "../../chart-data.ts";
import type { FormData } from "../types.ts";
import { type BuildContext, baseQueryObject, columnsOf, metricsOf, optionalInt } from "../base-query.ts";
import { ensureArray, groupbyWithGrain, metricLabel } from "../labels.ts";
import { legacyTimeQuery } from "./legacy-time.ts";

/** Chord: the metric between a source (`groupby`) and a target (`columns`) column. */
export function buildChord(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const metrics = ensureArray(fd.metric as QueryMetric | undefined).slice(0, 1);
  return [
    {
      ...baseQueryObject(fd, ctx),
      columns: [...columnsOf(fd).slice(0, 1), ...columnsOf(fd, "columns").slice(0, 1)],
      metrics,
      orderby: fd.sort_by_metric && metrics[0] ? [[metrics[0], false]] : [],
      post_processing: [],
    },
  ];
}

/** Partition: the metrics by the deepest level of the hierarchy; the browser sums the levels above. */
export function buildPartition(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const option = String(fd.time_series_option ?? "not_time");
  if (option !== "not_time") return [{ ...legacyTimeQuery(fd, ctx), orderby: [] }];
  const metrics = metricsOf(fd);
  return [
    {
      ...baseQueryObject(fd, ctx),
      columns: groupbyWithGrain(columnsOf(fd), fd.time_grain_sqla, ctx.dataset),
      metrics,
      orderby: metrics[0] ? [[metrics[0], fd.order_desc === false]] : [],
      post_processing: [],
    },
  ];
}

/**
 * Parallel coordinates: one line per value of `series`, an axis per metric, coloured by the
 * secondary metric. `limit` caps the number of lines (one row per series value).
 */
export function buildParallelCoordinates(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const metrics = metricsOf(fd);
  const labels = new Set(metrics.map(metricLabel));
  const extra = [fd.secondary_metric, fd.timeseries_limit_metric]
    .filter((m): m is QueryMetric => Boolean(m))
    .filter((m) => {
      const label = metricLabel(m);
      if (labels.has(label)) return false;
      labels.add(label);
      return true;
    });
  const sortBy = fd.timeseries_limit_metric as QueryMetric | undefined;
  const limit = optionalInt(fd.limit);
  const { series_limit: _s, series_limit_metric: _m, ...base } = baseQueryObject(fd, ctx);
  return [
    {
      ...base,
      columns: columnsOf(fd, "series").slice(0, 1),
      metrics: [...metrics, ...extra],
      orderby: sortBy ? [[sortBy, fd.order_desc === false]] : [],
      ...(limit ? { row_limit: limit } : {}),
      post_processing: [],
    },
  ];
}
