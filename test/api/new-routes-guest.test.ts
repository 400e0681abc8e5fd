import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChart, createDashboard, datasetId, oneRowLayout } from "../support/dashboard-fixtures.ts";
import { callAsGuest, guestTokenFor } from "../support/guest-tokens.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

/**
 * An embedded guest reads its dashboard's charts and nothing else: the database and dataset
 * helpers (related objects, functions, select star, upload schemas), the cache warm-up and the
 * column and metric deletes refuse it, even for the chart its own dashboard shows, and change
 * nothing.
 */
type Json = Record<string, any>;

let s: TestServer;
let admin: string;
let guest: string;
let db: number;
let dataset: number;
let chart: number;
let dashboard: number;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  db = ((await (await s.call("GET", "/api/v1/database/", { token: admin })).json()) as Json).ids[0];
  dataset = await datasetId(s, admin, "birth_names");
  chart = await createChart(s, admin, {
    name: "Guest's pie",
    datasetId: dataset,
    vizType: "pie",
    params: { viz_type: "pie", groupby: ["gender"], metric: "count" },
  });
  dashboard = await createDashboard(s, admin, "Embedded", {
    published: true,
    position_json: oneRowLayout([chart]),
  });
  guest = await guestTokenFor(s, admin, dashboard, { username: "visitor" });
}, 120_000);
afterAll(async () => {
  await s?.close();
});

const detail = async () =>
  ((await (await s.call("GET", `/api/v1/dataset/${dataset}`, { token: admin })).json()) as Json).result;

describe("the new database, dataset and chart routes with a guest token", () => {
  it("the guest's token works for its own chart, so the refusals below are about the routes", async () => {
    const res = await callAsGuest(s, guest, "POST", "/api/v1/chart/data", {
      datasource: { id: dataset, type: "table" },
      queries: [{ columns: ["gender"], metrics: ["count"], row_limit: 10 }],
      form_data: { slice_id: chart, dashboardId: dashboard },
    });
    expect(res.status, await res.clone().text()).toBe(200);
  });

  it("refuses every read and write, and changes nothing", async () => {
    const before = await detail();
    const q = encodeURIComponent("(upload_allowed:!t)");
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/v1/database/${db}/related_objects/`],
      ["GET", `/api/v1/dataset/${dataset}/related_objects`],
      ["GET", `/api/v1/database/${db}/function_names/`],
      ["GET", `/api/v1/database/${db}/select_star/birth_names/`],
      ["GET", `/api/v1/database/${db}/select_star/birth_names/main/`],
      ["GET", `/api/v1/database/${db}/schemas_access_for_file_upload/`],
      ["GET", `/api/v1/database/${db}/schemas/?q=${q}`],
      ["PUT", "/api/v1/chart/warm_up_cache", { chart_id: chart, dashboard_id: dashboard }],
      ["PUT", "/api/v1/dataset/warm_up_cache", { db_name: "examples", table_name: "birth_names" }],
      ["DELETE", `/api/v1/dataset/${dataset}/column/${before.columns[0].id}`],
      ["DELETE", `/api/v1/dataset/${dataset}/metric/${before.metrics[0].id}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await callAsGuest(s, guest, method, path, body);
      const text = await res.text();
      expect([401, 403, 404], `${method} ${path} → ${res.status} ${text.slice(0, 200)}`).toContain(
        res.status,
      );
      expect(JSON.parse(text).message ?? JSON.parse(text).errors, `${method} ${path}`).toBeTruthy();
    }
    const after = await detail();
    expect(after.columns).toEqual(before.columns);
    expect(after.metrics).toEqual(before.metrics);
  });
});
