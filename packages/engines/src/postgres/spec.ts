import { ENGINE_DISPLAY_NAMES, ErrorType, PASSWORD_MASK, type SupersetError } from "@strata/contracts";
import { type EngineSpec, parameterProperty as prop } from "../engine-spec.ts";
import { POSTGRES_DIALECT } from "./dialect.ts";

const DEFAULT_PORT = 5432;

export const POSTGRES_SPEC: EngineSpec<"postgresql"> = {
  engine: "postgresql",
  available: {
    engine: "postgresql",
    name: ENGINE_DISPLAY_NAMES.postgresql,
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
  capabilities: {
    prefersAsync: false,
    runsRemotely: false,
    supportsCostEstimate: true,
    supportsFileUpload: false,
    supportsCatalogs: false,
    localOnly: false,
    foldsAliasCase: false,
    statementClassification: "lexer",
    formatterLanguage: "postgresql",
    defaultPort: DEFAULT_PORT,
  },
  dialect: POSTGRES_DIALECT,
  uriSchemes: ["postgresql", "postgres"],
  parametersFromUri(rest) {
    let url: URL;
    try {
      url = new URL(`http://${rest}`);
    } catch {
      return null;
    }
    return {
      host: url.hostname,
      port: url.port ? Number(url.port) : DEFAULT_PORT,
      username: decodeURIComponent(url.username),
      password: url.password ? decodeURIComponent(url.password) : undefined,
      database: decodeURIComponent(url.pathname.replace(/^\//, "")),
      query: Object.fromEntries(url.searchParams.entries()),
    };
  },
  displayUri(p, hasPassword) {
    const enc = encodeURIComponent;
    const auth = p.username ? `${enc(p.username)}${hasPassword ? `:${PASSWORD_MASK}` : ""}@` : "";
    const q = new URLSearchParams(p.query ?? {}).toString();
    return `postgresql://${auth}${p.host ?? ""}${p.port ? `:${p.port}` : ""}/${enc(p.database ?? "")}${q ? `?${q}` : ""}`;
  },
  checkParameters(p) {
    const errors: SupersetError[] = [];
    if (p.port !== undefined && p.port !== "") {
      const port = Number(p.port);
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
    return errors;
  },
  configFor(p, context) {
    return {
      engine: "postgresql",
      host: p.host ?? "",
      port: Number(p.port ?? DEFAULT_PORT),
      user: p.username ?? "",
      password: context.password,
      database: p.database ?? "",
      ssl: p.encryption ?? false,
    };
  },
  customErrors: [],
  sharedFile: () => null,
};
