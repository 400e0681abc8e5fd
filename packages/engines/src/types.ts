import type { EngineName } from "@strata/contracts";
import type { QualifiedTable, TableName } from "./table-names.ts";

/** A column of a result, with the engine's type name and a generic kind. */
export interface ResultColumn {
  name: string;
  type: string;
  /** numeric | string | boolean | temporal | other */
  kind: ColumnKind;
}
export type ColumnKind = "numeric" | "string" | "boolean" | "temporal" | "other";

/**
 * Results stay columnar from engine to storage to browser: one array per column.
 * Values are JSON-safe: BIGINT/DECIMAL become numbers (or strings when unsafe),
 * temporal values become ISO strings.
 */
export interface ColumnarResult {
  columns: ResultColumn[];
  data: unknown[][];
  rowcount: number;
  /** true when the row limit cut the result */
  truncated: boolean;
}

export interface ExecuteOptions {
  /** Bound parameters ($1, $2 … in the SQL). */
  params?: unknown[];
  /** Maximum rows to return; more rows set `truncated`. */
  limit?: number;
  /** Default schema for unqualified names. */
  schema?: string | null;
  catalog?: string | null;
  /** Aborts the running statement. */
  signal?: AbortSignal;
  /** Allow statements that change data (the database's allow_dml). */
  allowDml?: boolean;
  /**
   * Streams the last statement's rows in batches of about `batchRows` instead of holding them:
   * the returned result then has the columns, the row count and `truncated`, but empty data.
   * Keeps memory bounded for big results (SQL Lab stores each batch as it arrives).
   */
  onBatch?: (batch: ColumnarResult) => Promise<void>;
  batchRows?: number;
}

export interface TableRef {
  name: string;
  type: "table" | "view";
}

export interface ColumnInfo {
  name: string;
  type: string;
  nullable: boolean;
  kind: ColumnKind;
}

export interface StatementInfo {
  sql: string;
  /** SELECT, INSERT, UPDATE, CREATE, … as the engine classifies it */
  kind: string;
  readOnly: boolean;
}

/** One port, one adapter per engine; chosen by an exhaustive switch in `createEngine`. */
export interface QueryEngine {
  readonly engine: EngineName;
  execute(sql: string, options?: ExecuteOptions): Promise<ColumnarResult>;
  testConnection(): Promise<void>;
  catalogs(): Promise<string[]>;
  /**
   * The catalog a query reads when it names none: the database PostgreSQL connects to, DuckDB's
   * open file, Athena's configured data catalog. Core compares a requested catalog with it.
   */
  defaultCatalog(): Promise<string>;
  schemas(catalog?: string | null): Promise<string[]>;
  tables(schema: string, catalog?: string | null): Promise<TableRef[]>;
  columns(table: string, schema?: string | null, catalog?: string | null): Promise<ColumnInfo[]>;
  /** Columns a SELECT would return, without running it to completion. */
  describeQuery(sql: string, schema?: string | null): Promise<ColumnInfo[]>;
  /** Splits and classifies statements without executing them. */
  parseStatements(sql: string): Promise<StatementInfo[]>;
  quoteIdentifier(name: string): string;
  /**
   * Where each name leads when a query with `schema` as its default schema reads it: the schema
   * and table or view the engine itself would read, or null when it names none (or something
   * outside the connection's own catalog). Absent on engines that can't say: whoever may read
   * only some tables of such a database can't run SQL on it.
   */
  resolveTables?(names: TableName[], schema?: string | null): Promise<(QualifiedTable | null)[]>;
  /**
   * Which of these routine names (functions, lower-cased, and operators) name one someone
   * defined in the database rather than one the engine ships: a macro or user function may read
   * any table, so whoever may read only some tables can't call it. Present wherever
   * resolveTables is: table checks are only as good as this answer.
   */
  definedRoutines?(names: string[]): Promise<string[]>;
  /**
   * The names of the SQL functions a query may call, sorted, for the editor's completion. Absent
   * on engines that can't list them (the editor then offers keywords and tables only).
   */
  functionNames?(): Promise<string[]>;
  close(): Promise<void>;
}

/** Errors from engines carry a Superset error type so the API can map them. */
export class EngineError extends Error {
  constructor(
    message: string,
    readonly errorType: string,
    readonly status = 400,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "EngineError";
  }
}

export interface DuckDbConfig {
  engine: "duckdb";
  /** Absolute path of the database file, or ":memory:". */
  path: string;
  readOnly?: boolean;
  memoryLimit?: string;
}
export interface PostgresConfig {
  engine: "postgresql";
  host: string;
  port: number;
  user: string;
  password?: string;
  database: string;
  ssl?: boolean;
}
export interface AthenaConfig {
  engine: "awsathena";
  region: string;
  workGroup?: string;
  outputLocation?: string;
  catalog?: string;
  schema?: string;
  endpoint?: string;
}
export type EngineConfig = DuckDbConfig | PostgresConfig | AthenaConfig;
