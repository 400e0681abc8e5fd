import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChart, createDashboard, datasetId, oneRowLayout } from "../support/dashboard-fixtures.ts";
import { callAsGuest, guestTokenFor } from "../support/guest-tokens.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * `GET /api/v1/dashboard/{id_or_slug}/tabs`: a dashboard's tabs, as Superset's report form
 * reads them to choose the tab a dashboard report shows.
 */
type Json = Record<string, any>;

let s: TestServer;
let admin: string;
let gamma: string;
let tabbed: number;
let plain: number;
let hidden: number;
let chart: number;

/** Two top-level tabs; the first holds a chart, and in a column, two tabs of its own. */
function tabbedLayout(chartId: number): string {
  const node = (id: string, type: string, children: string[], meta: Json = {}) => ({
    id,
    type,
    children,
    meta,
  });
  return JSON.stringify({
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: node("ROOT_ID", "ROOT", ["TABS-top"]),
    "TABS-top": node("TABS-top", "TABS", ["TAB-sales", "TAB-people"]),
    "TAB-sales": node("TAB-sales", "TAB", ["ROW-1"], { text: "Sales" }),
    "ROW-1": node("ROW-1", "ROW", [`CHART-${chartId}`, "COLUMN-1"]),
    [`CHART-${chartId}`]: node(`CHART-${chartId}`, "CHART", [], { chartId, width: 4, height: 50 }),
    "COLUMN-1": node("COLUMN-1", "COLUMN", ["TABS-inner"], { width: 8 }),
    "TABS-inner": node("TABS-inner", "TABS", ["TAB-north", "TAB-south"]),
    "TAB-north": node("TAB-north", "TAB", [], { text: "North" }),
    "TAB-south": node("TAB-south", "TAB", [], { text: "South" }),
    "TAB-people": node("TAB-people", "TAB", [], { text: "People" }),
  });
}

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  gamma = await userWithRoles(s, admin, "tabs_gamma", ["Gamma"]);
  chart = await createChart(s, admin, {
    name: "Tabbed pie",
    datasetId: await datasetId(s, admin, "birth_names"),
    vizType: "pie",
    params: { viz_type: "pie", groupby: ["gender"], metric: "count" },
  });
  tabbed = await createDashboard(s, admin, "Tabbed", {
    published: true,
    slug: "tabbed",
    position_json: tabbedLayout(chart),
  });
  plain = await createDashboard(s, admin, "No tabs", {
    published: true,
    position_json: oneRowLayout([chart]),
  });
  hidden = await createDashboard(s, admin, "Draft with tabs", { position_json: tabbedLayout(chart) });
}, 120_000);
afterAll(() => s?.close());

const tabsOf = async (token: string, idOrSlug: number | string) => {
  const res = await s.call("GET", `/api/v1/dashboard/${idOrSlug}/tabs`, { token });
  return { status: res.status, body: (await res.json()) as Json };
};

describe("dashboard tabs", () => {
  it("lists every tab by id and as a tree, nested tabs under theirs, by id or slug", async () => {
    const { status, body } = await tabsOf(admin, tabbed);
    expect(status).toBe(200);
    expect(body.result.all_tabs).toEqual({
      "TAB-sales": "Sales",
      "TAB-north": "North",
      "TAB-south": "South",
      "TAB-people": "People",
    });
    expect(body.result.tab_tree).toEqual([
      {
        value: "TAB-sales",
        title: "Sales",
        parents: [],
        children: [
          { value: "TAB-north", title: "North", parents: ["TAB-sales"], children: [] },
          { value: "TAB-south", title: "South", parents: ["TAB-sales"], children: [] },
        ],
      },
      { value: "TAB-people", title: "People", parents: [], children: [] },
    ]);
    expect((await tabsOf(admin, "tabbed")).body).toEqual(body);
  });

  it("gives a dashboard without tabs none", async () => {
    expect((await tabsOf(admin, plain)).body).toEqual({ result: { all_tabs: {}, tab_tree: [] } });
  });

  it("answers only those who may see the dashboard, its embedded guest included", async () => {
    // Someone who may not see the dashboard gets a 404, as for the dashboard itself.
    const refused = await tabsOf(gamma, hidden);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBeTruthy();
    expect((await tabsOf(admin, 999_999)).status).toBe(404);
    expect((await s.call("GET", `/api/v1/dashboard/${tabbed}/tabs`)).status).toBe(401);
    const guest = await guestTokenFor(s, admin, tabbed, { username: "tabs-visitor" });
    const own = await callAsGuest(s, guest, "GET", `/api/v1/dashboard/${tabbed}/tabs`);
    expect(own.status).toBe(200);
    expect(((await own.json()) as Json).result.all_tabs["TAB-people"]).toBe("People");
    expect((await callAsGuest(s, guest, "GET", `/api/v1/dashboard/${plain}/tabs`)).status).toBe(404);
  });
});
