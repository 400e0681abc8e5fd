import type { TestServer } from "./server.ts";

/**
 * The dashboards, charts, roles and RLS rules the API tests build through the real endpoints
 * before they start checking. Each helper fails loudly when its call is refused, so a broken
 * set-up reads as such instead of as a failing check further down.
 */

/** The reply's JSON body, or an error naming the set-up step when the call was refused. */
export async function replyOf(res: Response, what: string): Promise<Record<string, any>> {
  if (res.status >= 300) throw new Error(`${what} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, any>;
}

/** The id of an example dataset by table name (`birth_names`, `energy_usage`, …). */
export async function datasetId(s: TestServer, adminToken: string, tableName: string): Promise<number> {
  const list = await replyOf(
    await s.call("GET", "/api/v1/dataset/?q=(page_size:100)", { token: adminToken }),
    "listing datasets",
  );
  const found = (list.result as { id: number; table_name: string }[]).find((d) => d.table_name === tableName);
  if (!found) throw new Error(`no dataset named ${tableName}`);
  return found.id;
}

/** A dataset as `GET /api/v1/dataset/{id}` answers it (what Explore and the SPA's query builder read). */
export async function datasetDetail(s: TestServer, token: string, id: number): Promise<Record<string, any>> {
  return (await replyOf(await s.call("GET", `/api/v1/dataset/${id}`, { token }), `reading dataset ${id}`))
    .result;
}

/**
 * Creates a dashboard as the token's user (its owner) and returns its id; `extra` holds any other
 * field of the create body.
 */
export async function createDashboard(
  s: TestServer,
  token: string,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const res = await s.call("POST", "/api/v1/dashboard/", {
    token,
    body: { dashboard_title: title, ...extra },
  });
  return (await replyOf(res, `creating dashboard "${title}"`)).id as number;
}

export interface ChartSpec {
  name: string;
  datasetId: number;
  vizType: string;
  /** The saved form data (stored as the chart's `params`). */
  params?: Record<string, unknown>;
  dashboards?: number[];
  /**
   * The saved query context: sent with the create, or, as a function of the new chart's id (for a
   * form_data naming its slice_id), saved right after it as the SPA does.
   */
  queryContext?: object | ((chartId: number) => object);
}

/** Creates a chart on a table dataset (with its query context when given) and returns its id. */
export async function createChart(s: TestServer, adminToken: string, spec: ChartSpec): Promise<number> {
  const { queryContext } = spec;
  const res = await s.call("POST", "/api/v1/chart/", {
    token: adminToken,
    body: {
      slice_name: spec.name,
      viz_type: spec.vizType,
      datasource_id: spec.datasetId,
      datasource_type: "table",
      ...(spec.dashboards ? { dashboards: spec.dashboards } : {}),
      ...(spec.params ? { params: JSON.stringify(spec.params) } : {}),
      ...(queryContext && typeof queryContext !== "function"
        ? { query_context: JSON.stringify(queryContext) }
        : {}),
    },
  });
  const id = (await replyOf(res, `creating chart "${spec.name}"`)).id as number;
  if (typeof queryContext === "function") {
    const put = await s.call("PUT", `/api/v1/chart/${id}`, {
      token: adminToken,
      body: { query_context: JSON.stringify(queryContext(id)) },
    });
    await replyOf(put, `saving chart ${id}'s query context`);
  }
  return id;
}

/**
 * "Births by gender": a table of `count` by gender (gender ascending) with its saved query, the
 * chart the report tests deliver.
 */
export function createBirthsByGenderTable(s: TestServer, adminToken: string, datasetId: number) {
  return createChart(s, adminToken, {
    name: "Births by gender",
    vizType: "table",
    datasetId,
    queryContext: {
      datasource: { id: datasetId, type: "table" },
      queries: [{ columns: ["gender"], metrics: ["count"], orderby: [["gender", true]], row_limit: 100 }],
      result_format: "json",
      result_type: "full",
    },
  });
}

/**
 * A pie of `count` by one column, as the guest and async tests use. With `savedQuery`, the chart
 * also gets the query context the SPA saves for it (that query, grouped by the column), which a
 * guest's request must match.
 */
export function createPieChart(
  s: TestServer,
  adminToken: string,
  spec: Omit<ChartSpec, "vizType" | "params" | "queryContext"> & {
    groupby: string;
    savedQuery?: Record<string, unknown>;
  },
): Promise<number> {
  const { groupby, savedQuery, ...chart } = spec;
  const datasource = `${spec.datasetId}__table`;
  return createChart(s, adminToken, {
    ...chart,
    vizType: "pie",
    params: {
      viz_type: "pie",
      datasource,
      groupby: [groupby],
      metric: "count",
      adhoc_filters: [],
      row_limit: 10,
    },
    queryContext: savedQuery
      ? (id) => ({
          datasource: { id: spec.datasetId, type: "table" },
          queries: [{ ...savedQuery, columns: [groupby] }],
          form_data: { slice_id: id, viz_type: "pie", datasource },
          result_format: "json",
          result_type: "full",
        })
      : undefined,
  });
}

/** A dashboard layout (position_json text) of one row holding the charts, each four columns wide. */
export function oneRowLayout(chartIds: number[]): string {
  return JSON.stringify({
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-1"] },
    "ROW-1": { type: "ROW", id: "ROW-1", children: chartIds.map((i) => `CHART-${i}`) },
    ...Object.fromEntries(
      chartIds.map((i) => [
        `CHART-${i}`,
        { type: "CHART", id: `CHART-${i}`, children: [], meta: { chartId: i, width: 4, height: 50 } },
      ]),
    ),
  });
}

/** A native select filter on one column of a dataset, as the dashboard's json_metadata holds it. */
export function selectFilter(datasetId: number, column: string, name: string) {
  return {
    id: `NATIVE_FILTER-${column}`,
    type: "NATIVE_FILTER",
    filterType: "filter_select",
    name,
    targets: [{ datasetId, column: { name: column } }],
  };
}

/** The built-in and custom roles' ids by name. */
export async function roleIds(s: TestServer, adminToken: string): Promise<Record<string, number>> {
  const roles = await replyOf(
    await s.call("GET", "/api/v1/security/roles/?q=(page_size:100)", { token: adminToken }),
    "listing roles",
  );
  return Object.fromEntries((roles.result as { id: number; name: string }[]).map((r) => [r.name, r.id]));
}

/** Creates a row-level security rule for roles named (built-in or custom) and returns its id. */
export async function createRlsRule(
  s: TestServer,
  adminToken: string,
  rule: { name: string; filter_type: "Regular" | "Base"; tables: number[]; roles: string[]; clause: string },
): Promise<number> {
  const ids = await roleIds(s, adminToken);
  const missing = rule.roles.filter((name) => ids[name] === undefined);
  if (missing.length) throw new Error(`no role named ${missing.join(", ")}`);
  const res = await s.call("POST", "/api/v1/rowlevelsecurity/", {
    token: adminToken,
    body: { ...rule, roles: rule.roles.map((name) => ids[name]) },
  });
  if (res.status !== 201)
    throw new Error(`creating RLS rule "${rule.name}" failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}
