import type { QueryObject, ResultType } from "@strata/contracts";
import type { SqlDialect } from "../dialect.ts";
import type { TimeBounds } from "../time/time-range.ts";
import type { Conditions } from "./conditions.ts";
import type { CompileContext } from "./context.ts";
import type { ParamStyle } from "./params.ts";

export interface CompileOptions {
  dialect: SqlDialect;
  /** The clock for relative time ranges ("Last week"), injected to keep compilation pure. */
  now: Date;
  /** `bound` (default): `$1 … $n` + params. `inline`: escaped literals (no params). */
  paramStyle?: ParamStyle;
  /** Allow subqueries in custom SQL (Superset's ALLOW_ADHOC_SUBQUERY); default false. */
  allowSubqueries?: boolean;
  /** Overrides the query object's result_type. */
  resultType?: ResultType;
  /** Rows when the query sets none (Superset's ROW_LIMIT); default 50 000. */
  defaultRowLimit?: number;
  /** Hard cap on any row limit (Superset's SQL_MAX_ROW); default 100 000. */
  maxRowLimit?: number;
  /** Cap for samples (Superset's SAMPLES_ROW_LIMIT); default 1 000. */
  samplesRowLimit?: number;
  /** Trusted conditions ANDed into WHERE, e.g. row-level security clauses. Not validated. */
  extraWhere?: readonly string[];
  /**
   * Whether each custom-SQL x-axis expression (see `untypedAxisExpressions`) returns a time, as the
   * database described it. An expression missing here is taken as one.
   */
  axisTypes?: ReadonlyMap<string, boolean>;
}

export interface CompiledQuery {
  sql: string;
  params: unknown[];
  /** Result column labels in order (engines that fold alias case can be renamed by position). */
  labels: string[];
  columnLabels: string[];
  metricLabels: string[];
  /** The LIMIT applied, or null (row counts). */
  rowLimit: number | null;
  /** The time range applied (from_dttm / to_dttm), unbounded when none. */
  timeBounds: TimeBounds;
  appliedFilters: { column: string }[];
  rejectedFilters: { column: string; reason: string }[];
}

/** The LIMIT: none for `columns`, the samples cap for samples / drill to detail, else capped. */
export function effectiveLimit(query: QueryObject, resultType: ResultType, options: CompileOptions): number {
  const max = options.maxRowLimit ?? 100_000;
  if (resultType === "columns") return 0;
  if (resultType === "samples" || resultType === "drill_detail") {
    const cap = Math.min(options.samplesRowLimit ?? 1000, max);
    return Math.min(query.row_limit || cap, cap);
  }
  return Math.min(query.row_limit || options.defaultRowLimit || 50_000, max);
}

/** Assembles the result of a compilation. */
export function finish(
  lines: string[],
  labels: { columns: string[]; metrics: string[] },
  conditions: Conditions,
  ctx: CompileContext,
  rowLimit: number | null,
): CompiledQuery {
  return {
    sql: lines.filter(Boolean).join("\n"),
    params: ctx.params.values,
    labels: [...labels.columns, ...labels.metrics],
    columnLabels: labels.columns,
    metricLabels: labels.metrics,
    rowLimit,
    timeBounds: conditions.bounds,
    appliedFilters: conditions.applied,
    rejectedFilters: conditions.rejected,
  };
}

/** Wraps a query for its row count (Superset's is_rowcount), ignoring order and limit. */
export function rowCount(inner: string[], ctx: CompileContext, conditions: Conditions): CompiledQuery {
  const q = ctx.dialect.quoteIdentifier;
  const lines = [
    `SELECT COUNT(*) AS ${q("rowcount")}`,
    `FROM (\n${inner.filter(Boolean).join("\n")}\n) AS ${q("rowcount_qry")}`,
  ];
  return finish(lines, { columns: [], metrics: ["rowcount"] }, conditions, ctx, null);
}
