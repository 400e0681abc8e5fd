import * as v from "valibot";

/**
 * Assets in Superset's export format: `GET /api/v1/{resource}/export/?q=!(ids)` answers a ZIP,
 * `POST /api/v1/{resource}/import/` takes one (or a single YAML/JSON asset file) as multipart.
 */

/** The resources with export and import, by their URL segment. */
export const ASSET_RESOURCES = ["dashboard", "chart", "dataset", "database", "saved_query"] as const;
export type AssetResource = (typeof ASSET_RESOURCES)[number];

/** At most this many ids per export request. */
export const EXPORT_MAX_IDS = 500;

/** `?q=!(1,2,3)`: the ids to export. */
export const ExportQuerySchema = v.pipe(
  v.array(v.pipe(v.number("Ids must be numbers"), v.integer("Ids must be whole numbers"), v.minValue(1))),
  v.minLength(1, "Name at least one id to export"),
  v.maxLength(EXPORT_MAX_IDS, `Export at most ${EXPORT_MAX_IDS} objects at once`),
);
export type ExportQuery = v.InferOutput<typeof ExportQuerySchema>;

/** A form field holding a JSON object of file path → secret (Superset's `passwords` and SSH fields). */
const secretsByFile = (field: string) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.maxLength(1_000_000),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const text = dataset.value.trim();
      if (!text) return {} as Record<string, string>;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        addIssue({ message: `${field} must be a JSON object of file name to text` });
        return NEVER;
      }
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
        addIssue({ message: `${field} must be a JSON object of file name to text` });
        return NEVER;
      }
      const out: Record<string, string> = {};
      for (const [key, value] of Object.entries(parsed)) {
        if (typeof value !== "string") {
          addIssue({ message: `${field}: the value for ${key} must be text` });
          return NEVER;
        }
        out[key] = value;
      }
      return out;
    }),
  );

/** The text fields of the import form (the file itself is `formData`). */
export const ImportFormSchema = v.object({
  passwords: secretsByFile("passwords"),
  overwrite: v.pipe(
    v.optional(v.picklist(["true", "false", ""], "overwrite must be true or false"), "false"),
    v.transform((s) => s === "true"),
  ),
  ssh_tunnel_passwords: secretsByFile("ssh_tunnel_passwords"),
  ssh_tunnel_private_keys: secretsByFile("ssh_tunnel_private_keys"),
  ssh_tunnel_private_key_passwords: secretsByFile("ssh_tunnel_private_key_passwords"),
});
export type ImportForm = v.InferOutput<typeof ImportFormSchema>;

/** A successful import: Superset answers `{"message": "OK"}`; Strata adds what it adjusted. */
export interface ImportResponse {
  message: "OK";
  /** Adjustments made to fit this instance (a schema mapped, a slug changed, a viz type mapped). */
  warnings: string[];
}

/*
 * The asset files inside a bundle (Superset's ImportV1*Schema). Objects are loose: newer Superset
 * versions add fields, and a field Strata does not keep is ignored rather than refused.
 */
const uuid = v.pipe(v.string("Must be a valid UUID."), v.uuid("Must be a valid UUID."));
const text = (max = 1_000_000) => v.nullish(v.pipe(v.string("Not a valid string."), v.maxLength(max)));
const flag = v.nullish(v.boolean("Not a valid boolean."));
const integer = v.nullish(v.pipe(v.number("Not a valid integer."), v.integer("Not a valid integer.")));
/** A JSON field Superset writes as structure but older exports wrote as text. */
const jsonField = v.nullish(v.union([v.string(), v.record(v.string(), v.unknown()), v.array(v.unknown())]));
const required = (max = 1_000) =>
  v.pipe(
    v.string("Missing data for required field."),
    v.minLength(1, "Must not be empty."),
    v.maxLength(max),
  );

export const DatabaseFileSchema = v.looseObject({
  database_name: required(250),
  sqlalchemy_uri: required(2_000),
  uuid,
  password: text(1_000),
  cache_timeout: integer,
  expose_in_sqllab: flag,
  allow_run_async: flag,
  allow_ctas: flag,
  allow_cvas: flag,
  allow_dml: flag,
  allow_csv_upload: flag,
  allow_file_upload: flag,
  impersonate_user: flag,
  extra: jsonField,
  external_url: text(),
  is_managed_externally: flag,
  ssh_tunnel: v.nullish(v.record(v.string(), v.unknown())),
});
export type DatabaseFile = v.InferOutput<typeof DatabaseFileSchema>;

