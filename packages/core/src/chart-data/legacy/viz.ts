import {
  ErrorType,
  type QueryColumn,
  type QueryMetric,
  type QueryObject,
  QueryObjectSchema,
} from "@strata/contracts";
import { columnLabel, metricLabel, queryObjectFromFormData } from "@strata/query";
import * as v from "valibot";
import { typedError } from "../../errors.ts";
import { queryErrors } from "../../query-errors.ts";

/**
 * The pieces every legacy (explore_json) visualisation is built from. Superset's `viz.py` gives
 * each legacy chart a class that turns form data into one query and the query's rows into the
 * `data` its plugin draws; `LegacyViz` is the same pair as two pure functions.
 */
export type FormData = Record<string, unknown>;
export type Row = Record<string, unknown>;

/** What a shaper may read besides the rows: the form data and the query's resolved time bounds. */
export interface LegacyContext {
  formData: FormData;
  /** Epoch milliseconds of the query's time range, when it has one. */
  fromDttm: number | null;
  toDttm: number | null;
  /** Superset's MAPBOX_API_KEY (deck.gl and map replies carry it); "" when none is configured. */
  mapboxApiKey: string;
}

export interface LegacyViz {
  /** The query the chart needs; throws a 400 for form data it cannot be drawn from. */
  query(fd: FormData): QueryObject;
  /** The query's rows → the chart's `data`. */
  data(rows: Row[], ctx: LegacyContext): unknown;
}

/** The label Superset's legacy queries give the time column of a time series. */
export const TIMESTAMP = "__timestamp";

/**
 * A 400 for form data a chart cannot be drawn from: `{message, errors: [VIZ_GET_DF_ERROR]}`, the
 * error type Superset's viz classes report such failures with.
 */
export const invalidForm = (message: string) => typedError(400, ErrorType.VIZ_GET_DF_ERROR, message);

export const list = (value: unknown): unknown[] =>
  value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value];

/** A single-choice control that some clients send as a one-item list. */
export const single = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

const isMetric = (m: unknown): m is QueryMetric =>
  (typeof m === "string" && m !== "") || (typeof m === "object" && m !== null && !Array.isArray(m));
const isColumn = (c: unknown): c is QueryColumn =>
  (typeof c === "string" && c !== "") || (typeof c === "object" && c !== null && !Array.isArray(c));

/** A metric's label as its result column is named, "" for something that is not a metric. */
export function labelOfMetric(m: unknown): string {
  if (!isMetric(m)) return "";
  // A malformed adhoc metric has no label; the query-object schema then refuses it with a 400.
  try {
    return metricLabel(m) ?? "";
  } catch {
    return "";
  }
}

/** A column's label as its result column is named, "" for something that is not a column. */
export function labelOfColumn(c: unknown): string {
  if (!isColumn(c)) return "";
  return columnLabel(c) ?? "";
}

/** Metrics without repeats of a label (Superset keys its metrics by label), empty values dropped. */
export function uniqueMetrics(values: unknown[]): QueryMetric[] {
  const seen = new Map<string, QueryMetric>();
  for (const m of values) if (isMetric(m) && !seen.has(labelOfMetric(m))) seen.set(labelOfMetric(m), m);
  return [...seen.values()];
}

export function uniqueColumns(values: unknown[]): QueryColumn[] {
  const seen = new Map<string, QueryColumn>();
  for (const c of values) if (isColumn(c) && !seen.has(labelOfColumn(c))) seen.set(labelOfColumn(c), c);
  return [...seen.values()];
}

/** The form-data keys Superset collects a chart's metrics from, in its order. */
const METRIC_KEYS = [
  "metric",
  "metrics",
  "percent_metrics",
  "metric_2",
  "secondary_metric",
  "x",
  "y",
  "size",
];

/** Every metric the form data names, once per label (viz.py's `all_metrics`). */
export function allMetrics(fd: FormData): QueryMetric[] {
  return uniqueMetrics(METRIC_KEYS.flatMap((k) => list(fd[k])));
}

/** Their labels (viz.py's `metric_labels`). */
export const metricLabels = (fd: FormData): string[] => allMetrics(fd).map(labelOfMetric);

