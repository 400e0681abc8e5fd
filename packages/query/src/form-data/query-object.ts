import {
  type AdhocFilter,
  AdhocFilterSchema,
  type QueryColumn,
  type QueryObject,
  QueryObjectSchema,
} from "@strata/contracts";
import * as v from "valibot";
import { invalidPayload } from "../errors.ts";
import { convertAdhocFilters } from "./adhoc-filters.ts";

type FormData = Record<string, unknown>;

const list = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() ? value : undefined;
const integer = (value: unknown): number | undefined => {
  const n = typeof value === "string" && value.trim() ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) && n >= 0 ? n : undefined;
};

function parseAdhocFilters(value: unknown): AdhocFilter[] {
  const parsed = v.safeParse(v.array(AdhocFilterSchema), list(value));
  if (!parsed.success) throw invalidPayload(`Invalid adhoc_filters: ${parsed.issues[0].message}`);
  return parsed.output;
}

/**
 * A generic query object from chart form data (000 §3), for callers that only have form data
 * (the legacy explore_json call, a saved chart without query_context). Viz-specific query
 * building stays with the client; this covers the common controls: x_axis, groupby / columns,
 * metrics, adhoc_filters, time range and grain, row limit/offset, series limit and order.
 *
 * Without a time column or a time filter of its own, the time range filters the x-axis, if that
 * is one of `timeColumns` (a time range compared with genders or states would only empty the
 * chart). Without `timeColumns` (the dataset unknown) the x-axis is taken as one.
 */
export function queryObjectFromFormData(
  formData: FormData,
  opts: { timeColumns?: ReadonlySet<string> } = {},
): QueryObject {
  const { filters, where, having } = convertAdhocFilters(parseAdhocFilters(formData.adhoc_filters));
  const grain = text(formData.time_grain_sqla);
  const xAxis = formData.x_axis as QueryColumn | undefined;
  const columns: unknown[] = [];
  if (typeof xAxis === "string" && xAxis) {
    columns.push({
      label: xAxis,
      sqlExpression: xAxis,
      columnType: "BASE_AXIS",
      timeGrain: grain,
      expressionType: "SQL",
    });
  } else if (xAxis && typeof xAxis === "object") {
    columns.push({ ...xAxis, columnType: "BASE_AXIS", timeGrain: grain ?? xAxis.timeGrain });
  }
  columns.push(...list(formData.groupby), ...list(formData.columns), ...list(formData.all_columns));
  const metrics =
    formData.metrics !== undefined ? list(formData.metrics) : formData.metric ? [formData.metric] : undefined;
  const seriesMetric = formData.series_limit_metric ?? formData.timeseries_limit_metric;
  const orderDesc = formData.order_desc === undefined ? true : !!formData.order_desc;
  const orderMetric = seriesMetric ?? metrics?.[0];
  const granularity = text(formData.granularity_sqla) ?? text(formData.granularity);
  const timeRange = text(formData.time_range);
  const hasTemporalFilter = filters.some((f) => f.op === "TEMPORAL_RANGE");
  const candidate = {
    columns,
    metrics,
    filters:
      !hasTemporalFilter &&
      timeRange &&
      !granularity &&
      typeof xAxis === "string" &&
      (opts.timeColumns?.has(xAxis) ?? true)
        ? [...filters, { col: xAxis, op: "TEMPORAL_RANGE", val: timeRange }]
        : filters,
    extras: {
      ...(where ? { where } : {}),
      ...(having ? { having } : {}),
      ...(grain ? { time_grain_sqla: grain } : {}),
    },
    orderby: orderMetric && metrics?.length ? [[orderMetric, !orderDesc]] : [],
    row_limit: integer(formData.row_limit),
    row_offset: integer(formData.row_offset),
    series_limit: integer(formData.series_limit ?? formData.limit),
    series_limit_metric: seriesMetric ?? undefined,
    granularity,
    time_range: timeRange,
    url_params: formData.url_params ?? undefined,
    annotation_layers: list(formData.annotation_layers),
  };
  const parsed = v.safeParse(QueryObjectSchema, candidate);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = issue.path?.map((p) => String(p.key)).join(".") ?? "";
    throw invalidPayload(`Invalid form data${path ? ` at ${path}` : ""}: ${issue.message}`);
  }
  return parsed.output;
}
