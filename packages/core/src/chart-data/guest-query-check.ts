import {
  type ChartDataRequest,
  ErrorType,
  type OrderByItem,
  type QueryColumn,
  QueryColumnSchema,
  type QueryMetric,
  QueryMetricSchema,
  type QueryObject,
  QueryObjectSchema,
} from "@strata/contracts";
import { queryObjectFromFormData } from "@strata/query";
import * as v from "valibot";
import type { ChartEntity } from "../charts/types.ts";
import type { DatasetEntity } from "../datasets/types.ts";
import { type AppError, typedError } from "../errors.ts";
import type { GuestScope } from "../security/principal.ts";
import type { LegacyViz } from "./legacy/viz.ts";

/**
 * A guest (embedded dashboard viewer) may run the queries of the charts on its dashboards and
 * nothing else, as Superset's `query_context_modified` enforces for guest users. A request must
 * name one of those charts (`form_data.slice_id` or `?form_data={"slice_id":N}`) on that chart's
 * dataset, and each query object may only use what the saved chart uses: its columns, metrics,
 * ordering, custom SQL and annotation layers, as found in its saved query context and form data.
 * What a dashboard adds to a chart's query is allowed on top, as native and cross filters send
 * it (extra_form_data): simple filters on the dataset's columns (values are bound parameters),
 * a time range, a temporal time column and a time grain. A request without a chart is a native
 * filter's own query: distinct values, or MIN/MAX, of that filter's target column only.
 *
 * Refused for guests whatever the chart: `result_type` `query` (it shows the compiled SQL, RLS
 * clauses included), `samples`, `columns`, `timegrains`.
 */

const CHART_RESULT_TYPES = new Set(["full", "results", "post_processed"]);

/** The saved metric keys of params that are metrics (beyond `metrics`/`metric`, which the form-data compiler reads). */
const PARAM_METRIC_KEYS = [
  "metrics",
  "metric",
  "metric_2",
  "metrics_b",
  "percent_metrics",
  "secondary_metric",
  "size",
  "x",
  "y",
  "timeseries_limit_metric",
  "series_limit_metric",
];
const PARAM_COLUMN_KEYS = [
  "groupby",
  "groupby_b",
  "columns",
  "all_columns",
  "all_columns_x",
  "all_columns_y",
  "series",
  "entity",
  "x_axis",
  "granularity_sqla",
];

const refuse = (why: string): AppError =>
  typedError(
    403,
    ErrorType.CHART_SECURITY_ACCESS_ERROR,
    `Guest users may only run the queries of the charts on their dashboards: ${why}`,
  );

/** The chart the request names: the query string's slice_id and the body's must agree. */
export function requestedSliceId(req: ChartDataRequest, fromQueryString: number | undefined) {
  const raw = (req.form_data as { slice_id?: unknown } | null | undefined)?.slice_id;
  const fromBody = raw === undefined || raw === null ? undefined : Number(raw);
  if (fromBody !== undefined && !Number.isInteger(fromBody))
    throw refuse("form_data.slice_id is not a chart id.");
  if (fromBody !== undefined && fromQueryString !== undefined && fromBody !== fromQueryString)
    throw refuse("the slice_id of the body and of the URL differ.");
  return fromBody ?? fromQueryString;
}

/** One key per column whatever its spelling: an adhoc column naming a dataset column is that column. */
function columnKey(col: QueryColumn, names: Set<string>): string {
  if (typeof col === "string") return `col:${col}`;
  const expr = col.sqlExpression.trim();
  if (names.has(expr)) return `col:${expr}`;
  const unquoted = /^"(.*)"$/s.exec(expr)?.[1]?.replaceAll('""', '"');
  if (unquoted !== undefined && names.has(unquoted)) return `col:${unquoted}`;
  return `sql:${expr}`;
}

/** One key per metric; labels are cosmetic (they only name the output column). */
function metricKey(m: QueryMetric): string {
  if (typeof m === "string") return `metric:${m}`;
  if (m.expressionType === "SIMPLE") return `agg:${m.aggregate}(${m.column.column_name})`;
  return `sql:${m.sqlExpression.trim()}`;
}

