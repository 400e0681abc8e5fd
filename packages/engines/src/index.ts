/**
 * @strata/engines: one QueryEngine port, three adapters (DuckDB, PostgreSQL, Athena).
 *
 * Adapters and file tools are loaded on first use (dynamic import), so importing this module
 * pulls in no driver: a Lambda that only talks to Athena never loads DuckDB's native library.
 * Each engine lives in its own folder (`duckdb/`, `postgres/`, `athena/`): adapter, dialect, error
 * mapping, value conversion and a `spec.ts` saying what it can do. Subpaths
 * (`@strata/engines/duckdb/adapter`, `/file-import`, `/examples/load-examples` …) give direct access.
 */
import type { AthenaLike } from "./athena/adapter.ts";
import type { DuckDbEngine } from "./duckdb/adapter.ts";
import type { TableTarget, WriteSummary } from "./duckdb/tables.ts";
import type { LoadExamplesReport } from "./examples/load-examples.ts";
import type { FileFormat, FilePreview, FileReadOptions } from "./file-import.ts";
import { type ColumnarResult, type EngineConfig, EngineError, type QueryEngine } from "./types.ts";

export type { AthenaLike } from "./athena/adapter.ts";
export { dedupeNames } from "./columnar.ts";
export {
  ATHENA_DIALECT,
  type Dialect,
  DUCKDB_DIALECT,
  dialectFor,
  POSTGRES_DIALECT,
  TIME_GRAIN_NAMES,
} from "./dialects.ts";
export type { DuckDbEngine } from "./duckdb/adapter.ts";
export { type DuckDbResources, duckDbResourcesFromEnv } from "./duckdb/resources.ts";
export type { IfExists, TableTarget, WriteSummary } from "./duckdb/tables.ts";
export { abortError, cancelledError, dmlNotAllowed, isCancelled, timeoutError } from "./engine-errors.ts";
export type { ConfigContext, CustomError, EngineCapabilities, EngineSpec } from "./engine-spec.ts";
export {
  EXAMPLE_TABLES,
  type ExampleColumn,
  type ExampleMetric,
  type ExampleTable,
} from "./examples/example-tables.ts";
export type { LoadExamplesReport } from "./examples/load-examples.ts";
export type { FileFormat, FilePreview, FileReadOptions } from "./file-import.ts";
export { ENGINE_SPECS, engineSpec, findEngineSpec, specForUriScheme } from "./specs.ts";
export { type ClassifiedStatement, classifyStatements, splitStatements } from "./sql-lexer.ts";
export {
  type BuildUriOptions,
  buildSqlalchemyUri,
  DEFAULT_DRIVERS,
  maskUriPassword,
  type ParsedUri,
  parseSqlalchemyUri,
  URI_PLACEHOLDERS,
} from "./sqlalchemy-uri.ts";
export {
  type QualifiedTable,
  readReferences,
  readTableNames,
  type StatementReferences,
  type TableName,
  UnreadableTables,
} from "./table-names.ts";
export * from "./types.ts";

export interface EngineFactoryOptions {
  /** DuckDB: no file/network/extension access from SQL, settings locked (see STACK.md). */
  sandbox?: boolean;
  /** DuckDB: extra instance settings, e.g. `{ threads: "4" }`. */
  duckdbSettings?: Record<string, string>;
  /** PostgreSQL: statement_timeout in ms. */
  statementTimeoutMs?: number;
  /** Athena: a client to use instead of a new AthenaClient (tests, custom credentials). */
  athenaClient?: AthenaLike;
  /** Athena: first poll delay in ms. */
  athenaPollIntervalMs?: number;
}

/** The adapter for a configuration; an exhaustive switch, so a new engine name fails to compile here. */
export async function createEngine(
  config: EngineConfig,
  options: EngineFactoryOptions = {},
): Promise<QueryEngine> {
  switch (config.engine) {
    case "duckdb": {
      const { createDuckDbEngine } = await import("./duckdb/adapter.ts");
      return createDuckDbEngine(config, { sandbox: options.sandbox, settings: options.duckdbSettings });
    }
    case "postgresql": {
      const { createPostgresEngine } = await import("./postgres/adapter.ts");
      return createPostgresEngine(config, { statementTimeoutMs: options.statementTimeoutMs });
    }
    case "awsathena": {
      const { createAthenaEngine } = await import("./athena/adapter.ts");
      return createAthenaEngine(config, {
        client: options.athenaClient,
        pollIntervalMs: options.athenaPollIntervalMs,
      });
    }
    default: {
      const never: never = config;
      throw new EngineError(
        `Unknown engine: ${String((never as { engine?: unknown }).engine)}`,
        "GENERIC_DB_ENGINE_ERROR",
        400,
      );
    }
  }
}

/** Loads Superset's example tables into a DuckDB database (a file path or an open engine). Idempotent. */
export async function loadExamples(
  target: string | DuckDbEngine,
  examplesDir: string,
  only?: string[],
  log?: (line: string) => void,
): Promise<LoadExamplesReport> {
  const loader = await import("./examples/load-examples.ts");
  return loader.loadExamples(target, examplesDir, only, log);
}

/** Reads a CSV / Parquet / JSON / XLSX file into columns (previews, small files). */
export async function readTabularFile(
  filePath: string,
  format: FileFormat,
  options?: FileReadOptions,
): Promise<ColumnarResult> {
  return (await import("./file-import.ts")).readTabularFile(filePath, format, options);
}

/** An uploaded file's columns and first rows with the upload options applied (per sheet for Excel). */
export async function previewFile(
  filePath: string,
  format: FileFormat,
  options?: FileReadOptions,
  previewRows?: number,
): Promise<FilePreview[]> {
  return (await import("./file-import.ts")).previewFile(filePath, format, options, previewRows);
}

/** Loads an uploaded file into a table of a (possibly sandboxed) DuckDB engine. */
export async function importFile(
  engine: DuckDbEngine,
  filePath: string,
  format: FileFormat,
  target: TableTarget,
  options?: FileReadOptions,
): Promise<WriteSummary> {
  return (await import("./file-import.ts")).importFile(engine, filePath, format, target, options);
}

/** Creates/replaces/appends a DuckDB table from columnar data (appender, 2048-row chunks). */
export async function createTableFromColumnar(
  engine: DuckDbEngine,
  target: TableTarget,
  result: Pick<ColumnarResult, "columns" | "data">,
): Promise<WriteSummary> {
  return (await import("./duckdb/tables.ts")).createTableFromColumnar(engine, target, result);
}

/** True when `engine` is a DuckDB adapter (uploads need one). */
export function isDuckDbEngine(engine: QueryEngine): engine is DuckDbEngine {
  return engine.engine === "duckdb";
}
