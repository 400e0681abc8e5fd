import * as v from "valibot";

const OptText = v.optional(v.nullable(v.string()));
const OptBool = v.optional(v.nullable(v.boolean()));
const Int = v.pipe(v.number(), v.integer());

export const ColumnSchema = v.strictObject({
  id: v.optional(v.nullable(Int)),
  column_name: v.pipe(v.string(), v.trim(), v.minLength(1, "Column name is required"), v.maxLength(255)),
  type: OptText,
  advanced_data_type: OptText,
  verbose_name: OptText,
  description: OptText,
  expression: OptText,
  filterable: OptBool,
  groupby: OptBool,
  is_active: OptBool,
  is_dttm: OptBool,
  python_date_format: OptText,
  uuid: OptText,
  extra: OptText,
  type_generic: v.optional(v.nullable(v.number())),
  changed_on: v.optional(v.unknown()),
  created_on: v.optional(v.unknown()),
});
export type DatasetColumn = v.InferOutput<typeof ColumnSchema>;

export const MetricSchema = v.strictObject({
  id: v.optional(v.nullable(Int)),
  metric_name: v.pipe(v.string(), v.trim(), v.minLength(1, "Metric name is required"), v.maxLength(255)),
  expression: v.pipe(v.string(), v.minLength(1, "Metric expression is required")),
  description: OptText,
  metric_type: OptText,
  d3format: OptText,
  currency: v.optional(v.nullable(v.union([v.string(), v.looseObject({})]))),
  verbose_name: OptText,
  warning_text: OptText,
  uuid: OptText,
  extra: OptText,
  label: OptText,
  changed_on: v.optional(v.unknown()),
  created_on: v.optional(v.unknown()),
});
export type DatasetMetric = v.InferOutput<typeof MetricSchema>;

const DatasetFields = {
  table_name: v.pipe(v.string(), v.trim(), v.minLength(1, "Table name is required"), v.maxLength(250)),
  database: Int,
  database_id: v.optional(Int),
  schema: OptText,
  catalog: OptText,
  sql: OptText,
  description: OptText,
  main_dttm_col: OptText,
  filter_select_enabled: OptBool,
  fetch_values_predicate: OptText,
  normalize_columns: OptBool,
  always_filter_main_dttm: OptBool,
  offset: v.optional(v.nullable(Int)),
  default_endpoint: OptText,
  cache_timeout: v.optional(v.nullable(v.union([v.pipe(Int, v.minValue(0)), v.literal("")]))),
  is_sqllab_view: OptBool,
  template_params: OptText,
  extra: OptText,
  is_managed_externally: OptBool,
  external_url: OptText,
  owners: v.optional(v.array(Int)),
  certified_by: OptText,
  certification_details: OptText,
  uuid: OptText,
};

export const DatasetPostSchema = v.strictObject({
  ...DatasetFields,
  columns: v.optional(v.array(ColumnSchema)),
  metrics: v.optional(v.array(MetricSchema)),
});
export type DatasetPost = v.InferOutput<typeof DatasetPostSchema>;

export const DatasetPutSchema = v.strictObject({
  ...DatasetFields,
  table_name: v.optional(DatasetFields.table_name),
  database: v.optional(Int),
  columns: v.optional(v.array(ColumnSchema)),
  metrics: v.optional(v.array(MetricSchema)),
});
export type DatasetPut = v.InferOutput<typeof DatasetPutSchema>;

export const GetOrCreateDatasetSchema = v.strictObject({
  table_name: DatasetFields.table_name,
  database_id: Int,
  schema: OptText,
  catalog: OptText,
  template_params: OptText,
  always_filter_main_dttm: OptBool,
  normalize_columns: OptBool,
});

/** `POST /api/v1/dataset/duplicate`: a virtual dataset copied under a new name. */
export const DuplicateDatasetSchema = v.strictObject({
  base_model_id: v.pipe(v.number(), v.integer()),
  table_name: v.pipe(v.string(), v.trim(), v.minLength(1)),
});

export const SamplesQuerySchema = v.object({
  datasource_type: v.picklist(["table", "query", "dataset"]),
  datasource_id: Int,
  force: v.optional(v.boolean()),
  per_page: v.optional(v.pipe(Int, v.minValue(1), v.maxValue(10_000))),
  page: v.optional(v.pipe(Int, v.minValue(1))),
});

/** The time-column pseudo-entry (001 §3). */
export function timeColumnEntry(name: string) {
  return { column_name: name, type: "TIMESTAMP", verbose_name: "Time", is_dttm: true };
}