function orderKeys(item: OrderByItem[0], names: Set<string>): string[] {
  if (typeof item === "string") return [`metric:${item}`, `col:${item}`];
  if ("aggregate" in item) return [metricKey(item)];
  // A custom SQL metric and an adhoc column both carry sqlExpression: the same key either way.
  return [columnKey(item as QueryColumn, names)];
}

const stable = (value: unknown): string =>
  JSON.stringify(value, (_k, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

/** Everything a saved chart's queries use, as keys. */
interface Allowed {
  keys: Set<string>;
  where: Set<string>;
  having: Set<string>;
  layers: Set<string>;
}

function parseJson(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function asList(value: unknown): unknown[] {
  if (value === undefined || value === null || value === "") return [];
  return Array.isArray(value) ? value : [value];
}

function allowedByChart(chart: ChartEntity, names: Set<string>, legacy?: LegacyViz): Allowed {
  const allowed: Allowed = { keys: new Set(), where: new Set(), having: new Set(), layers: new Set() };
  const addQuery = (q: QueryObject) => {
    for (const c of [...(q.columns ?? []), ...(q.groupby ?? []), ...(q.series_columns ?? [])])
      allowed.keys.add(columnKey(c, names));
    for (const m of [...(q.metrics ?? []), q.series_limit_metric, q.timeseries_limit_metric])
      if (m) allowed.keys.add(metricKey(m));
    for (const [item] of q.orderby ?? []) for (const k of orderKeys(item, names)) allowed.keys.add(k);
    if (q.granularity) allowed.keys.add(`col:${q.granularity}`);
    if (q.extras?.where?.trim()) allowed.where.add(q.extras.where.trim());
    if (q.extras?.having?.trim()) allowed.having.add(q.extras.having.trim());
    for (const layer of q.annotation_layers ?? []) allowed.layers.add(stable(layer));
  };
  const context = parseJson(chart.query_context) as { queries?: unknown } | undefined;
  for (const q of asList(context?.queries)) {
    const parsed = v.safeParse(QueryObjectSchema, q);
    if (parsed.success) addQuery(parsed.output);
  }
  const params = parseJson(chart.params);
  if (params && typeof params === "object" && !Array.isArray(params)) {
    const fd = params as Record<string, unknown>;
    try {
      addQuery(queryObjectFromFormData(fd));
    } catch {
      // Form data the compiler can't read adds nothing; the query context may still cover it.
    }
    // A legacy chart (explore_json) asks for the query its own viz class builds from its form data
    // (deck.gl positions, a map's entity…): that query is the chart's too.
    if (legacy) {
      try {
        addQuery(legacy.query(fd));
      } catch {
        // As above: nothing added for form data the chart can't be drawn from.
      }
    }
    for (const key of PARAM_METRIC_KEYS)
      for (const m of asList(fd[key])) if (v.is(QueryMetricSchema, m)) allowed.keys.add(metricKey(m));
    for (const key of PARAM_COLUMN_KEYS)
      for (const c of asList(fd[key])) if (v.is(QueryColumnSchema, c)) allowed.keys.add(columnKey(c, names));
    for (const layer of asList(fd.annotation_layers)) allowed.layers.add(stable(layer));
  }
  return allowed;
}

/** A native filter's own query: its target columns as groups, or MIN/MAX over them. */
function allowedByFilters(columns: Set<string>): Allowed {
  const keys = new Set<string>();
  for (const c of columns) {
    keys.add(`col:${c}`);
    keys.add(`agg:MIN(${c})`);
    keys.add(`agg:MAX(${c})`);
  }
  return { keys, where: new Set(), having: new Set(), layers: new Set() };
}

function checkQuery(q: QueryObject, allowed: Allowed, ds: DatasetEntity, names: Set<string>, raw: boolean) {
  const need = (key: string, what: string) => {
    if (!allowed.keys.has(key)) throw refuse(`${what} is not used by the chart.`);
  };
  const describe = (key: string) =>
    key.startsWith("sql:") ? "custom SQL" : `"${key.slice(key.indexOf(":") + 1)}"`;
  for (const c of [...(q.columns ?? []), ...(q.groupby ?? []), ...(q.series_columns ?? [])]) {
    const key = columnKey(c, names);
    // Drill to detail lists the chart's dataset rows: any dataset column, nothing computed.
    if (raw) {
      if (!key.startsWith("col:") || !names.has(key.slice(4)))
        throw refuse(`column ${describe(key)} is not a column of the chart's dataset.`);
    } else need(key, `column ${describe(key)}`);
  }
  for (const m of [...(q.metrics ?? []), q.series_limit_metric, q.timeseries_limit_metric]) {
    if (!m) continue;
    if (raw) throw refuse("a detail query has no metrics.");
    const key = metricKey(m);
    need(key, `metric ${describe(key)}`);
  }
  for (const [item] of q.orderby ?? []) {
    const keys = orderKeys(item, names);
    const ok = raw
      ? keys.some((k) => k.startsWith("col:") && names.has(k.slice(4)))
      : keys.some((k) => allowed.keys.has(k));
    if (!ok) throw refuse(`ordering by ${describe(keys[keys.length - 1])} is not used by the chart.`);
  }
  // Filters are how a dashboard narrows a chart: on dataset columns (values bound), or on the
  // chart's own custom SQL columns.
  for (const f of q.filters ?? []) {
    const key = columnKey(f.col, names);
    const ok = key.startsWith("col:") ? names.has(key.slice(4)) : allowed.keys.has(key);
    if (!ok) throw refuse(`a filter on ${describe(key)} is not a filter on the dataset's columns.`);
  }
  const where = q.extras?.where?.trim();
  if (where && !allowed.where.has(where)) throw refuse("custom SQL in WHERE is not the chart's.");
  const having = q.extras?.having?.trim();
  if (having && !allowed.having.has(having)) throw refuse("custom SQL in HAVING is not the chart's.");
  if (q.granularity && !allowed.keys.has(`col:${q.granularity}`)) {
    const column = ds.columns.find((c) => c.column_name === q.granularity);
    if (!column?.is_dttm)
      throw refuse(`time column "${q.granularity}" is not a temporal column of the dataset.`);
  }
  for (const layer of q.annotation_layers ?? [])
    if (!allowed.layers.has(stable(layer))) throw refuse("an annotation layer is not the chart's.");
  if (q.result_type && !CHART_RESULT_TYPES.has(q.result_type) && !(raw && q.result_type === "drill_detail"))
    throw refuse(`result_type "${q.result_type}" is not available to guests.`);
}

/**
 * Throws a 403 unless the guest's request is one of its charts' queries (modulo dashboard
 * filters) or a native filter's query. `chart` is the chart `sliceId` names, if it exists;
 * `legacy` is its viz type's explore_json module when it is a legacy type (`loadLegacyViz`).
 */
export function checkGuestQuery(
  guest: GuestScope,
  req: ChartDataRequest,
  sliceId: number | undefined,
  chart: ChartEntity | undefined,
  ds: DatasetEntity,
  legacy?: LegacyViz,
): void {
  const resultType = req.result_type ?? "full";
  const raw = resultType === "drill_detail";
  if (!CHART_RESULT_TYPES.has(resultType) && !raw)
    throw refuse(`result_type "${resultType}" is not available to guests.`);
  const names = new Set(ds.columns.map((c) => c.column_name));
  let allowed: Allowed;
  if (sliceId !== undefined) {
    if (!chart || !guest.charts.has(chart.id))
      throw refuse(`chart ${sliceId} is not on the guest's dashboards.`);
    if (chart.datasource_id !== ds.id) throw refuse(`chart ${sliceId} does not read dataset ${ds.id}.`);
    allowed = allowedByChart(chart, names, legacy);
  } else {
    const columns = guest.filterColumns.get(ds.id);
    if (!columns?.size || raw) throw refuse("name the chart whose data this is (form_data.slice_id).");
    allowed = allowedByFilters(columns);
  }
  for (const q of req.queries) checkQuery(q, allowed, ds, names, raw);
}
