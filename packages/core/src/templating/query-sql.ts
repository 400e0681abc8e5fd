import type { QueryObject } from "@strata/contracts";
import { hasTemplate } from "./render-sql.ts";

type Render = (text: string) => string;

/** Any adhoc column or metric carrying custom SQL. */
type WithSql = { sqlExpression?: string | null };

function item<T>(value: T, render: Render): T {
  if (value && typeof value === "object" && "sqlExpression" in value) {
    const sql = (value as WithSql).sqlExpression;
    if (hasTemplate(sql)) return { ...value, sqlExpression: render(sql) };
  }
  return value;
}

/** Whether a query object has custom SQL written with Jinja (adhoc metrics, columns, WHERE/HAVING). */
export function queryHasTemplates(query: QueryObject): boolean {
  let found = false;
  mapQuerySql(query, (text) => {
    found = true;
    return text;
  });
  return found;
}

/**
 * The query object with each piece of custom SQL rendered: adhoc metrics and columns (wherever
 * they are used: columns, metrics, order, series limit, filter subjects) and extras.where /
 * having. The compiler checks the rendered text is still one expression.
 */
export function mapQuerySql(query: QueryObject, render: Render): QueryObject {
  const each = <T>(values: T[] | null | undefined) => values?.map((v) => item(v, render));
  const extras = query.extras && {
    ...query.extras,
    ...(hasTemplate(query.extras.where) ? { where: render(query.extras.where) } : {}),
    ...(hasTemplate(query.extras.having) ? { having: render(query.extras.having) } : {}),
  };
  const out: QueryObject = {
    ...query,
    columns: each(query.columns),
    groupby: each(query.groupby),
    series_columns: each(query.series_columns),
    metrics: query.metrics === null ? null : each(query.metrics),
    series_limit_metric: query.series_limit_metric && item(query.series_limit_metric, render),
    timeseries_limit_metric: query.timeseries_limit_metric && item(query.timeseries_limit_metric, render),
    orderby: query.orderby?.map(([target, asc]) => [item(target, render), asc]),
    filters: query.filters?.map((f) => ({ ...f, col: item(f.col, render) })),
    extras,
  };
  // Keys the request didn't have stay absent (the compiler tells absent from null metrics).
  for (const k of Object.keys(out) as (keyof QueryObject)[]) if (!(k in query)) delete out[k];
  return out;
}
