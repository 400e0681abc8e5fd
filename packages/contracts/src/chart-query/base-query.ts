import type {
  ChartDataRequestInput,
  OrderByItem,
  QueryColumn,
  QueryMetric,
  QueryObject,
  ResultFormat,
  ResultType,
} from "../chart-data.ts";
import { parseDatasourceKey } from "../datasource.ts";
import type { ChartDataset, FormData, OwnState } from "./types.ts";
import { processFilters } from "./filters.ts";
import { ensureArray, metricLabel } from "./labels.ts";

export interface BuildContext {
  dataset?: ChartDataset;
  ownState?: OwnState;
}

/** A positive integer from a control, or undefined when empty or invalid. */
export function optionalInt(value: unknown): number | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/**
 * Superset's buildQueryObject: the parts every visualisation shares (filters, extras, time range,
 * row limit, series limit). Each viz then sets its columns, metrics, order and post-processing.
 */
export function baseQueryObject(fd: FormData, ctx: BuildContext = {}): QueryObject {
  const { filters, extras } = processFilters(fd.adhoc_filters, ctx.dataset);
  const timeRange = typeof fd.time_range === "string" && fd.time_range ? fd.time_range : undefined;
  const granularity = fd.granularity_sqla || undefined;
  const query: QueryObject = {
    filters,
    extras: { ...extras, ...(fd.time_grain_sqla ? { time_grain_sqla: fd.time_grain_sqla } : {}) },
    columns: [],
    metrics: [],
    orderby: [],
    annotation_layers: [],
    ...(timeRange ? { time_range: timeRange } : {}),
    ...(granularity && timeRange ? { granularity } : {}),
    ...(optionalInt(fd.row_limit) !== undefined ? { row_limit: optionalInt(fd.row_limit) } : {}),
    ...(optionalInt(fd.row_offset) ? { row_offset: optionalInt(fd.row_offset) } : {}),
    ...(optionalInt(fd.limit) ? { series_limit: optionalInt(fd.limit) } : {}),
    ...(fd.timeseries_limit_metric ? { series_limit_metric: fd.timeseries_limit_metric as QueryMetric } : {}),
    order_desc: fd.order_desc === undefined ? true : Boolean(fd.order_desc),
    url_params: (fd.url_params as Record<string, string>) ?? {},
  };
  return query;
}

/** Order by the sort metric (or the first metric), descending unless asked otherwise. */
export function defaultOrderBy(fd: FormData, metrics: QueryMetric[]): OrderByItem[] {
  const sortBy = (fd.timeseries_limit_metric as QueryMetric | undefined) ?? metrics[0];
  if (!sortBy) return [];
  return [[sortBy, fd.order_desc === false]];
}

export function metricsOf(fd: FormData, key = "metrics"): QueryMetric[] {
  return ensureArray(fd[key] as QueryMetric | QueryMetric[] | undefined);
}

export function columnsOf(fd: FormData, key = "groupby"): QueryColumn[] {
  return ensureArray(fd[key] as QueryColumn | QueryColumn[] | undefined);
}

export const labelsOf = (metrics: QueryMetric[]) => metrics.map(metricLabel);

export interface RequestOptions {
  force?: boolean;
  resultFormat?: ResultFormat;
  resultType?: ResultType;
}

/** The `POST /api/v1/chart/data` body for the queries of a form. */
export function chartDataRequest(
  fd: FormData,
  queries: QueryObject[],
  options: RequestOptions = {},
): ChartDataRequestInput {
  const datasource = parseDatasourceKey(fd.datasource) ?? { id: 0, type: "table" as const };
  return {
    datasource: { id: datasource.id, type: datasource.type },
    force: options.force ?? false,
    queries,
    form_data: fd as unknown as Record<string, unknown>,
    result_format: options.resultFormat ?? "json",
    result_type: options.resultType ?? "full",
  };
}
