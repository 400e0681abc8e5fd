import type { QueryFilter, QueryObject } from "@strata/contracts";
import { columnNotFound } from "../errors.ts";
import type { TimeBounds } from "../time/time-range.ts";
import type { CompileOptions } from "./compiled.ts";
import type { CompileContext } from "./context.ts";
import { compileFilter } from "./filters.ts";
import type { ResolvedMetric } from "./metrics.ts";
import { validateSqlExpression } from "./sql-expression.ts";

/** The WHERE and HAVING conditions of a query, with what was applied or rejected. */
export interface Conditions {
  where: string[];
  having: string[];
  bounds: TimeBounds;
  applied: { column: string }[];
  rejected: { column: string; reason: string }[];
}

export function collectConditions(
  query: QueryObject,
  ctx: CompileContext,
  metrics: ResolvedMetric[],
  options: CompileOptions,
  withGranularityRange: boolean,
): Conditions {
  const out: Conditions = {
    where: [],
    having: [],
    bounds: { since: null, until: null },
    applied: [],
    rejected: [],
  };
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
  if (extras.where?.trim())
    out.where.push(`(${validateSqlExpression(extras.where, { ...custom, context: "WHERE clause" })})`);
  if (extras.having?.trim())
    out.having.push(`(${validateSqlExpression(extras.having, { ...custom, context: "HAVING clause" })})`);
  if (query.apply_fetch_values_predicate && ctx.dataset.fetch_values_predicate?.trim()) {
    out.where.push(`(${ctx.dataset.fetch_values_predicate.trim()})`);
  }
  for (const clause of options.extraWhere ?? []) if (clause.trim()) out.where.push(`(${clause.trim()})`);
  return out;
}
