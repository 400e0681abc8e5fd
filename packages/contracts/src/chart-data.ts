import * as v from "valibot";
import { DATASOURCE_TYPES } from "./datasource.ts";

/**
 * `POST /api/v1/chart/data` bodies as Superset's clients send them (000 §3, §7; 002 §3).
 * Query objects drop unknown keys (Superset's schema excludes them); the envelope is strict.
 */

/** Operators of a query object's `filters` (the SQL symbols Superset's clients send). */
export const QUERY_FILTER_OPERATORS = [
  "==",
  "!=",
  ">",
  "<",
  ">=",
  "<=",
  "IN",
  "NOT IN",
  "LIKE",
  "NOT LIKE",
  "ILIKE",
  "IS NULL",
  "IS NOT NULL",
  "IS TRUE",
  "IS FALSE",
  "TEMPORAL_RANGE",
] as const;
export type QueryFilterOperator = (typeof QUERY_FILTER_OPERATORS)[number];

/** Explore filter operators (002 §3) → the query-object operator; LATEST_PARTITION has none here. */
export const ADHOC_FILTER_OPERATORS = {
  EQUALS: "==",
  NOT_EQUALS: "!=",
  LESS_THAN: "<",
  LESS_THAN_OR_EQUAL: "<=",
  GREATER_THAN: ">",
  GREATER_THAN_OR_EQUAL: ">=",
  IN: "IN",
  NOT_IN: "NOT IN",
  LIKE: "LIKE",
  ILIKE: "ILIKE",
  IS_NOT_NULL: "IS NOT NULL",
  IS_NULL: "IS NULL",
  LATEST_PARTITION: null,
  IS_TRUE: "IS TRUE",
  IS_FALSE: "IS FALSE",
  TEMPORAL_RANGE: "TEMPORAL_RANGE",
} as const satisfies Record<string, QueryFilterOperator | null>;
export type AdhocFilterOperatorName = keyof typeof ADHOC_FILTER_OPERATORS;

export const AGGREGATES = ["AVG", "COUNT", "COUNT_DISTINCT", "MAX", "MIN", "SUM"] as const;
export type Aggregate = (typeof AGGREGATES)[number];

export const RESULT_FORMATS = ["json", "csv", "xlsx"] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];

export const RESULT_TYPES = [
  "full",
  "samples",
  "query",
  "results",
  "columns",
  "drill_detail",
  "post_processed",
  "timegrains",
] as const;
export type ResultType = (typeof RESULT_TYPES)[number];

/** Chart control option sets (000 §9). */
export const ROLLING_TYPES = ["None", "mean", "sum", "std", "cumsum"] as const;
export const TIME_SHIFTS = [
  "1 day",
  "1 week",
  "28 days",
  "30 days",
  "52 weeks",
  "1 year",
  "104 weeks",
  "2 years",
  "156 weeks",
  "3 years",
] as const;
export const COMPARISON_TYPES = ["values", "absolute", "percentage", "ratio"] as const;
export const RESAMPLE_RULES = ["1T", "1H", "1D", "7D", "1M", "1AS"] as const;
export const RESAMPLE_METHODS = ["asfreq", "bfill", "ffill", "median", "mean", "sum"] as const;
/** Empty-value markers of filter values (000 §9). */
export const NULL_STRING = "<NULL>";
export const EMPTY_STRING = "<empty string>";
export const DEFAULT_METRIC = "COUNT(*)";

const NonEmpty = v.pipe(v.string(), v.minLength(1, "must not be empty"));
const Count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));

export const AdhocColumnSchema = v.object({
  label: v.optional(v.string()),
  sqlExpression: NonEmpty,
  columnType: v.optional(v.picklist(["BASE_AXIS", "SERIES"])),
  timeGrain: v.optional(v.nullable(v.string())),
  expressionType: v.optional(v.literal("SQL")),
  isColumnReference: v.optional(v.boolean()),
});
export type AdhocColumn = v.InferOutput<typeof AdhocColumnSchema>;

/** A column name or an adhoc (custom SQL) column. */
export const QueryColumnSchema = v.union([NonEmpty, AdhocColumnSchema]);
export type QueryColumn = v.InferOutput<typeof QueryColumnSchema>;

