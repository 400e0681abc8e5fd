import { type DatabaseParameters, type EngineName, ErrorType, PASSWORD_MASK } from "@strata/contracts";
import { EngineError } from "./types.ts";

/**
 * Superset stores connections as SQLAlchemy URIs. These helpers translate between such a URI and
 * Superset's `parameters` object for the three engines Strata runs.
 */

export interface ParsedUri {
  engine: EngineName;
  /** The `+driver` part (psycopg2, rest …), or null. */
  driver: string | null;
  parameters: DatabaseParameters;
}

/** Superset's default driver per engine, as its `sqlalchemy_uri` spells it. */
export const DEFAULT_DRIVERS: Record<EngineName, string | null> = {
  duckdb: null,
  postgresql: "psycopg2",
  awsathena: "rest",
};

export const URI_PLACEHOLDERS: Record<EngineName, string> = {
  duckdb: "duckdb:///examples.duckdb",
  postgresql: "postgresql://user:password@host:port/dbname[?key=value&key=value...]",
  awsathena:
    "awsathena+rest://{aws_access_key_id}:{aws_secret_access_key}@athena.{region_name}.amazonaws.com/{schema_name}?s3_staging_dir={s3_staging_dir}&...",
};

function invalid(message: string): EngineError {
  return new EngineError(message, ErrorType.GENERIC_DB_ENGINE_ERROR, 400, { field: "sqlalchemy_uri" });
}

const INVALID_URI =
  "Invalid connection string, a valid string usually follows: backend+driver://user:password@database-host/database-name";

function engineOf(scheme: string): EngineName | null {
  if (scheme === "postgresql" || scheme === "postgres") return "postgresql";
  if (scheme === "duckdb") return "duckdb";
  if (scheme === "awsathena") return "awsathena";
  return null;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw invalid(INVALID_URI);
  }
}

export function parseSqlalchemyUri(uri: string): ParsedUri {
  const match = /^([A-Za-z][A-Za-z0-9]*)(?:\+([A-Za-z0-9_]+))?:\/\/(.*)$/s.exec(uri.trim());
  if (!match) throw invalid(INVALID_URI);
  const [, scheme, driver = null, rest] = match;
  const engine = engineOf(scheme.toLowerCase());
  if (!engine) throw invalid(`Could not load database driver: ${scheme}${driver ? `+${driver}` : ""}`);

  if (engine === "duckdb") {
    // duckdb:///file.duckdb (relative), duckdb:////abs/file.duckdb, duckdb:///:memory:
    const [pathPart, queryPart = ""] = rest.split("?", 2);
    if (!pathPart.startsWith("/")) throw invalid(INVALID_URI);
    const path = decode(pathPart.slice(1)) || ":memory:";
    return { engine, driver, parameters: { path, ...queryOf(queryPart) } };
  }

  let url: URL;
  try {
    url = new URL(`http://${rest}`);
  } catch {
    throw invalid(INVALID_URI);
  }
  const query = Object.fromEntries(url.searchParams.entries());
  const username = decode(url.username);
  const password = decode(url.password);
  const database = decode(url.pathname.replace(/^\//, ""));

  if (engine === "postgresql") {
    const parameters: DatabaseParameters = {
      host: url.hostname,
      port: url.port ? Number(url.port) : 5432,
      username,
      password,
      database,
      query,
    };
    if (query.sslmode && query.sslmode !== "disable" && query.sslmode !== "allow")
      parameters.encryption = true;
    return { engine, driver, parameters };
  }

  const region = /^athena\.([a-z0-9-]+)\.amazonaws\.com(\.cn)?$/i.exec(url.hostname)?.[1];
  const { s3_staging_dir, work_group, catalog_name, ...others } = query;
  return {
    engine,
    driver,
    parameters: {
      region_name: region,
      schema_name: database || undefined,
      s3_staging_dir,
      work_group,
      catalog: catalog_name,
      username: username || undefined,
      password: password || undefined,
      query: others,
    },
  };
}

function queryOf(text: string): { query?: Record<string, string> } {
  if (!text) return {};
  return { query: Object.fromEntries(new URLSearchParams(text).entries()) };
}

function queryString(query: Record<string, string | undefined>): string {
  const entries = Object.entries(query).filter(
    (e): e is [string, string] => e[1] !== undefined && e[1] !== "",
  );
  return entries.length ? `?${new URLSearchParams(entries).toString()}` : "";
}

export interface BuildUriOptions {
  /** Replace the password by Superset's mask (what the API returns). */
  maskPassword?: boolean;
}

export function buildSqlalchemyUri(
  engine: EngineName,
  parameters: DatabaseParameters,
  options: BuildUriOptions = {},
): string {
  const secret = (password?: string) =>
    password ? `:${options.maskPassword ? PASSWORD_MASK : encodeURIComponent(password)}` : "";
  switch (engine) {
    case "duckdb":
      return `duckdb:///${parameters.path ?? ":memory:"}`;
    case "postgresql": {
      const user = parameters.username ? encodeURIComponent(parameters.username) : "";
      const auth = user || parameters.password ? `${user}${secret(parameters.password)}@` : "";
      const port = parameters.port !== undefined && parameters.port !== "" ? `:${parameters.port}` : "";
      const query = { ...parameters.query, ...(parameters.encryption ? { sslmode: "require" } : {}) };
      return `postgresql+psycopg2://${auth}${parameters.host ?? ""}${port}/${encodeURIComponent(parameters.database ?? "")}${queryString(query)}`;
    }
    case "awsathena": {
      const user = parameters.username ? encodeURIComponent(parameters.username) : "";
      const region = parameters.region_name ?? "us-east-1";
      const catalog = typeof parameters.catalog === "string" ? parameters.catalog : undefined;
      const query = {
        s3_staging_dir: parameters.s3_staging_dir,
        work_group: parameters.work_group,
        catalog_name: catalog,
        ...parameters.query,
      };
      return `awsathena+rest://${user}${secret(parameters.password)}@athena.${region}.amazonaws.com/${encodeURIComponent(parameters.schema_name ?? "")}${queryString(query)}`;
    }
    default: {
      const never: never = engine;
      throw invalid(`Could not load database driver: ${String(never)}`);
    }
  }
}

/** Masks the password of any `scheme://user:password@host…` URI. */
export function maskUriPassword(uri: string): string {
  return uri.replace(/^([^:]+:\/\/[^:/@]*):[^@/]*@/, `$1:${PASSWORD_MASK}@`);
}
