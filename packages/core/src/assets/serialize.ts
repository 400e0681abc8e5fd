import type { ChartEntity } from "../charts/types.ts";
import type { DashboardEntity } from "../dashboards/types.ts";
import { displayUri } from "../databases/uri.ts";
import type { DatabaseEntity } from "../databases/types.ts";
import type { DatasetEntity } from "../datasets/types.ts";
import type { SavedQueryEntity } from "../sqllab/saved-queries.ts";

/** Superset's export format version (`EXPORT_VERSION`), written in metadata.yaml and every asset. */
export const EXPORT_VERSION = "1.0.0";

/** The model names Superset writes as metadata.yaml's `type`, by resource. */
export const MODEL_TYPE = {
  dashboard: "Dashboard",
  chart: "Slice",
  dataset: "SqlaTable",
  database: "Database",
  saved_query: "SavedQuery",
} as const;

/** JSON text stored as-is becomes structured YAML, as Superset's exporters do; unreadable text stays text. */
function jsonOrText(text: string | null | undefined): unknown {
  if (!text) return text ?? null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A database as Superset exports it: the password masked in the URI, secure extras never written. */
export function databasePayload(db: DatabaseEntity): Record<string, unknown> {
  const extra = (jsonOrText(db.extra) ?? {}) as Record<string, unknown>;
  const extraObject = extra && typeof extra === "object" && !Array.isArray(extra) ? { ...extra } : {};
  // Superset keeps these two in `extra`; Strata keeps them as fields.
  if (db.allow_multi_catalog) extraObject.allow_multi_catalog = true;
  if (db.disable_data_preview) extraObject.disable_data_preview = true;
  if ("schemas_allowed_for_file_upload" in extraObject) {
    extraObject.schemas_allowed_for_csv_upload = extraObject.schemas_allowed_for_file_upload;
    delete extraObject.schemas_allowed_for_file_upload;
  }
  return {
    database_name: db.database_name,
    sqlalchemy_uri: displayUri(db.engine, db.parameters, Boolean(db.sealed_password)),
    cache_timeout: db.cache_timeout,
    expose_in_sqllab: db.expose_in_sqllab,
    allow_run_async: db.allow_run_async,
    allow_ctas: db.allow_ctas,
    allow_cvas: db.allow_cvas,
    allow_dml: db.allow_dml,
    allow_csv_upload: db.allow_file_upload,
    extra: extraObject,
    impersonate_user: db.impersonate_user,
    uuid: db.uuid,
    version: EXPORT_VERSION,
  };
}

export function datasetPayload(ds: DatasetEntity, databaseUuid: string): Record<string, unknown> {
  return {
    table_name: ds.table_name,
    main_dttm_col: ds.main_dttm_col,
    description: ds.description,
    default_endpoint: ds.default_endpoint,
    offset: ds.offset,
    cache_timeout: ds.cache_timeout,
    catalog: ds.catalog,
    schema: ds.schema,
    sql: ds.sql,
    params: null,
    template_params: jsonOrText(ds.template_params),
    filter_select_enabled: ds.filter_select_enabled,
    fetch_values_predicate: ds.fetch_values_predicate,
    extra: jsonOrText(ds.extra),
    normalize_columns: ds.normalize_columns,
    always_filter_main_dttm: ds.always_filter_main_dttm,
    uuid: ds.uuid,
    metrics: ds.metrics.map((m) => ({
      metric_name: m.metric_name,
      verbose_name: m.verbose_name,
      metric_type: m.metric_type,
      expression: m.expression,
      description: m.description,
      d3format: m.d3format,
      currency: m.currency ?? null,
      extra: jsonOrText(m.extra),
      warning_text: m.warning_text,
    })),
    columns: ds.columns.map((c) => ({
      column_name: c.column_name,
      verbose_name: c.verbose_name,
      is_dttm: c.is_dttm,
      is_active: c.is_active,
      type: c.type,
      advanced_data_type: c.advanced_data_type,
      groupby: c.groupby,
      filterable: c.filterable,
      expression: c.expression,
      description: c.description,
      python_date_format: c.python_date_format,
      extra: jsonOrText(c.extra),
    })),
    version: EXPORT_VERSION,
    database_uuid: databaseUuid,
  };
}

/**
 * `tags` is written as Superset 4+ writes it with tagging on: the custom tags' names (every tag
 * in Strata is custom), after `version`. Only when there are some, so untagged assets stay
 * importable by Superset versions that predate tag export and may refuse a field they don't know.
 */
export function chartPayload(
  chart: ChartEntity,
  datasetUuid: string | undefined,
  tags: string[],
): Record<string, unknown> {
  return {
    slice_name: chart.slice_name,
    description: chart.description,
    certified_by: chart.certified_by,
    certification_details: chart.certification_details,
    viz_type: chart.viz_type,
    params: jsonOrText(chart.params),
    query_context: chart.query_context,
    cache_timeout: chart.cache_timeout,
    uuid: chart.uuid,
    version: EXPORT_VERSION,
    ...(datasetUuid ? { dataset_uuid: datasetUuid } : {}),
    ...(tags.length ? { tags } : {}),
  };
}

export function dashboardPayload(
  d: DashboardEntity,
  position: Record<string, unknown>,
  metadata: Record<string, unknown>,
  tags: string[],
): Record<string, unknown> {
  return {
    dashboard_title: d.dashboard_title,
    description: null,
    css: d.css,
    slug: d.slug,
    certified_by: d.certified_by,
    certification_details: d.certification_details,
    published: d.published,
    uuid: d.uuid,
    position,
    metadata,
    version: EXPORT_VERSION,
    ...(tags.length ? { tags } : {}),
  };
}

export function savedQueryPayload(q: SavedQueryEntity, databaseUuid: string): Record<string, unknown> {
  return {
    catalog: q.catalog,
    schema: q.schema,
    label: q.label,
    description: q.description,
    sql: q.sql,
    uuid: q.uuid,
    version: EXPORT_VERSION,
    database_uuid: databaseUuid,
  };
}
