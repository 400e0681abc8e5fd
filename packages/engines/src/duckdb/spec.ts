import { ENGINE_DISPLAY_NAMES, ErrorType, type SupersetError } from "@strata/contracts";
import { type EngineSpec, parameterProperty as prop } from "../engine-spec.ts";
import { DUCKDB_DIALECT } from "./dialect.ts";

const DUCKDB_FILE = /^[A-Za-z0-9_-]{1,64}\.duckdb$/;

export const DUCKDB_SPEC: EngineSpec<"duckdb"> = {
  engine: "duckdb",
  available: {
    engine: "duckdb",
    name: ENGINE_DISPLAY_NAMES.duckdb,
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
  capabilities: {
    prefersAsync: false,
    runsRemotely: false,
    supportsCostEstimate: true,
    supportsFileUpload: true,
    supportsCatalogs: false,
    localOnly: true,
    foldsAliasCase: false,
    statementClassification: "engine-parser",
    formatterLanguage: "duckdb",
    defaultPort: null,
  },
  dialect: DUCKDB_DIALECT,
  uriSchemes: ["duckdb"],
  parametersFromUri(rest) {
    return { path: rest.replace(/^\//, "") || ":memory:" };
  },
  displayUri(p) {
    return `duckdb:///${p.path ?? ":memory:"}`;
  },
  checkParameters(p) {
    const errors: SupersetError[] = [];
    if (p.path && p.path !== ":memory:" && !DUCKDB_FILE.test(p.path)) {
      errors.push({
        error_type: ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
        message:
          "The file name may use letters, digits, _ and -, and must end with .duckdb (or be :memory:).",
        level: "error",
        extra: { invalid: ["path"] },
      });
    }
    return errors;
  },
  configFor(p, context) {
    const file = p.path ?? ":memory:";
    return { engine: "duckdb", path: file === ":memory:" ? file : context.localFile(file) };
  },
  customErrors: [
    {
      // The sandbox turns file and network access off; DuckDB's text reads like a server fault.
      pattern: /^Permission Error: Cannot access file "([^"]*)" - file system operations are disabled/i,
      type: ErrorType.GENERIC_DB_ENGINE_ERROR,
      message: (m) =>
        `Reading "${m[1]}" was refused: queries on this database may not read files or URLs. Upload the file to a database (Databases → Upload file) and query its table instead.`,
    },
    {
      // Extensions are neither installed nor loaded from user SQL; DuckDB's advice to run
      // INSTALL/LOAD or change settings cannot be followed here.
      pattern:
        /^Catalog Error: (?:Table Function|Scalar Function|Function|Type) with name "?([\w.]+)"? is not in the catalog, but it exists in the (\w+) extension/i,
      type: ErrorType.GENERIC_DB_ENGINE_ERROR,
      message: (m) =>
        `${m[1]} needs the DuckDB extension "${m[2]}", which queries on this database may not load.`,
    },
  ],
  sharedFile(config) {
    return config.engine === "duckdb" && config.path !== ":memory:" ? config.path : null;
  },
};
