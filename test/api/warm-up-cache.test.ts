import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageRequest, withExtraFormData } from "../../packages/core/src/chart-data/page-request.ts";
import { nativeFilterExtras } from "../../packages/core/src/reports/native-filters.ts";
import {
  createChart,
  createDashboard,
  datasetId,
  oneRowLayout,
  selectFilter,
} from "../support/dashboard-fixtures.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Superset's cache warm-up (`PUT /api/v1/chart/warm_up_cache`, `PUT /api/v1/dataset/warm_up_cache`):
 * each chart's query runs ahead of its page, so the page — Explore's, or a dashboard's with its
 * filters' defaults — then finds its answer cached. Checked by asking what the page asks.
 */
type Json = Record<string, any>;

let s: TestServer;
let admin: string;
let alpha: string;
let gamma: string;
let births: number;
let pie: number;
let table: number;
let filtered: number;
let dashboard: number;

const put = async (token: string | undefined, path: string, body: unknown) => {
  const res = await s.call("PUT", path, { token, body });
  return { status: res.status, body: (await res.json()) as Json };
};

/** Asks what the chart's page asks (with the dashboard's filter defaults) and says whether it was cached. */
async function pageFindsCached(chartId: number, dashboardId?: number): Promise<boolean> {
  const core = s.runtime.core;
  const chart = (await core.charts.find(chartId))!;
  const dataset = await core.datasets.find(chart.datasource_id);
  const request = pageRequest(chart, dataset, dashboardId);
  if (dashboardId) {
    const d = (await core.dashboards.find(dashboardId))!;
    const extra = nativeFilterExtras(d.json_metadata, d.position_json, undefined).get(chartId);
    if (extra) withExtraFormData(request, extra, chart, dataset);
  }
  const res = await s.call("POST", "/api/v1/chart/data", { token: admin, body: request });
  const body = (await res.json()) as Json;
  expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
  return body.result.every((r: Json) => r.is_cached === true);
}

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  alpha = await userWithRoles(s, admin, "warm_alpha", ["Alpha"]);
  gamma = await userWithRoles(s, admin, "warm_gamma", ["Gamma"]);
  births = await datasetId(s, admin, "birth_names");
  const chart = (name: string, vizType: string, params: Json) =>
    createChart(s, admin, { name, datasetId: births, vizType, params: { viz_type: vizType, ...params } });
  pie = await chart("Warm pie", "pie", { groupby: ["gender"], metric: "count", row_limit: 7 });
  table = await chart("Warm table", "table", {
    query_mode: "aggregate",
    groupby: ["state"],
    metrics: ["count"],
    row_limit: 13,
  });
  filtered = await chart("Warm filtered", "pie", { groupby: ["state"], metric: "count", row_limit: 9 });
  dashboard = await createDashboard(s, admin, "Warm dashboard", {
    published: true,
    position_json: oneRowLayout([filtered]),
    json_metadata: JSON.stringify({
      native_filter_configuration: [
        {
          ...selectFilter(births, "gender", "Gender"),
          defaultDataMask: { filterState: { value: ["girl"] } },
        },
      ],
    }),
  });
}, 240_000);
afterAll(async () => {
  await s?.close();
});

