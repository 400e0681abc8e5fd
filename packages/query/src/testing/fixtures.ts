/**
 * Test fixtures only. The real dialects come from @strata/engines by file path: this package
 * must not depend on engines (engines will depend on query), but its tests should exercise
 * exactly the SQL the engines will run.
 */
import { ATHENA_DIALECT, DUCKDB_DIALECT, POSTGRES_DIALECT } from "../../../engines/src/dialects.ts";
import type { SqlDialect } from "../dialect.ts";
import type { DatasetModel } from "../model.ts";

export const DIALECTS: Record<"duckdb" | "postgresql" | "awsathena", SqlDialect> = {
  duckdb: DUCKDB_DIALECT,
  postgresql: POSTGRES_DIALECT,
  awsathena: ATHENA_DIALECT,
};
export { ATHENA_DIALECT, DUCKDB_DIALECT, POSTGRES_DIALECT };

/** Friday 15 March 2024, 10:30. */
export const NOW = new Date("2024-03-15T10:30:00Z");

export const BIRTH_NAMES: DatasetModel = {
  table_name: "birth_names",
  schema: "public",
  main_dttm_col: "ds",
  columns: [
    { column_name: "ds", type: "TIMESTAMP", is_dttm: true },
    { column_name: "gender", type: "VARCHAR" },
    { column_name: "name", type: "VARCHAR" },
    { column_name: "num", type: "BIGINT" },
    { column_name: "state", type: "VARCHAR" },
    { column_name: "is_boy", type: "BOOLEAN" },
    { column_name: "day", type: "DATE" },
    { column_name: "epoch", type: "BIGINT", is_dttm: true, python_date_format: "epoch_s" },
    { column_name: "ds_text", type: "VARCHAR", is_dttm: true, python_date_format: "%Y-%m-%d" },
    { column_name: "num_x2", type: "BIGINT", expression: "num * 2" },
    { column_name: 'we"ird', type: "VARCHAR" },
  ],
  metrics: [
    { metric_name: "count", expression: "COUNT(*)" },
    { metric_name: "sum__num", expression: "SUM(num)" },
  ],
  fetch_values_predicate: "num > 0",
};

/**
 * Every `$n` placeholder in the SQL, as numbers. Text inside string literals and quoted
 * identifiers is skipped: an inlined value such as `'$0'` is data, not a placeholder.
 */
export function placeholders(sql: string): number[] {
  const code = sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"/g, " ");
  return [...code.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
}
