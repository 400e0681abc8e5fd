import type { QueryFilter, QueryObject, ResultType } from "@strata/contracts";
import type { SqlDialect } from "../dialect.ts";
import { columnNotFound, invalidPayload } from "../errors.ts";
import type { DatasetModel } from "../model.ts";
import { normalizeQueryObject } from "../normalize.ts";
import type { TimeBounds } from "../time/time-range.ts";
import { applyTimeGrain, datasetColumnSql, resolveColumn, type ResolvedColumn, temporalSql } from "./columns.ts";
import { type CompileContext, indexDataset } from "./context.ts";
import { compileFilter } from "./filters.ts";
import { type ResolvedMetric, resolveMetric } from "./metrics.ts";
import { orderByTerm } from "./order-by.ts";
import { type ParamStyle, SqlParams } from "./params.ts";
import { seriesLimitJoin } from "./series-limit.ts";
import { sourceSql } from "./source.ts";
import { validateSqlExpression } from "./sql-expression.ts";

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

const RAW_RESULT_TYPES: ReadonlySet<ResultType> = new Set(["samples", "drill_detail", "columns"]);

interface Conditions {
  where: string[];
  having: string[];
  bounds: TimeBounds;
  applied: { column: string }[];
  rejected: { column: string; reason: string }[];
}

function collectConditions(
  query: QueryObject,
  ctx: CompileContext,
  metrics: ResolvedMetric[],
  options: CompileOptions,
  withGranularityRange: boolean,
): Conditions {
  const out: Conditions = { where: [], having: [], bounds: { since: null, until: null }, applied: [], rejected: [] };
  const filters: QueryFilter[] = [...(query.filters ?? [])];
  if (withGranularityRange && query.granularity && query.time_range) {
    if (!ctx.columnsByName.has(query.granularity)) {
      throw columnNotFound(`Time column "${query.granularity}" does not exist in this dataset`);
    }
    const duplicate = filters.some(
      (f) => f.op === "TEMPORAL_RANGE" && f.col === query.granularity && f.val === query.time_range,
    );
    if (!duplicate) filters.push({ col: query.granularity, op: "TEMPORAL_RANGE", val: query.time_range });
  }
  let boundsSet = false;
  for (const filter of filters) {
    const result = compileFilter(filter, ctx, metrics);
    if (result.status === "rejected") {
      out.rejected.push({ column: result.column, reason: result.reason });
      continue;
    }
    out.applied.push({ column: result.column });
    if (result.bounds && !boundsSet) {
      out.bounds = result.bounds;
      boundsSet = true;
    }
    if (result.sql) (result.clause === "WHERE" ? out.where : out.having).push(result.sql);
  }
  const extras = query.extras ?? {};
  const custom = { allowSubqueries: ctx.allowSubqueries };
  if (extras.where?.trim()) out.where.push(`(${validateSqlExpression(extras.where, { ...custom, context: "WHERE clause" })})`);
  if (extras.having?.trim()) out.having.push(`(${validateSqlExpression(extras.having, { ...custom, context: "HAVING clause" })})`);
  if (query.apply_fetch_values_predicate && ctx.dataset.fetch_values_predicate?.trim()) {
    out.where.push(`(${ctx.dataset.fetch_values_predicate.trim()})`);
  }
  for (const clause of options.extraWhere ?? []) if (clause.trim()) out.where.push(`(${clause.trim()})`);
  return out;
}

function effectiveLimit(query: QueryObject, resultType: ResultType, options: CompileOptions): number {
  const max = options.maxRowLimit ?? 100_000;
  if (resultType === "columns") return 0;
  if (resultType === "samples" || resultType === "drill_detail") {
    const cap = Math.min(options.samplesRowLimit ?? 1000, max);
    return Math.min(query.row_limit || cap, cap);
  }
  return Math.min(query.row_limit || options.defaultRowLimit || 50_000, max);
}

function timestampColumn(query: QueryObject, ctx: CompileContext): ResolvedColumn {
  const column = ctx.columnsByName.get(query.granularity ?? "");
  if (!column) throw columnNotFound(`Time column "${query.granularity}" does not exist in this dataset`);
  const grain = query.extras?.time_grain_sqla;
  const sql = temporalSql(column, datasetColumnSql(column, ctx), ctx);
  return { label: "__timestamp", sql: grain ? applyTimeGrain(sql, grain, ctx) : sql, column, isTemporal: true };
}

