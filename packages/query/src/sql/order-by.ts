import type { OrderByItem } from "@strata/contracts";
import { columnNotFound } from "../errors.ts";
import { columnLabel, findColumn } from "./columns.ts";
import type { CompileContext } from "./context.ts";
import { isAdhocMetric, metricLabel, resolveMetric } from "./metrics.ts";

/**
 * One ORDER BY term. A metric or column already selected is ordered by its alias; anything else
 * by its expression (a saved metric, a dataset column, validated custom SQL).
 */
export function orderByTerm(
  [target, ascending]: OrderByItem,
  selected: ReadonlySet<string>,
  ctx: CompileContext,
) {
  const direction = ascending ? "ASC" : "DESC";
  const alias = (label: string) => `${ctx.dialect.quoteIdentifier(label)} ${direction}`;
  if (typeof target === "string") {
    if (selected.has(target)) return alias(target);
    if (ctx.metricsByName.has(target)) return `${resolveMetric(target, ctx).sql} ${direction}`;
    const column = findColumn(target, ctx);
    if (column) return `${column.sql} ${direction}`;
    throw columnNotFound(`Cannot order by "${target}": no such metric or column`, { column: target });
  }
  if (isAdhocMetric(target) && target.expressionType === "SIMPLE") {
    const label = metricLabel(target);
    return selected.has(label) ? alias(label) : `${resolveMetric(target, ctx).sql} ${direction}`;
  }
  // SQL metrics and adhoc columns share a shape; both order by their (validated) expression.
  const label = columnLabel(target);
  if (selected.has(label)) return alias(label);
  const column = findColumn({ label, sqlExpression: target.sqlExpression }, ctx);
  if (!column) throw columnNotFound(`Cannot order by "${label}": no such column`, { column: label });
  return `${column.sql} ${direction}`;
}