describe("chart warm-up", () => {
  it("runs the chart's page query, so the page then finds it cached", async () => {
    expect(await pageFindsCached(table)).toBe(false);
    const { status, body } = await put(admin, "/api/v1/chart/warm_up_cache", { chart_id: table });
    expect(status).toBe(200);
    expect(body).toEqual({ result: [{ chart_id: table, viz_error: null, viz_status: "success" }] });
    expect(await pageFindsCached(table)).toBe(true);
  });

  it("with a dashboard, warms the query its filters' defaults make", async () => {
    const { status, body } = await put(alpha, "/api/v1/chart/warm_up_cache", {
      chart_id: filtered,
      dashboard_id: dashboard,
    });
    expect(status).toBe(200);
    expect(body.result[0].viz_status).toBe("success");
    // What the dashboard asks (girls only) is cached for its viewers; Explore's unfiltered query is not.
    expect(await pageFindsCached(filtered, dashboard)).toBe(true);
    expect(await pageFindsCached(filtered)).toBe(false);
  });

  it("adds extra filters, and reports a query that fails as the chart's outcome", async () => {
    const ok = await put(admin, "/api/v1/chart/warm_up_cache", {
      chart_id: pie,
      extra_filters: JSON.stringify([{ col: "state", op: "IN", val: ["CA", "NY"] }]),
    });
    expect(ok.body.result[0]).toMatchObject({ chart_id: pie, viz_status: "success", viz_error: null });
    const failed = await put(admin, "/api/v1/chart/warm_up_cache", {
      chart_id: pie,
      extra_filters: JSON.stringify([{ col: "ds", op: "TEMPORAL_RANGE", val: "not a time range" }]),
    });
    expect(failed.status).toBe(200);
    expect(failed.body.result[0]).toMatchObject({ chart_id: pie, viz_status: "failed" });
    expect(failed.body.result[0].viz_error).toMatch(/not a time range/);
    expect(failed.body.result[0].viz_error).not.toMatch(/\/tmp|\/work|at .*\.ts/);
  });

  it("refuses bad input with a 400 naming the field", async () => {
    for (const extra_filters of [
      "not json",
      JSON.stringify({ col: "x" }),
      JSON.stringify([{ col: "x", op: "DROP" }]),
    ]) {
      const res = await put(admin, "/api/v1/chart/warm_up_cache", { chart_id: pie, extra_filters });
      expect(res.status, extra_filters).toBe(400);
      expect(JSON.stringify(res.body.message)).toMatch(/extra_filters/);
    }
    const noId = await put(admin, "/api/v1/chart/warm_up_cache", {});
    expect(noId.status).toBe(400);
    expect(JSON.stringify(noId.body.message)).toMatch(/chart_id/);
  });

  it("answers only for charts and dashboards the caller can see, and only to writers", async () => {
    // Gamma may write charts but reads no data: the chart is not there for it.
    expect((await put(gamma, "/api/v1/chart/warm_up_cache", { chart_id: pie })).status).toBe(404);
    expect((await put(undefined, "/api/v1/chart/warm_up_cache", { chart_id: pie })).status).toBe(401);
    expect((await put(admin, "/api/v1/chart/warm_up_cache", { chart_id: 987654 })).status).toBe(404);
    const draft = await createDashboard(s, admin, "Warm draft", { position_json: oneRowLayout([pie]) });
    expect(
      (await put(alpha, "/api/v1/chart/warm_up_cache", { chart_id: pie, dashboard_id: draft })).status,
    ).toBe(404);
    const elsewhere = await put(admin, "/api/v1/chart/warm_up_cache", {
      chart_id: pie,
      dashboard_id: dashboard,
    });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.message).toMatch(/does not show/);
  });
});

describe("dataset warm-up", () => {
  it("warms every chart on the dataset the caller can see", async () => {
    const { status, body } = await put(admin, "/api/v1/dataset/warm_up_cache", {
      db_name: "examples",
      table_name: "birth_names",
    });
    expect(status).toBe(200);
    const ids = body.result.map((r: Json) => r.chart_id);
    expect(ids).toEqual(expect.arrayContaining([pie, table, filtered]));
    const mine = body.result.filter((r: Json) => [pie, table, filtered].includes(r.chart_id));
    expect(mine.every((r: Json) => r.viz_status === "success" && r.viz_error === null)).toBe(true);
  });

  it("answers 404 for a table it can't find or read, 403 to non-writers", async () => {
    const missing = await put(admin, "/api/v1/dataset/warm_up_cache", {
      db_name: "examples",
      table_name: "nope",
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/nope/);
    expect(
      (await put(admin, "/api/v1/dataset/warm_up_cache", { db_name: "elsewhere", table_name: "birth_names" }))
        .status,
    ).toBe(404);
    expect(
      (await put(gamma, "/api/v1/dataset/warm_up_cache", { db_name: "examples", table_name: "birth_names" }))
        .status,
    ).toBe(403);
    const bad = await put(admin, "/api/v1/dataset/warm_up_cache", { db_name: "examples" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.message)).toMatch(/table_name/);
  });
});