function finish(
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
function rowCount(inner: string[], ctx: CompileContext, conditions: Conditions): CompiledQuery {
  const q = ctx.dialect.quoteIdentifier;
  const lines = [`SELECT COUNT(*) AS ${q("rowcount")}`, `FROM (\n${inner.filter(Boolean).join("\n")}\n) AS ${q("rowcount_qry")}`];
  return finish(lines, { columns: [], metrics: ["rowcount"] }, conditions, ctx, null);
}

/** Raw rows of every dataset column: samples, drill to detail, and `columns` (no rows). */
function compileRaw(query: QueryObject, ctx: CompileContext, resultType: ResultType, options: CompileOptions) {
  const q = ctx.dialect.quoteIdentifier;
  const conditions = collectConditions(query, ctx, [], options, resultType !== "samples");
  const columns = ctx.dataset.columns;
  const select = columns.length
    ? columns.map((c) => (c.expression?.trim() ? `${datasetColumnSql(c, ctx)} AS ${q(c.column_name)}` : q(c.column_name))).join(", ")
    : "*";
  const body = [
    `SELECT ${select}`,
    `FROM ${sourceSql(ctx)}`,
    conditions.where.length ? `WHERE ${conditions.where.join(" AND ")}` : "",
  ];
  if (query.is_rowcount) return rowCount(body, ctx, conditions);
  const limit = effectiveLimit(query, resultType, options);
  const offset = resultType === "drill_detail" ? query.row_offset ?? 0 : 0;
  const labels = { columns: columns.map((c) => c.column_name), metrics: [] };
  return finish([...body, ctx.dialect.limitClause(limit, offset)], labels, conditions, ctx, limit);
}

/**
 * A chart-data query object → one SQL statement for the dataset on the dialect, with every
 * request value bound (or escaped, with paramStyle `inline`) and identifiers quoted.
 * Throws QueryValidationError for unknown columns/metrics, bad time ranges and unsafe custom SQL.
 */
export function compileQuery(input: QueryObject, dataset: DatasetModel, options: CompileOptions): CompiledQuery {
  const query = normalizeQueryObject(input);
  const resultType = options.resultType ?? query.result_type ?? "full";
  const params = new SqlParams(options.paramStyle ?? "bound", options.dialect);
  const ctx: CompileContext = {
    dataset,
    dialect: options.dialect,
    params,
    allowSubqueries: options.allowSubqueries ?? false,
    now: options.now,
    ...indexDataset(dataset),
    relativeStart: query.extras?.relative_start,
    relativeEnd: query.extras?.relative_end,
  };
  if (RAW_RESULT_TYPES.has(resultType)) return compileRaw(query, ctx, resultType, options);

  const q = ctx.dialect.quoteIdentifier;
  const metrics = (query.metrics ?? []).map((m) => resolveMetric(m, ctx));
  const withTimestamp = !!query.is_timeseries && !!query.granularity;
  const aggregated = query.metrics != null || withTimestamp;
  const columns = [
    ...(withTimestamp ? [timestampColumn(query, ctx)] : []),
    ...(query.columns ?? []).map((c) => resolveColumn(c, ctx)),
  ];
  if (!columns.length && !metrics.length) throw invalidPayload("The query has no columns and no metrics");

  const conditions = collectConditions(query, ctx, metrics, options, true);
  const source = sourceSql(ctx);
  const where = conditions.where.length ? conditions.where.join(" AND ") : null;
  const select = [...columns, ...metrics].map((item) => `${item.sql} AS ${q(item.label)}`);

  let join = "";
  const seriesLimit = query.series_limit ?? 0;
  if (aggregated && seriesLimit > 0) {
    const seriesColumns = query.series_columns?.length
      ? query.series_columns.map((c) => resolveColumn(c, ctx))
      : (query.columns ?? [])
          .filter((c) => typeof c === "string" || c.columnType !== "BASE_AXIS")
          .map((c) => resolveColumn(c, ctx));
    if (seriesColumns.length) {
      const rankMetric = query.series_limit_metric
        ? resolveMetric(query.series_limit_metric, ctx)
        : (metrics[0] ?? { label: "count", sql: "COUNT(*)" });
      join = seriesLimitJoin({ query, seriesColumns, rankMetric, source, where, ctx });
    }
  }

  const groupBy = aggregated && columns.length ? `GROUP BY ${columns.map((c) => c.sql).join(", ")}` : "";
  const having = aggregated && conditions.having.length ? `HAVING ${conditions.having.join(" AND ")}` : "";
  if (!aggregated && conditions.having.length) {
    throw invalidPayload("HAVING conditions need metrics: this query returns raw rows");
  }
  const body = [`SELECT ${select.join(", ")}`, `FROM ${source}`, join, where ? `WHERE ${where}` : "", groupBy, having];
  if (query.is_rowcount) return rowCount(body, ctx, conditions);

  const selected = new Set([...columns, ...metrics].map((item) => item.label));
  const order = (query.orderby ?? []).map((item) => orderByTerm(item, selected, ctx));
  const limit = effectiveLimit(query, resultType, options);
  const lines = [...body, order.length ? `ORDER BY ${order.join(", ")}` : "", ctx.dialect.limitClause(limit, query.row_offset ?? 0)];
  const labels = { columns: columns.map((c) => c.label), metrics: metrics.map((m) => m.label) };
  return finish(lines, labels, conditions, ctx, limit);
}

/** The row count of what compileQuery would return, without order or limit (table pagination). */
export function compileCountQuery(query: QueryObject, dataset: DatasetModel, options: CompileOptions): CompiledQuery {
  return compileQuery({ ...query, is_rowcount: true }, dataset, options);
}

