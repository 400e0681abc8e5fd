import * as v from "valibot";
import type { DatabaseDetail } from "./resource-rows.ts";

/** Engines Strata can connect to; `backend` in Superset's words. */
export const ENGINES = ["duckdb", "postgresql", "awsathena"] as const;
export type EngineName = (typeof ENGINES)[number];

/** Password placeholder Superset returns instead of a stored password. */
export const PASSWORD_MASK = "XXXXXXXXXX";

const Int = v.pipe(v.number(), v.integer());
const OptText = v.optional(v.nullable(v.string()));

export const DatabaseParametersSchema = v.looseObject({
  host: v.optional(v.string()),
  port: v.optional(v.union([Int, v.pipe(v.string(), v.regex(/^\d*$/, "Port must be a number"))])),
  username: v.optional(v.string()),
  password: v.optional(v.string()),
  database: v.optional(v.string()),
  query: v.optional(v.record(v.string(), v.string())),
  encryption: v.optional(v.boolean()),
  /** DuckDB: a file name inside the data directory's databases folder, or ":memory:". */
  path: v.optional(v.string()),
  /** Athena */
  region_name: v.optional(v.string()),
  s3_staging_dir: v.optional(v.string()),
  work_group: v.optional(v.string()),
  schema_name: v.optional(v.string()),
  catalog: v.optional(v.union([v.string(), v.array(v.looseObject({}))])),
});
export type DatabaseParameters = v.InferOutput<typeof DatabaseParametersSchema>;

const DatabaseFields = {
  database_name: v.pipe(v.string(), v.trim(), v.minLength(1, "Database name is required"), v.maxLength(250)),
  engine: v.optional(v.picklist(ENGINES, "Unknown engine; use one of duckdb, postgresql, awsathena")),
  sqlalchemy_uri: v.optional(v.pipe(v.string(), v.maxLength(1024))),
  parameters: v.optional(DatabaseParametersSchema),
  configuration_method: v.optional(v.picklist(["sqlalchemy_form", "dynamic_form"])),
  driver: OptText,
  expose_in_sqllab: v.optional(v.boolean()),
  allow_run_async: v.optional(v.boolean()),
  allow_dml: v.optional(v.boolean()),
  allow_file_upload: v.optional(v.boolean()),
  allow_ctas: v.optional(v.boolean()),
  allow_cvas: v.optional(v.boolean()),
  allow_multi_catalog: v.optional(v.boolean()),
  disable_data_preview: v.optional(v.boolean()),
  cache_timeout: v.optional(v.nullable(v.pipe(Int, v.minValue(0)))),
  extra: OptText,
  force_ctas_schema: OptText,
  impersonate_user: v.optional(v.boolean()),
  masked_encrypted_extra: OptText,
  server_cert: OptText,
  external_url: OptText,
  is_managed_externally: v.optional(v.boolean()),
  uuid: v.optional(v.string()),
  ssh_tunnel: v.optional(v.nullable(v.looseObject({}))),
};

export const DatabasePostSchema = v.strictObject(DatabaseFields);
export type DatabasePost = v.InferOutput<typeof DatabasePostSchema>;

export const DatabasePutSchema = v.strictObject({
  ...DatabaseFields,
  database_name: v.optional(DatabaseFields.database_name),
});
export type DatabasePut = v.InferOutput<typeof DatabasePutSchema>;

export const TestConnectionSchema = v.strictObject({
  ...DatabaseFields,
  database_name: v.optional(v.string()),
});
export type TestConnection = v.InferOutput<typeof TestConnectionSchema>;

export const ValidateParametersSchema = v.looseObject({
  engine: v.string(),
  parameters: v.optional(v.looseObject({})),
  database_name: v.optional(v.string()),
  catalog: v.optional(v.array(v.looseObject({}))),
  configuration_method: v.optional(v.string()),
});
export type ValidateParameters = v.InferOutput<typeof ValidateParametersSchema>;

export const ValidateSqlSchema = v.strictObject({
  sql: v.pipe(v.string(), v.maxLength(1_000_000)),
  catalog: OptText,
  schema: OptText,
  template_params: v.optional(v.nullable(v.union([v.string(), v.looseObject({})]))),
});

/** `GET /api/v1/database/{id}/catalogs/?q=(force:!t)`. */
export const CatalogsQuerySchema = v.strictObject({ force: v.optional(v.boolean()) });

/** `GET /api/v1/database/{id}/schemas/?q=(catalog:…)`. */
export const SchemasQuerySchema = v.strictObject({
  force: v.optional(v.boolean()),
  catalog: v.optional(v.nullable(v.string())),
  /** Only the schemas a file may be uploaded into (the upload form's choice). */
  upload_allowed: v.optional(v.boolean()),
});

/** `GET /api/v1/database/{id}/tables/?q=(schema_name:…)`. */
export const TablesQuerySchema = v.strictObject({
  force: v.optional(v.boolean()),
  schema_name: v.pipe(v.string(), v.minLength(1, "schema_name is required")),
  catalog_name: v.optional(v.nullable(v.string())),
});

/** What `GET /api/v1/database/` rows carry (001 §7). */
export interface DatabaseRow {
  id: number;
  database_name: string;
  backend: EngineName;
  allow_multi_catalog: boolean;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_file_upload: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allows_cost_estimate?: boolean;
  disable_data_preview: boolean;
  cache_timeout: number | null;
  changed_on: string;
  changed_on_delta_humanized: string;
  created_by: { id: number; first_name: string; last_name: string } | null;
}

/**
 * `GET /api/v1/database/{id}` result: Superset's show columns (since apache/superset#24067), the
 * database's settings without its connection. Anyone with access to one dataset of a database may
 * read it; the connection (URI, parameters, `extra`) is `GET /api/v1/database/{id}/connection`'s
 * (`DatabaseDetail`), which needs can_write on Database.
 */
export interface DatabaseShow {
  id: number;
  uuid: string;
  database_name: string;
  backend: EngineName;
  driver: string | null;
  configuration_method: "sqlalchemy_form" | "dynamic_form";
  cache_timeout: number | null;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_file_upload: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_dml: boolean;
  force_ctas_schema: string | null;
  impersonate_user: boolean;
  is_managed_externally: boolean;
  engine_information: AvailableEngine["engine_information"] | null;
}

/**
 * `GET /api/v1/database/{id}/connection` and the create/update replies: `DatabaseDetail` and what
 * Strata adds to it. `builtin` marks the embedded examples database, whose connection (engine and
 * file) is fixed: a PUT may repeat it unchanged but not change it; its name and settings are editable.
 */
export interface DatabaseConnectionDetail extends DatabaseDetail {
  builtin?: boolean;
}

export interface AvailableEngine {
  engine: EngineName;
  name: string;
  default_driver: string;
  sqlalchemy_uri_placeholder: string;
  preferred: boolean;
  available_drivers: string[];
  parameters: {
    type: "object";
    properties: Record<string, { type: string; description?: string }>;
    required: string[];
  };
  engine_information: {
    supports_file_upload: boolean;
    disable_ssh_tunneling: boolean;
    supports_dynamic_catalog: boolean;
  };
}
