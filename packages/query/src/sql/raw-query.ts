import type { QueryObject, ResultType } from "@strata/contracts";
import { datasetColumnSql } from "./columns.ts";
import { type CompiledQuery, type CompileOptions, effectiveLimit, finish, rowCount } from "./compiled.ts";
import { collectConditions } from "./conditions.ts";
import type { CompileContext } from "./context.ts";
import { sourceSql } from "./source.ts";

/** Raw rows of every dataset column: samples, drill to detail, and `columns` (no rows). */
export function compileRaw(
  query: QueryObject,
  ctx: CompileContext,
  resultType: ResultType,
  options: CompileOptions,
): CompiledQuery {
  const q = ctx.dialect.quoteIdentifier;
  const conditions = collectConditions(query, ctx, [], options, resultType !== "samples");
  const columns = ctx.dataset.columns;
  const select = columns.length
    ? columns
        .map((c) =>
          c.expression?.trim() ? `${datasetColumnSql(c, ctx)} AS ${q(c.column_name)}` : q(c.column_name),
        )
        .join(", ")
    : "*";
  const body = [
    `SELECT ${select}`,
    `FROM ${sourceSql(ctx)}`,
    conditions.where.length ? `WHERE ${conditions.where.join(" AND ")}` : "",
  ];
  if (query.is_rowcount) return rowCount(body, ctx, conditions);
  const limit = effectiveLimit(query, resultType, options);
  const offset = resultType === "drill_detail" ? (query.row_offset ?? 0) : 0;
  const labels = { columns: columns.map((c) => c.column_name), metrics: [] };
  return finish([...body, ctx.dialect.limitClause(limit, offset)], labels, conditions, ctx, limit);
}
