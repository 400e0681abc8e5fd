import type {
  AvailableEngine,
  DatabaseParameters,
  EngineName,
  ErrorTypeName,
  SupersetError,
} from "@strata/contracts";
import type { Dialect } from "./dialect-base.ts";
import type { EngineConfig } from "./types.ts";

/**
 * What the rest of Strata may know about an engine without comparing its name: how Superset lists
 * it, how its connection is written, and what it can do. Each engine folder exports one; core asks
 * these instead of branching on `"duckdb"` or `"awsathena"`.
 */
export interface EngineSpec<Name extends EngineName = EngineName> {
  /** The backend id (`engine`/`backend` on the wire). */
  engine: Name;
  /** `GET /api/v1/database/available/` entry: display name, drivers, URI placeholder, parameters. */
  available: AvailableEngine & { engine: Name };
  capabilities: EngineCapabilities;
  dialect: Dialect;
  /** URI schemes (before any `+driver`) that mean this engine. */
  uriSchemes: readonly string[];
  /** Connection parameters from the part of a SQLAlchemy URI after `scheme://`; null when unparseable. */
  parametersFromUri(rest: string): DatabaseParameters | null;
  /** The SQLAlchemy URI shown to users; the password is never in it. */
  displayUri(parameters: DatabaseParameters, hasPassword: boolean): string;
  /** Checks of connection parameters beyond "required ones are present" (Superset's validate_parameters). */
  checkParameters(parameters: DatabaseParameters): SupersetError[];
  /** The adapter configuration for a saved connection. */
  configFor(parameters: DatabaseParameters, context: ConfigContext): EngineConfig & { engine: Name };
  /**
   * Engine messages that would mislead a user as they stand (in the spirit of Superset's
   * `custom_errors` on each engine spec): each is matched on the engine's text and replaced by one
   * that says what happened and what to do instead.
   */
  customErrors: readonly CustomError[];
  /** A database file the adapter opens, when one process may open it only once (engines are shared per file). */
  sharedFile(config: EngineConfig): string | null;
}

export interface CustomError {
  pattern: RegExp;
  type: ErrorTypeName;
  message: (match: RegExpExecArray) => string;
}

export interface EngineCapabilities {
  /** Chart queries run as async jobs even when async queries are off (a query can take minutes). */
  prefersAsync: boolean;
  /** The work runs on a remote service, so a query takes none of this process's query slots. */
  runsRemotely: boolean;
  /** `allows_cost_estimate`: EXPLAIN-based estimates are wired for it. */
  supportsCostEstimate: boolean;
  /** Uploaded CSV / Excel / columnar files can be loaded into it. */
  supportsFileUpload: boolean;
  /** Catalogs can be listed and switched per query (`supports_dynamic_catalog`). */
  supportsCatalogs: boolean;
  /** Only available when Strata runs with a local data directory (its databases are local files). */
  localOnly: boolean;
  /** It folds the case of column aliases, so results get the compiler's labels back by position. */
  foldsAliasCase: boolean;
  /** How statements are told apart as SELECT or DML: the engine's own parser, or Strata's SQL lexer. */
  statementClassification: "engine-parser" | "lexer";
  /** The sql-formatter language for SQL Lab's "format SQL". */
  formatterLanguage: "duckdb" | "postgresql" | "trino";
  /** The port assumed when a connection names none, if the engine has ports. */
  defaultPort: number | null;
}

/** What a saved connection's parameters are completed with. */
export interface ConfigContext {
  /** The plain password, when the connection has one. */
  password?: string;
  /** The deployment's AWS region and Athena workgroup, used when a connection names none. */
  region: string;
  athenaWorkGroup?: string;
  /** The absolute path of a local database file named in the parameters (checks the name). */
  localFile(name: string): string;
}

/** The shape of the `parameters` JSON schema in the available-engines listing. */
export const parameterProperty = (type: string, description: string) => ({ type, description });