const ColumnFileSchema = v.looseObject({
  column_name: required(255),
  verbose_name: text(1024),
  is_dttm: flag,
  is_active: flag,
  type: text(255),
  advanced_data_type: text(255),
  groupby: flag,
  filterable: flag,
  expression: text(),
  description: text(),
  python_date_format: text(255),
  extra: jsonField,
});
const MetricFileSchema = v.looseObject({
  metric_name: required(255),
  verbose_name: text(1024),
  metric_type: text(32),
  expression: required(100_000),
  description: text(),
  d3format: text(128),
  currency: v.nullish(v.unknown()),
  extra: jsonField,
  warning_text: text(),
});

export const DatasetFileSchema = v.looseObject({
  table_name: required(250),
  uuid,
  database_uuid: uuid,
  schema: text(255),
  catalog: text(255),
  sql: text(),
  main_dttm_col: text(255),
  description: text(),
  default_endpoint: text(),
  offset: integer,
  cache_timeout: integer,
  template_params: jsonField,
  filter_select_enabled: flag,
  fetch_values_predicate: text(),
  extra: jsonField,
  normalize_columns: flag,
  always_filter_main_dttm: flag,
  external_url: text(),
  is_managed_externally: flag,
  columns: v.optional(v.pipe(v.array(ColumnFileSchema), v.maxLength(10_000)), []),
  metrics: v.optional(v.pipe(v.array(MetricFileSchema), v.maxLength(10_000)), []),
});
export type DatasetFile = v.InferOutput<typeof DatasetFileSchema>;

/** Custom tag names on a chart or dashboard (Superset 4+ writes them when tagging is on). */
const tagNameList = v.nullish(
  v.pipe(
    v.array(
      v.pipe(v.string("Not a valid string."), v.maxLength(250, "A tag name has at most 250 characters.")),
    ),
    v.maxLength(1_000),
  ),
);

export const ChartFileSchema = v.looseObject({
  slice_name: required(250),
  viz_type: required(250),
  uuid,
  dataset_uuid: v.nullish(uuid),
  description: text(),
  certified_by: text(),
  certification_details: text(),
  params: jsonField,
  query_context: v.nullish(v.union([v.string(), v.record(v.string(), v.unknown())])),
  cache_timeout: integer,
  external_url: text(),
  is_managed_externally: flag,
  tags: tagNameList,
});
export type ChartFile = v.InferOutput<typeof ChartFileSchema>;

export const DashboardFileSchema = v.looseObject({
  dashboard_title: required(500),
  uuid,
  slug: text(255),
  css: text(),
  published: flag,
  certified_by: text(),
  certification_details: text(),
  position: v.nullish(v.record(v.string(), v.unknown())),
  metadata: v.nullish(v.record(v.string(), v.unknown())),
  external_url: text(),
  is_managed_externally: flag,
  tags: tagNameList,
});
export type DashboardFile = v.InferOutput<typeof DashboardFileSchema>;

export const SavedQueryFileSchema = v.looseObject({
  label: required(256),
  sql: v.pipe(v.string("Missing data for required field."), v.maxLength(1_000_000)),
  uuid,
  database_uuid: uuid,
  schema: text(128),
  catalog: text(256),
  description: text(),
  template_parameters: jsonField,
});
export type SavedQueryFile = v.InferOutput<typeof SavedQueryFileSchema>;

/** `tags.yaml` at a bundle's root: the custom tags its charts and dashboards carry, described. */
export const TagsFileSchema = v.looseObject({
  tags: v.optional(
    v.pipe(
      v.array(
        v.looseObject({
          tag_name: v.pipe(v.string("Missing data for required field."), v.maxLength(250)),
          description: text(),
        }),
      ),
      v.maxLength(10_000),
    ),
    [],
  ),
});
export type TagsFile = v.InferOutput<typeof TagsFileSchema>;

/** metadata.yaml */
export const BundleMetadataSchema = v.looseObject({
  version: v.pipe(v.string("Missing data for required field."), v.value("1.0.0", "Must be equal to 1.0.0.")),
  type: v.optional(v.string()),
  timestamp: v.optional(v.unknown()),
});
