import type { QueryObject } from "@strata/contracts";
import { hasTemplate } from "./render-sql.ts";

type Render = (text: string) => string;

/** Any adhoc column or metric carrying custom SQL. */
type WithSql = { sqlExpression?: string | null };

/** The custom SQL an adhoc column or metric carries, when it is written with Jinja. */
function templatedSql(value: unknown): string | undefined {
  if (!value || typeof value !== "object" || !("sqlExpression" in value)) return undefined;
  const sql = (value as WithSql).sqlExpression;
  return hasTemplate(sql) ? sql : undefined;
}

function item<T>(value: T, render: Render): T {
  const sql = templatedSql(value);
  return sql === undefined ? value : { ...value, sqlExpression: render(sql) };
}

/** Calls `visit` with each templated piece of custom SQL in the query object, without copying it. */
function eachTemplatedText(query: QueryObject, visit: (text: string) => void): void {
  const one = (value: unknown) => {
    const sql = templatedSql(value);
    if (sql !== undefined) visit(sql);
  };
  const all = (values: unknown[] | null | undefined) => {
    for (const v of values ?? []) one(v);
  };
  if (hasTemplate(query.extras?.where)) visit(query.extras.where);
  if (hasTemplate(query.extras?.having)) visit(query.extras.having);
  all(query.columns);
  all(query.groupby);
  all(query.series_columns);
  all(query.metrics);
  one(query.series_limit_metric);
  one(query.timeseries_limit_metric);
  for (const [target] of query.orderby ?? []) one(target);
  for (const f of query.filters ?? []) one(f.col);
}

/** Whether a query object has custom SQL written with Jinja (adhoc metrics, columns, WHERE/HAVING). */
export function queryHasTemplates(query: QueryObject): boolean {
  let found = false;
  eachTemplatedText(query, () => {
    found = true;
  });
  return found;
}

/** Each templated piece of custom SQL in the query object, in the order they are rendered. */
export function templatedTexts(query: QueryObject): string[] {
  const texts: string[] = [];
  eachTemplatedText(query, (text) => texts.push(text));
  return texts;
}

/**
 * The query object with each piece of custom SQL rendered: adhoc metrics and columns (wherever
 * they are used: columns, metrics, order, series limit, filter subjects) and extras.where /
 * having. The compiler checks the rendered text is still one expression. A query without
 * templates is returned as it is: every chart request passes through here, and copying a wide
 * object key by key (or deleting keys from the copy) makes slow dictionary objects in V8.
 */
export function mapQuerySql(query: QueryObject, render: Render): QueryObject {
  if (!queryHasTemplates(query)) return query;
  const each = <T>(values: T[] | null | undefined) => values?.map((v) => item(v, render));
  const out: QueryObject = { ...query };
  // Rendered in the order the texts are listed: WHERE and HAVING first.
  if ("extras" in query)
    out.extras = query.extras && {
      ...query.extras,
      ...(hasTemplate(query.extras.where) ? { where: render(query.extras.where) } : {}),
      ...(hasTemplate(query.extras.having) ? { having: render(query.extras.having) } : {}),
    };
  // Keys the request didn't have stay absent (the compiler tells absent from null metrics).
  if ("columns" in query) out.columns = each(query.columns);
  if ("groupby" in query) out.groupby = each(query.groupby);
  if ("series_columns" in query) out.series_columns = each(query.series_columns);
  if ("metrics" in query) out.metrics = query.metrics === null ? null : each(query.metrics);
  if ("series_limit_metric" in query)
    out.series_limit_metric = query.series_limit_metric && item(query.series_limit_metric, render);
  if ("timeseries_limit_metric" in query)
    out.timeseries_limit_metric =
      query.timeseries_limit_metric && item(query.timeseries_limit_metric, render);
  if ("orderby" in query) out.orderby = query.orderby?.map(([target, asc]) => [item(target, render), asc]);
  if ("filters" in query) out.filters = query.filters?.map((f) => ({ ...f, col: item(f.col, render) }));
  return out;
}