export const SimpleAdhocMetricSchema = v.object({
  expressionType: v.literal("SIMPLE"),
  column: v.looseObject({ column_name: NonEmpty }),
  aggregate: v.picklist(AGGREGATES),
  label: v.optional(v.string()),
  hasCustomLabel: v.optional(v.boolean()),
  optionName: v.optional(v.string()),
});
export const SqlAdhocMetricSchema = v.object({
  expressionType: v.literal("SQL"),
  sqlExpression: NonEmpty,
  label: v.optional(v.string()),
  hasCustomLabel: v.optional(v.boolean()),
  optionName: v.optional(v.string()),
});
export const AdhocMetricSchema = v.variant("expressionType", [SimpleAdhocMetricSchema, SqlAdhocMetricSchema]);
export type AdhocMetric = v.InferOutput<typeof AdhocMetricSchema>;

/** A saved metric's name or an adhoc metric. */
export const QueryMetricSchema = v.union([NonEmpty, AdhocMetricSchema]);
export type QueryMetric = v.InferOutput<typeof QueryMetricSchema>;

export const FilterScalarSchema = v.union([v.string(), v.number(), v.boolean(), v.null()]);
export const FilterValueSchema = v.union([FilterScalarSchema, v.array(FilterScalarSchema)]);
export type FilterValue = v.InferOutput<typeof FilterValueSchema>;

export const QueryFilterSchema = v.object({
  col: QueryColumnSchema,
  op: v.picklist(QUERY_FILTER_OPERATORS),
  val: v.optional(FilterValueSchema),
  grain: v.optional(v.nullable(v.string())),
  isExtra: v.optional(v.boolean()),
});
export type QueryFilter = v.InferOutput<typeof QueryFilterSchema>;

export const QueryExtrasSchema = v.object({
  where: v.optional(v.string()),
  having: v.optional(v.string()),
  time_grain_sqla: v.optional(v.nullable(v.string())),
  relative_start: v.optional(v.string()),
  relative_end: v.optional(v.string()),
  instant_time_comparison_range: v.optional(v.nullable(v.string())),
});
export type QueryExtras = v.InferOutput<typeof QueryExtrasSchema>;

/** `[metric or column, ascending]`. */
export const OrderByItemSchema = v.tuple([
  v.union([NonEmpty, AdhocMetricSchema, AdhocColumnSchema]),
  v.boolean(),
]);
export type OrderByItem = v.InferOutput<typeof OrderByItemSchema>;

export const PostProcessingStepSchema = v.object({
  operation: NonEmpty,
  options: v.optional(v.record(v.string(), v.unknown())),
});
export type PostProcessingStep = v.InferOutput<typeof PostProcessingStepSchema>;

export const QueryObjectSchema = v.object({
  columns: v.optional(v.array(QueryColumnSchema)),
  /** Absent or null: raw rows; an array (even empty): aggregated, grouped by the columns. */
  metrics: v.optional(v.nullable(v.array(QueryMetricSchema))),
  filters: v.optional(v.array(QueryFilterSchema)),
  extras: v.optional(QueryExtrasSchema),
  orderby: v.optional(v.array(OrderByItemSchema)),
  order_desc: v.optional(v.boolean()),
  row_limit: v.optional(v.nullable(Count)),
  row_offset: v.optional(v.nullable(Count)),
  series_limit: v.optional(v.nullable(Count)),
  series_limit_metric: v.optional(v.nullable(QueryMetricSchema)),
  series_columns: v.optional(v.array(QueryColumnSchema)),
  time_range: v.optional(v.nullable(v.string())),
  granularity: v.optional(v.nullable(v.string())),
  is_timeseries: v.optional(v.nullable(v.boolean())),
  is_rowcount: v.optional(v.boolean()),
  apply_fetch_values_predicate: v.optional(v.nullable(v.boolean())),
  post_processing: v.optional(v.nullable(v.array(v.nullable(PostProcessingStepSchema)))),
  time_offsets: v.optional(v.array(v.string())),
  time_shift: v.optional(v.nullable(v.string())),
  annotation_layers: v.optional(v.array(v.looseObject({}))),
  url_params: v.optional(v.record(v.string(), v.nullable(v.string()))),
  result_type: v.optional(v.picklist(RESULT_TYPES)),
  /** Legacy names some clients still send. */
  groupby: v.optional(v.array(QueryColumnSchema)),
  timeseries_limit: v.optional(v.nullable(Count)),
  timeseries_limit_metric: v.optional(v.nullable(QueryMetricSchema)),
});
export type QueryObject = v.InferOutput<typeof QueryObjectSchema>;

