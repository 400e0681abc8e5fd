import type { DatabaseDetail, DatabasePost, EngineName } from "@strata/contracts";

export type ConfigurationMethod = "dynamic_form" | "sqlalchemy_form";

export const FLAG_KEYS = [
  "expose_in_sqllab",
  "allow_run_async",
  "allow_dml",
  "allow_file_upload",
  "allow_ctas",
  "allow_cvas",
  "allow_multi_catalog",
  "disable_data_preview",
] as const;
export type FlagKey = (typeof FLAG_KEYS)[number];

export interface DatabaseFormValues extends Record<FlagKey, boolean> {
  engine: EngineName | null;
  database_name: string;
  configuration_method: ConfigurationMethod;
  parameters: Record<string, unknown>;
  sqlalchemy_uri: string;
  cache_timeout: number | "";
  force_ctas_schema: string;
  extra: string;
}

export function emptyValues(engine: EngineName | null = null, engineName = ""): DatabaseFormValues {
  return {
    engine,
    database_name: engineName,
    configuration_method: "dynamic_form",
    parameters: {},
    sqlalchemy_uri: "",
    expose_in_sqllab: true,
    allow_run_async: false,
    allow_dml: false,
    allow_file_upload: false,
    allow_ctas: false,
    allow_cvas: false,
    allow_multi_catalog: false,
    disable_data_preview: false,
    cache_timeout: "",
    force_ctas_schema: "",
    extra: "",
  };
}

export function valuesFromDetail(db: DatabaseDetail): DatabaseFormValues {
  const base = emptyValues(db.engine ?? db.backend, db.database_name);
  const flags = Object.fromEntries(FLAG_KEYS.map((k) => [k, Boolean(db[k])])) as Record<FlagKey, boolean>;
  return {
    ...base,
    ...flags,
    configuration_method: db.configuration_method ?? (db.parameters ? "dynamic_form" : "sqlalchemy_form"),
    parameters: { ...(db.parameters ?? {}) },
    sqlalchemy_uri: db.sqlalchemy_uri ?? "",
    cache_timeout: db.cache_timeout ?? "",
    force_ctas_schema: db.force_ctas_schema ?? "",
    extra: db.extra ?? "",
  };
}

/** Parameters without blanks; ports as numbers. */
export function cleanParameters(parameters: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(parameters)) {
    if (v === "" || v === null || v === undefined) continue;
    out[k] = k === "port" && typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v;
  }
  return out;
}

/**
 * Body of POST/PUT /api/v1/database/ and of test_connection (DatabasePostSchema keys only).
 * `connection: false` leaves the connection (engine, URI, parameters) out, for a database whose
 * connection is fixed (the embedded examples database): the server keeps what it has.
 * Emptied fields are sent as cleared, so that an edit can remove a schema or the extra settings.
 */
export function toDatabaseBody(
  values: DatabaseFormValues,
  { connection = true }: { connection?: boolean } = {},
): DatabasePost {
  const body: DatabasePost = {
    database_name: values.database_name.trim(),
    cache_timeout: values.cache_timeout === "" ? null : values.cache_timeout,
  };
  if (connection) {
    body.configuration_method = values.configuration_method;
    if (values.engine) body.engine = values.engine;
    if (values.configuration_method === "dynamic_form") body.parameters = cleanParameters(values.parameters);
    else body.sqlalchemy_uri = values.sqlalchemy_uri.trim();
  }
  for (const key of FLAG_KEYS) body[key] = values[key];
  body.force_ctas_schema = values.force_ctas_schema.trim() || null;
  body.extra = values.extra.trim() || "{}";
  return body;
}

/** A client-side message per field, before anything is sent (`connection: false`: its fields are not). */
export function localErrors(
  values: DatabaseFormValues,
  { connection = true }: { connection?: boolean } = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.database_name.trim()) errors.database_name = "Database name is required";
  if (connection && values.configuration_method === "sqlalchemy_form" && !values.sqlalchemy_uri.trim()) {
    errors.sqlalchemy_uri = "This is a required field";
  }
  if (values.extra.trim()) {
    try {
      JSON.parse(values.extra);
    } catch {
      errors.extra = "Extra must be valid JSON";
    }
  }
  return errors;
}
