/**
 * Response shapes of list rows and item reads that the SPA renders, as Superset's API returns
 * them. Interfaces only (no runtime): request bodies keep their valibot schemas elsewhere.
 */
import type { DatasetColumn, DatasetMetric } from "./dataset.ts";
import type { DatabaseParameters, EngineName } from "./database.ts";

export interface UserRef {
  id: number;
  first_name: string;
  last_name: string;
}

/** `GET /api/v1/dataset/` rows. */
export interface DatasetRow {
  id: number;
  table_name: string;
  kind: "physical" | "virtual";
  schema: string | null;
  catalog?: string | null;
  database: { id: number; database_name: string };
  owners: UserRef[];
  changed_on_delta_humanized: string;
  changed_by_name?: string | null;
  changed_by?: UserRef | null;
  sql?: string | null;
  description?: string | null;
  explore_url?: string | null;
  certified_by?: string | null;
  certification_details?: string | null;
  is_managed_externally?: boolean;
  extra?: string | null;
  datasource_type?: "table";
}

/** `GET /api/v1/dataset/{id}` result (fields of 001 §3). */
export interface DatasetDetail {
  id: number;
  table_name: string;
  kind?: "physical" | "virtual";
  database: { id: number; database_name: string; backend?: EngineName; allow_multi_catalog?: boolean };
  schema: string | null;
  catalog?: string | null;
  sql: string | null;
  description: string | null;
  main_dttm_col: string | null;
  filter_select_enabled: boolean | null;
  fetch_values_predicate: string | null;
  normalize_columns: boolean | null;
  always_filter_main_dttm: boolean | null;
  offset: number | null;
  default_endpoint: string | null;
  cache_timeout: number | null;
  is_sqllab_view: boolean | null;
  template_params: string | null;
  extra: string | null;
  is_managed_externally: boolean | null;
  external_url: string | null;
  owners: UserRef[];
  certified_by?: string | null;
  certification_details?: string | null;
  columns: (DatasetColumn & { id?: number | null })[];
  metrics: (DatasetMetric & {
    id?: number | null;
    certified_by?: string | null;
    certification_details?: string | null;
  })[];
  changed_on_humanized?: string;
  uid?: string;
}

/**
 * `GET /api/v1/database/{id}/connection` result and the create/update replies: the database with
 * its connection (password masked). `GET /api/v1/database/{id}` is `DatabaseShow`.
 */
export interface DatabaseDetail {
  id: number;
  database_name: string;
  backend: EngineName;
  engine?: EngineName;
  configuration_method?: "sqlalchemy_form" | "dynamic_form";
  sqlalchemy_uri?: string;
  parameters?: DatabaseParameters;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_file_upload: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allows_cost_estimate?: boolean;
  allow_multi_catalog: boolean;
  disable_data_preview: boolean;
  cache_timeout: number | null;
  extra?: string | null;
  force_ctas_schema?: string | null;
  is_managed_externally?: boolean;
}

/** `GET /api/v1/dashboard/` rows. */
export interface DashboardRow {
  id: number;
  dashboard_title: string;
  slug?: string | null;
  url: string;
  published: boolean;
  status?: string;
  owners: UserRef[];
  changed_by_name?: string | null;
  changed_on_delta_humanized: string;
  certified_by?: string | null;
  certification_details?: string | null;
  thumbnail_url?: string | null;
}

/** `GET /api/v1/chart/` rows. */
export interface ChartRow {
  id: number;
  slice_name: string;
  url: string;
  viz_type: string;
  datasource_id?: number | null;
  datasource_type?: string | null;
  datasource_name_text?: string | null;
  datasource_url?: string | null;
  description?: string | null;
  owners: UserRef[];
  changed_by_name?: string | null;
  changed_on_delta_humanized: string;
  certified_by?: string | null;
  certification_details?: string | null;
  dashboards?: { id: number; dashboard_title: string }[];
  /** The form data as JSON text. */
  params?: string | null;
  cache_timeout?: number | null;
  /** The card picture's address (see `thumbnail.ts`); null for a caller nothing is drawn for. */
  thumbnail_url?: string | null;
}

/** `GET /api/v1/chart/{id}` result: the row with the saved state and every reference filled in. */
export interface ChartDetail extends ChartRow {
  datasource_id: number;
  datasource_type: string;
  params: string | null;
  query_context: string | null;
  cache_timeout: number | null;
  dashboards: { id: number; dashboard_title: string }[];
  created_by?: UserRef | null;
  changed_by?: UserRef | null;
  external_url?: string | null;
  uuid?: string;
  version?: number;
}

/** A saved query's schedule, kept in its `extra_json` as Superset's client sends it. */
export interface ScheduleInfo {
  /** Five-field cron (UTC) or @hourly, @daily, @weekly, @monthly, @yearly. */
  schedule_interval: string;
  /** First day runs may happen, YYYY-MM-DD (UTC). */
  start_date: string;
  /** Last day runs may happen, inclusive; none means no end. */
  end_date?: string | null;
  /** Where a downstream pipeline should write the results (kept for it; Strata runs the query). */
  output_table?: string | null;
}

/** `GET /api/v1/saved_query/` rows. */
export interface SavedQueryRow {
  id: number;
  label: string;
  description?: string | null;
  database: { id: number; database_name: string };
  schema?: string | null;
  catalog?: string | null;
  sql: string;
  sql_tables?: { catalog?: string | null; schema?: string | null; table: string }[];
  changed_on_delta_humanized: string;
  changed_by?: UserRef | null;
  created_by?: UserRef | null;
  /** Set when the query was scheduled from SQL Lab. */
  schedule_info?: ScheduleInfo | null;
  /** ISO time of the next run, null when the schedule is over. */
  next_run?: string | null;
}

/** `GET /api/v1/security/users/` rows and item. */
export interface UserRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  roles: { id: number; name: string }[];
  last_login?: string | null;
  changed_on?: string | null;
}

/** `GET /api/v1/security/roles/` rows. */
export interface RoleRow {
  id: number;
  name: string;
}

/** `GET /api/v1/security/permissions-resources/` items. */
export interface PermissionResource {
  id: number;
  permission: { name: string };
  view_menu: { name: string };
}

/** `GET /api/v1/security/roles/{id}/permissions/` items. */
export interface RolePermission {
  id: number;
  permission_name: string;
  view_menu_name: string;
}

/** `GET /api/v1/database/{id}/tables/` items. */
export interface TableOption {
  value: string;
  type: "table" | "view" | string;
  extra?: Record<string, unknown> | null;
}

/** A key of a table (primary key, foreign key or index) in its metadata. */
export interface TableMetadataKey {
  name?: string | null;
  type?: string | null;
  /** Primary and foreign keys. */
  constrained_columns?: string[] | null;
  /** Indexes. */
  column_names?: string[] | null;
  referred_table?: string | null;
  referred_columns?: string[] | null;
}

/** `GET /api/v1/database/{id}/table_metadata/` (the parts the SPA reads). */
export interface TableMetadata {
  name: string;
  columns: { name: string; type: string; nullable?: boolean }[];
  selectStar?: string | null;
  primaryKey?: TableMetadataKey | null;
  foreignKeys?: TableMetadataKey[] | null;
  indexes?: TableMetadataKey[] | null;
}
