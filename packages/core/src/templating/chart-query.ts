import type { QueryObject } from "@strata/contracts";
import type { DatasetModel } from "@strata/query";
import type { TemplateDialect, TemplateUser } from "./context.ts";
import { metricKey } from "./metric-key.ts";
import { mapQuerySql, queryHasTemplates, templatedTexts } from "./query-sql.ts";
import { hasTemplate, renderSql } from "./render-sql.ts";

/** A dataset as templating needs it (the stored dataset satisfies it). */
export interface TemplatedDataset extends DatasetModel {
  id?: number;
  template_params?: string | null;
  columns: (DatasetModel["columns"][number] & { type?: string | null })[];
}

/** What a chart query renders with besides the query itself: resolved once per request. */
export interface ChartTemplateScope {
  user: TemplateUser | null;
  datasets: Map<number, { sql: string; withMetrics: string }>;
  metrics: Map<string, string>;
  /** Datasets `metric(name, id)` may read, by id, with their names (any other id is not found). */
  metricDatasets?: Map<number, string>;
}

/** Everything in a dataset a template can be in. */
function datasetTexts(ds: TemplatedDataset): (string | null | undefined)[] {
  return [ds.sql, ...ds.columns.map((c) => c.expression), ...ds.metrics.map((m) => m.expression)];
}

export function datasetHasTemplates(ds: TemplatedDataset): boolean {
  return datasetTexts(ds).some((t) => hasTemplate(t));
}

/**
 * `dataset(…)` and `metric(…)` calls with literal arguments, so what they name can be read
 * (with the caller's access) before the synchronous render. `datasetIds` are the datasets used
 * as subqueries; a metric's dataset is in its own entry.
 */
export function macroReferences(texts: (string | null | undefined)[]) {
  const datasetIds = new Set<number>();
  const metrics: { name: string; datasetId: number | null }[] = [];
  for (const text of texts) {
    if (!hasTemplate(text)) continue;
    for (const m of text.matchAll(/\bdataset\(\s*(?:dataset_id\s*=\s*)?(\d+)/g)) datasetIds.add(Number(m[1]));
    for (const m of text.matchAll(
      /\bmetric\(\s*(?:metric_key\s*=\s*)?(['"])([^'"]+)\1\s*(?:,\s*(?:dataset_id\s*=\s*)?(\d+))?/g,
    )) {
      metrics.push({ name: m[2], datasetId: m[3] ? Number(m[3]) : null });
    }
  }
  return { datasetIds: [...datasetIds], metrics };
}

export function requestTexts(ds: TemplatedDataset, queries: QueryObject[]): string[] {
  const texts: string[] = datasetTexts(ds).filter((t): t is string => hasTemplate(t));
  for (const q of queries) texts.push(...templatedTexts(q));
  return texts;
}

export function templateParamsOf(ds: TemplatedDataset): Record<string, unknown> {
  if (!ds.template_params) return {};
  try {
    const parsed = JSON.parse(ds.template_params) as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * The dataset and query object a chart query compiles, with every template rendered for this
 * query: its filters (filter_values, get_filters), time range (get_time_filter, from_dttm),
 * url_params and the caller. Filters a template consumed with `remove_filter=True` are dropped
 * from the outer query, as Superset does. Without templates both come back unchanged.
 */
export function templatedQuery<D extends TemplatedDataset>(
  ds: D,
  query: QueryObject,
  scope: ChartTemplateScope,
  dialect: TemplateDialect,
  now: Date,
): { dataset: D; query: QueryObject } {
  if (!datasetHasTemplates(ds) && !queryHasTemplates(query)) return { dataset: ds, query };
  const removed = new Set<string>();
  const columnTypes = Object.fromEntries(ds.columns.map((c) => [c.column_name, c.type ?? null]));
  const render = (text: string, metricName?: string) => {
    const out = renderSql(text, {
      user: scope.user,
      request: { filters: query.filters, timeRange: query.time_range, urlParams: query.url_params },
      trustedParams: templateParamsOf(ds),
      dialect,
      now,
      columnTypes,
      datasets: scope.datasets,
      metrics: scope.metrics,
      metricDatasets: scope.metricDatasets,
      metricName,
    });
    for (const c of out.removedFilters) removed.add(c);
    return out.sql;
  };
  const rendered = (text: string | null | undefined) => (hasTemplate(text) ? render(text) : text);
  const dataset: D = {
    ...ds,
    sql: rendered(ds.sql) ?? null,
    columns: ds.columns.map((c) =>
      hasTemplate(c.expression) ? { ...c, expression: render(c.expression) } : c,
    ),
    metrics: ds.metrics.map((m) => (hasTemplate(m.expression) ? renderedMetric(m, render) : m)),
  };
  let q = mapQuerySql(query, (text) => render(text));
  if (removed.size && q.filters) {
    q = { ...q, filters: q.filters.filter((f) => typeof f.col !== "string" || !removed.has(f.col)) };
  }
  return { dataset, query: q };
}

/**
 * A saved metric with its template rendered. One that fails (a metric() cycle, a missing
 * parameter) fails the queries that use it, when the compiler reads its expression, not every
 * query on the dataset: Superset renders only the metrics a query uses.
 */
function renderedMetric<M extends { metric_name: string; expression: string }>(
  m: M,
  render: (text: string, metricName: string) => string,
): M {
  try {
    return { ...m, expression: render(m.expression, m.metric_name) };
  } catch (e) {
    const out = { ...m };
    Object.defineProperty(out, "expression", {
      enumerable: true,
      get() {
        throw e;
      },
    });
    return out;
  }
}

export { metricKey };
