/**
 * The dataset as the compiler sees it: a physical table (schema + table_name) or a virtual
 * dataset (sql), with its columns and saved metrics. Structurally compatible with the dataset
 * contract, so core can pass its stored dataset as is. Expressions here are written by dataset
 * owners and trusted; request-supplied SQL is validated (sql/sql-expression.ts).
 */
export interface DatasetColumnModel {
  column_name: string;
  type?: string | null;
  is_dttm?: boolean | null;
  /** A calculated column's SQL expression. */
  expression?: string | null;
  /** `epoch_s`, `epoch_ms`, or a strftime pattern for string-typed date columns. */
  python_date_format?: string | null;
}

export interface DatasetMetricModel {
  metric_name: string;
  expression: string;
}

export interface DatasetModel {
  table_name?: string | null;
  sql?: string | null;
  schema?: string | null;
  catalog?: string | null;
  columns: DatasetColumnModel[];
  metrics: DatasetMetricModel[];
  main_dttm_col?: string | null;
  fetch_values_predicate?: string | null;
}

export type ColumnKind = "numeric" | "string" | "boolean" | "temporal" | "unknown";

/** The generic kind of a dataset column from its declared type (and is_dttm). */
export function columnKind(column: DatasetColumnModel | undefined): ColumnKind {
  if (!column) return "unknown";
  const type = (column.type ?? "").toUpperCase();
  if (column.is_dttm && !isEpochFormat(column.python_date_format) && !/CHAR|TEXT|STRING/.test(type)) {
    return "temporal";
  }
  if (/BOOL/.test(type)) return "boolean";
  if (
    /^(TINYINT|SMALLINT|INT|INTEGER|BIGINT|HUGEINT|UBIGINT|UINTEGER|USMALLINT|UTINYINT|LONG|DECIMAL|NUMERIC|REAL|FLOAT|DOUBLE|SERIAL|BIGSERIAL|MONEY)/.test(
      type,
    )
  ) {
    return "numeric";
  }
  if (/DATE|TIME/.test(type) && !/INTERVAL/.test(type)) return "temporal";
  if (/CHAR|TEXT|STRING|UUID|ENUM|JSON/.test(type)) return "string";
  return "unknown";
}

export function isEpochFormat(format: string | null | undefined): format is "epoch_s" | "epoch_ms" {
  return format === "epoch_s" || format === "epoch_ms";
}

/**
 * The columns a time range can filter: temporal ones, and text ones marked as dates (compared as
 * formatted dates).
 */
export function timeRangeColumns(columns: readonly DatasetColumnModel[]): Set<string> {
  return new Set(columns.filter((c) => c.is_dttm || columnKind(c) === "temporal").map((c) => c.column_name));
}
