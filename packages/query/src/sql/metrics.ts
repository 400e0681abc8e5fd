import type { AdhocMetric, QueryMetric } from "@strata/contracts";
import { columnNotFound, invalidPayload } from "../errors.ts";
import type { CompileContext } from "./context.ts";
import { datasetColumnSql } from "./columns.ts";
import { validateSqlExpression } from "./sql-expression.ts";

export interface ResolvedMetric {
  label: string;
  sql: string;
}

export function isAdhocMetric(metric: unknown): metric is AdhocMetric {
  if (typeof metric !== "object" || metric === null) return false;
  const type = (metric as { expressionType?: unknown }).expressionType;
  return type === "SIMPLE" || type === "SQL";
}

/** Superset's label of a metric: the saved name, the adhoc label, `AGG(column)` or the SQL. */
export function metricLabel(metric: QueryMetric): string {
  if (typeof metric === "string") return metric;
  if (metric.label) return metric.label;
  return metric.expressionType === "SIMPLE"
    ? `${metric.aggregate}(${metric.column.column_name})`
    : metric.sqlExpression;
}

function aggregateSql(aggregate: string, columnSql: string): string {
  switch (aggregate) {
    case "COUNT_DISTINCT":
      return `COUNT(DISTINCT ${columnSql})`;
    case "AVG":
    case "COUNT":
    case "MAX":
    case "MIN":
    case "SUM":
      return `${aggregate}(${columnSql})`;
    default:
      throw invalidPayload(`Unknown aggregate "${aggregate}"`);
  }
}

export function resolveMetric(metric: QueryMetric, ctx: CompileContext): ResolvedMetric {
  const label = metricLabel(metric);
  if (typeof metric === "string") {
    const saved = ctx.metricsByName.get(metric);
    if (!saved) throw invalidPayload(`Metric "${metric}" does not exist in this dataset`, { metric });
    return { label, sql: `(${saved.expression.trim()})` };
  }
  if (metric.expressionType === "SIMPLE") {
    const name = metric.column.column_name;
    const column = ctx.columnsByName.get(name);
    if (!column) throw columnNotFound(`Column "${name}" does not exist in this dataset`, { column: name });
    return { label, sql: aggregateSql(metric.aggregate, datasetColumnSql(column, ctx)) };
  }
  const expression = validateSqlExpression(metric.sqlExpression, {
    allowSubqueries: ctx.allowSubqueries,
    context: `metric "${label}"`,
  });
  return { label, sql: `(${expression})` };
}
