import type { QueryObject, ResultType } from "@strata/contracts";
import { columnNotFound, invalidPayload } from "../errors.ts";
import type { DatasetModel } from "../model.ts";
import { normalizeQueryObject } from "../normalize.ts";
import {
  applyTimeGrain,
  datasetColumnSql,
  type ResolvedColumn,
  resolveColumn,
  temporalSql,
} from "./columns.ts";
import { type CompiledQuery, type CompileOptions, effectiveLimit, finish, rowCount } from "./compiled.ts";
import { collectConditions } from "./conditions.ts";
import { type CompileContext, indexDataset } from "./context.ts";
import { resolveMetric } from "./metrics.ts";
import { orderByTerm } from "./order-by.ts";
import { SqlParams } from "./params.ts";
import { compileRaw } from "./raw-query.ts";
import { seriesLimitJoin } from "./series-limit.ts";
import { sourceSql } from "./source.ts";

export type { CompiledQuery, CompileOptions } from "./compiled.ts";

const RAW_RESULT_TYPES: ReadonlySet<ResultType> = new Set(["samples", "drill_detail", "columns"]);

function timestampColumn(query: QueryObject, ctx: CompileContext): ResolvedColumn {
  const column = ctx.columnsByName.get(query.granularity ?? "");
  if (!column) throw columnNotFound(`Time column "${query.granularity}" does not exist in this dataset`);
  const grain = query.extras?.time_grain_sqla;
  const sql = temporalSql(column, datasetColumnSql(column, ctx), ctx);
  return {
    label: "__timestamp",
    sql: grain ? applyTimeGrain(sql, grain, ctx) : sql,
    column,
    isTemporal: true,
  };
}

/**
 * A chart-data query object → one SQL statement for the dataset on the dialect, with every
 * request value bound (or escaped, with paramStyle `inline`) and identifiers quoted.
 * Throws QueryValidationError for unknown columns/metrics, bad time ranges and unsafe custom SQL.
 */
export function compileQuery(
  input: QueryObject,
  dataset: DatasetModel,
  options: CompileOptions,
): CompiledQuery {
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
    axisTypes: options.axisTypes,
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
  const body = [
    `SELECT ${select.join(", ")}`,
    `FROM ${source}`,
    join,
    where ? `WHERE ${where}` : "",
    groupBy,
    having,
  ];
  if (query.is_rowcount) return rowCount(body, ctx, conditions);

  const selected = new Set([...columns, ...metrics].map((item) => item.label));
  const order = (query.orderby ?? []).map((item) => orderByTerm(item, selected, ctx));
  const limit = effectiveLimit(query, resultType, options);
  const lines = [
    ...body,
    order.length ? `ORDER BY ${order.join(", ")}` : "",
    ctx.dialect.limitClause(limit, query.row_offset ?? 0),
  ];
  const labels = { columns: columns.map((c) => c.label), metrics: metrics.map((m) => m.label) };
  return finish(lines, labels, conditions, ctx, limit);
}

/** The row count of what compileQuery would return, without order or limit (table pagination). */
export function compileCountQuery(
  query: QueryObject,
  dataset: DatasetModel,
  options: CompileOptions,
): CompiledQuery {
  return compileQuery({ ...query, is_rowcount: true }, dataset, options);
}
