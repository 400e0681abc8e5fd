/**
 * What the compiler needs from an engine's dialect. `@strata/engines` owns the real dialects
 * (DUCKDB_DIALECT, POSTGRES_DIALECT, ATHENA_DIALECT); they satisfy this shape structurally,
 * so this package does not depend on engines (dependency direction: contracts ← query ← engines).
 */
export interface SqlDialect {
  /** duckdb | postgresql | awsathena | … */
  engine: string;
  quoteIdentifier(name: string): string;
  quoteLiteral(value: string): string;
  limitClause(limit: number, offset?: number): string;
  /** Known grains; used to reject unknown ones with a clear error before formatting. */
  timeGrains?: Readonly<Record<string, string>>;
  timeGrainExpression(col: string, grain: string | null | undefined): string;
  epochToTimestamp(col: string, unit: "epoch_s" | "epoch_ms"): string;
  datetimeLiteral(iso: string, type?: string): string;
}

/** Engines without ILIKE / IS TRUE (Trino-based Athena). */
export function isTrinoLike(dialect: SqlDialect): boolean {
  return dialect.engine === "awsathena" || dialect.engine === "trino" || dialect.engine === "presto";
}