/** `groupby` then `columns`, once each (the columns a legacy query groups by). */
export const groupbyColumns = (fd: FormData): QueryColumn[] =>
  uniqueColumns([...list(fd.groupby), ...list(fd.columns)]);

export interface QueryParts {
  columns: QueryColumn[];
  /** null: raw rows (no aggregation). */
  metrics: QueryMetric[] | null;
  /** Adds the time column (`__timestamp`, at the time grain) in front: needs `granularity_sqla`. */
  timeseries?: boolean;
  orderby?: [QueryMetric | QueryColumn, boolean][];
  rowLimit?: number | null;
  timeGrain?: string;
  extraFilters?: { col: QueryColumn; op: "IS NOT NULL" }[];
}

/**
 * The query a legacy chart runs: the form data's common controls (filters, time range, time
 * column and grain, row and series limits) read as any chart's are, with the chart's own columns,
 * metrics and order in place of the generic ones. The result is checked against the query-object
 * schema, so form data naming nonsense is a 400, never a failure further down.
 */
export function legacyQuery(fd: FormData, parts: QueryParts): QueryObject {
  const common = queryErrors(() =>
    queryObjectFromFormData({
      adhoc_filters: fd.adhoc_filters,
      time_range: fd.time_range,
      granularity_sqla: fd.granularity_sqla,
      granularity: fd.granularity,
      time_grain_sqla: parts.timeGrain ?? fd.time_grain_sqla,
      row_limit: fd.row_limit,
      limit: fd.limit,
      timeseries_limit_metric: fd.timeseries_limit_metric,
      order_desc: fd.order_desc,
      url_params: fd.url_params,
    }),
  );
  if (parts.timeseries && !common.granularity) {
    throw invalidForm(
      "Datetime column not provided as part table configuration and is required by this type of chart",
    );
  }
  const candidate = {
    ...common,
    columns: parts.columns,
    metrics: parts.metrics,
    is_timeseries: !!parts.timeseries,
    orderby: parts.orderby ?? [],
    filters: [...(common.filters ?? []), ...(parts.extraFilters ?? [])],
    // Superset's legacy queries limit series (`limit`) only for a time series.
    ...(parts.timeseries ? {} : { series_limit: undefined, series_limit_metric: undefined }),
    ...(parts.rowLimit !== undefined ? { row_limit: parts.rowLimit } : {}),
  };
  const parsed = v.safeParse(QueryObjectSchema, candidate);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = issue.path?.map((p) => String(p.key)).join(".") ?? "";
    throw invalidForm(`Invalid form data${path ? ` at ${path}` : ""}: ${issue.message}`);
  }
  return parsed.output;
}

/** The metric a chart sorts by (`timeseries_limit_metric`), added to the metrics when missing. */
export function withSortMetric(fd: FormData, metrics: QueryMetric[]): QueryMetric[] {
  return uniqueMetrics([...metrics, ...list(single(fd.timeseries_limit_metric))]);
}

/** Superset's default order direction: descending unless `order_desc` is false. */
export const orderDesc = (fd: FormData): boolean => fd.order_desc === undefined || !!fd.order_desc;

/**
 * A result time as epoch milliseconds (how Superset's legacy replies serialise timestamps).
 * Engines hand naive ISO text; it is read as UTC, as Superset reads naive datetimes.
 */
export function epochMs(value: unknown): number | null {
  if (typeof value === "number") return value;
  if (typeof value !== "string" || !value) return null;
  let text = value.trim().replace(" ", "T");
  if (/^\d{4}-\d\d-\d\dT/.test(text) && !/(Z|[+-]\d\d:?\d\d)$/.test(text)) text += "Z";
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/** pandas' `str(Timestamp)`: `2008-01-01 00:00:00`, with fractions only when there are some. */
export function timestampText(ms: number): string {
  const iso = new Date(ms).toISOString();
  const fraction = iso.slice(20, 23);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction === "000" ? "" : `.${fraction}000`}`;
}

/** A numeric cell as pandas reads it: numbers stay, numeric text is parsed, anything else is NaN (null). */
export function numeric(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** Sorts mixed cell values the way pandas orders an index: numbers, then text, nulls last. */
export function compareCells(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}