export const DatasourceRefSchema = v.object({
  id: v.union([
    v.pipe(v.number(), v.integer(), v.minValue(0)),
    v.pipe(v.string(), v.regex(/^\d+$/, "Invalid datasource id"), v.transform(Number)),
  ]),
  type: v.picklist(DATASOURCE_TYPES),
});
export type DatasourceRef = v.InferOutput<typeof DatasourceRefSchema>;

export const ChartDataRequestSchema = v.strictObject({
  datasource: DatasourceRefSchema,
  force: v.optional(v.boolean(), false),
  queries: v.pipe(v.array(QueryObjectSchema), v.maxLength(100, "Too many queries")),
  form_data: v.optional(v.nullable(v.looseObject({}))),
  result_format: v.optional(v.picklist(RESULT_FORMATS), "json"),
  result_type: v.optional(v.picklist(RESULT_TYPES), "full"),
  custom_cache_timeout: v.optional(v.nullable(v.pipe(v.number(), v.integer()))),
});
export type ChartDataRequest = v.InferOutput<typeof ChartDataRequestSchema>;
export type ChartDataRequestInput = v.InferInput<typeof ChartDataRequestSchema>;

/** Form data's adhoc filter (000 §3); `operator` is either the 002 §3 name or the SQL symbol. */
const AdhocOperatorSchema = v.picklist([
  ...(Object.keys(ADHOC_FILTER_OPERATORS) as AdhocFilterOperatorName[]),
  ...QUERY_FILTER_OPERATORS,
]);
export const SimpleAdhocFilterSchema = v.object({
  expressionType: v.literal("SIMPLE"),
  clause: v.optional(v.picklist(["WHERE", "HAVING"]), "WHERE"),
  subject: QueryColumnSchema,
  operator: AdhocOperatorSchema,
  operatorId: v.optional(v.picklist(Object.keys(ADHOC_FILTER_OPERATORS) as AdhocFilterOperatorName[])),
  comparator: v.optional(FilterValueSchema),
  isExtra: v.optional(v.boolean()),
  filterOptionName: v.optional(v.string()),
});
export const SqlAdhocFilterSchema = v.object({
  expressionType: v.literal("SQL"),
  clause: v.optional(v.picklist(["WHERE", "HAVING"]), "WHERE"),
  sqlExpression: NonEmpty,
  isExtra: v.optional(v.boolean()),
  filterOptionName: v.optional(v.string()),
});
export const AdhocFilterSchema = v.variant("expressionType", [SimpleAdhocFilterSchema, SqlAdhocFilterSchema]);
export type AdhocFilter = v.InferOutput<typeof AdhocFilterSchema>;

/** One item of a chart-data response's `result` list (000 §3); fields beyond these are not shown. */
export interface ChartDataResultItem {
  cache_key?: string | null;
  cached_dttm: string | null;
  cache_timeout?: number | null;
  is_cached: boolean;
  applied_filters: { column: string }[];
  rejected_filters: { column: string; reason: string }[];
  annotation_data: Record<string, unknown>[] | Record<string, unknown>;
  query: string;
  language?: "sql";
  rowcount: number;
  status?: string;
  error?: string | null;
  stacktrace?: string | null;
  colnames?: string[];
  coltypes?: number[];
  indexnames?: number[];
  from_dttm?: number | null;
  to_dttm?: number | null;
  label_map?: Record<string, string[]>;
  result_format?: ResultFormat;
  data?: unknown;
}

/** A queued chart-data job: the 202 reply of an async request (000 §3 "Async job"). */
export interface AsyncJob {
  channel_id: string;
  job_id: string;
  user_id: number | null;
  status: "pending" | "done" | "error";
  errors: { message: string; error_type?: string }[];
  result_url: string | null;
}

/** An async job's outcome as the client reads it from `/api/v1/async_event/` (000 §3 "Async event"). */
export interface AsyncEvent extends AsyncJob {
  id: string;
  status: "done" | "error";
}
