import type { QueryObject } from "@strata/contracts";
import type { ResolvedColumn } from "./columns.ts";
import type { CompileContext } from "./context.ts";
import type { ResolvedMetric } from "./metrics.ts";

/**
 * Series limit: keep only the top-N series (groups of the series columns) ranked by a metric over
 * the same filters, by joining the main query to a subquery that we generate (so it is exempt
 * from the no-subquery rule for custom SQL). NULL series match NULL (IS NOT DISTINCT FROM).
 */
export function seriesLimitJoin(args: {
  query: QueryObject;
  seriesColumns: ResolvedColumn[];
  rankMetric: ResolvedMetric;
  source: string;
  where: string | null;
  ctx: CompileContext;
}): string {
  const { query, seriesColumns, rankMetric, source, where, ctx } = args;
  const q = ctx.dialect.quoteIdentifier;
  const aliases = seriesColumns.map((_, i) => q(`__series_${i}`));
  const inner = [
    `SELECT ${seriesColumns.map((c, i) => `${c.sql} AS ${aliases[i]}`).join(", ")}`,
    `FROM ${source}`,
    ...(where ? [`WHERE ${where}`] : []),
    `GROUP BY ${seriesColumns.map((c) => c.sql).join(", ")}`,
    `ORDER BY ${rankMetric.sql} ${query.order_desc === false ? "ASC" : "DESC"}`,
    ctx.dialect.limitClause(query.series_limit ?? 0),
  ].join("\n");
  const on = seriesColumns
    .map((c, i) => `${c.sql} IS NOT DISTINCT FROM ${q("series_limit")}.${aliases[i]}`)
    .join(" AND ");
  return `JOIN (\n${inner}\n) AS ${q("series_limit")} ON ${on}`;
}
