import type { AvailableEngine, DatabaseParameters, EngineName, SupersetError } from "@strata/contracts";
import { ErrorType } from "@strata/contracts";

const prop = (type: string, description: string) => ({ type, description });

/** What `GET /api/v1/database/available/` lists: the engines this build can connect to. */
export const AVAILABLE_ENGINES: AvailableEngine[] = [
  {
    engine: "postgresql",
    name: "PostgreSQL",
    default_driver: "psycopg2",
    sqlalchemy_uri_placeholder: "postgresql://user:password@host:port/dbname[?key=value&key=value...]",
    preferred: true,
    available_drivers: ["psycopg2"],
    parameters: {
      type: "object",
      properties: {
        host: prop("string", "Hostname or IP address"),
        port: prop("integer", "Database port"),
        username: prop("string", "Username"),
        password: prop("string", "Password"),
        database: prop("string", "Database name"),
        encryption: prop("boolean", "Use an encrypted connection to the database"),
        query: prop("object", "Additional parameters"),
      },
      required: ["host", "port", "username", "database"],
    },
    engine_information: {
      supports_file_upload: false,
      disable_ssh_tunneling: true,
      supports_dynamic_catalog: false,
    },
  },
  {
    engine: "duckdb",
    name: "DuckDB",
    default_driver: "duckdb_engine",
    sqlalchemy_uri_placeholder: "duckdb:///name.duckdb",
    preferred: true,
    available_drivers: ["duckdb_engine"],
    parameters: {
      type: "object",
      properties: {
        path: prop(
          "string",
          "A database file name inside Strata's data directory (created if missing), or :memory:",
        ),
      },
      required: ["path"],
    },
    engine_information: {
      supports_file_upload: true,
      disable_ssh_tunneling: true,
      supports_dynamic_catalog: false,
    },
  },
  {
    engine: "awsathena",
    name: "Amazon Athena",
    default_driver: "rest",
    sqlalchemy_uri_placeholder:
      "awsathena+rest://athena.{region_name}.amazonaws.com/{schema_name}?s3_staging_dir={s3_staging_dir}&work_group={work_group}",
    preferred: true,
    available_drivers: ["rest"],
    parameters: {
      type: "object",
      properties: {
        region_name: prop("string", "AWS region"),
        schema_name: prop("string", "Default schema (Glue database)"),
        s3_staging_dir: prop("string", "S3 location for query results"),
        work_group: prop("string", "Athena workgroup"),
      },
      required: ["region_name"],
    },
    engine_information: {
      supports_file_upload: false,
      disable_ssh_tunneling: true,
      supports_dynamic_catalog: true,
    },
  },
];

export function engineSpec(engine: string): AvailableEngine | undefined {
  return AVAILABLE_ENGINES.find((e) => e.engine === engine);
}

const DUCKDB_FILE = /^[A-Za-z0-9_-]{1,64}\.duckdb$/;

/** Static checks of connection parameters, as Superset's validate_parameters reports them. */
export function checkParameters(engine: EngineName, params: DatabaseParameters): SupersetError[] {
  const spec = engineSpec(engine)!;
  const errors: SupersetError[] = [];
  const missing = spec.parameters.required.filter((name) => {
    const value = (params as Record<string, unknown>)[name];
    return value === undefined || value === null || value === "";
  });
  if (missing.length) {
    errors.push({
      error_type: ErrorType.CONNECTION_MISSING_PARAMETERS_ERROR,
      message: `One or more parameters are missing: ${missing.join(", ")}`,
      level: "warning",
      extra: {
        missing,
        issue_codes: [
          {
            code: 1018,
            message: "Issue 1018 - One or more parameters needed to configure a database are missing.",
          },
        ],
      },
    });
  }
  if (engine === "postgresql" && params.port !== undefined && params.port !== "") {
    const port = Number(params.port);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      errors.push({
        error_type: ErrorType.CONNECTION_INVALID_PORT_ERROR,
        message: "Port must be a valid integer between 0 and 65535 (inclusive).",
        level: "error",
        extra: {
          invalid: ["port"],
          issue_codes: [{ code: 1034, message: "Issue 1034 - The port number is invalid." }],
        },
      });
    }
  }
  if (engine === "duckdb" && params.path && params.path !== ":memory:" && !DUCKDB_FILE.test(params.path)) {
    errors.push({
      error_type: ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
      message: "The file name may use letters, digits, _ and -, and must end with .duckdb (or be :memory:).",
      level: "error",
      extra: { invalid: ["path"] },
    });
  }
  return errors;
}
