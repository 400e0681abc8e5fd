import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, datasetIdOf, dt, type E2E, logIn, startE2E } from "./browser.ts";
import { createChart, createDashboard } from "./dashboard-seed.ts";

/**
 * The tab a dashboard report shows, in Chromium: set up from the dashboard's menu on a dashboard
 * of two tabs, the chosen tab is stored as the report's `extra.dashboard.anchor`, and both edit
 * modals (the dashboard's menu, Settings → Alerts & reports) show it again.
 */

let e: E2E;
let dashboardId: number;

interface ReportRow {
  id: number;
  name: string;
  dashboard_id: number | null;
}

const item = (id: string, type: string, children: string[] = [], meta: Record<string, unknown> = {}) => ({
  [id]: { id, type, children, meta },
});

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e);
  const birth = await datasetIdOf(e, "birth_names");
  dashboardId = await createDashboard(e, "Births by tab");
  const chart = (name: string) =>
    createChart(e, {
      name,
      datasetId: birth,
      params: { viz_type: "table", query_mode: "aggregate", groupby: ["gender"], metrics: ["count"] },
      dashboards: [dashboardId],
    });
  const first = await chart("Births on the first tab");
  const second = await chart("Births on the second tab");
  await apiCall(e, "PUT", `/api/v1/dashboard/${dashboardId}`, {
    position_json: JSON.stringify({
      ...item("ROOT_ID", "ROOT", ["GRID_ID"]),
      ...item("GRID_ID", "GRID", ["TABS-e2e"]),
      ...item("TABS-e2e", "TABS", ["TAB-first", "TAB-second"]),
      ...item("TAB-first", "TAB", ["ROW-one"], { text: "First" }),
      ...item("TAB-second", "TAB", ["ROW-two"], { text: "Second" }),
      ...item("ROW-one", "ROW", [`CHART-${first}`]),
      ...item("ROW-two", "ROW", [`CHART-${second}`]),
      ...item(`CHART-${first}`, "CHART", [], { chartId: first, width: 6, height: 50 }),
      ...item(`CHART-${second}`, "CHART", [], { chartId: second, width: 6, height: 50 }),
    }),
  });
}, 120_000);
afterAll(async () => {
  await e?.close();
});

describe("a dashboard report's tab", () => {
  it("sets up a report of the dashboard's second tab from its menu", async () => {
    await e.page.goto(`${e.url}/superset/dashboard/${dashboardId}/`);
    await e.page.locator(dt("dashboard-menu")).click();
    await e.page.locator(dt("report-menu-set-up")).click();
    const modal = e.page.locator(dt("report-modal"));
    await modal.locator(dt("report-name")).waitFor();
    const tab = modal.locator(dt("report-dashboard-tab"));
    await tab.waitFor();
    await tab.click();
    await expect.poll(() => modal.getByRole("option").allTextContents()).toEqual(["First", "Second"]);
    await modal.getByRole("option", { name: "Second" }).click();
    await expect.poll(() => tab.inputValue()).toBe("Second");
    await modal.locator(dt("report-format-PDF")).check();
    await modal.locator(dt("report-recipients")).fill("ana@example.com");
    await modal.locator(dt("report-save")).click();
    await modal.locator(dt("report-name")).waitFor({ state: "detached" });

    const list = await apiCall<{ result: ReportRow[] }>(
      e,
      "GET",
      `/api/v1/report/?q=${encodeURIComponent(`(filters:!((col:dashboard_id,opr:eq,value:${dashboardId})))`)}`,
    );
    expect(list.result.map((r) => r.name)).toEqual(["Births by tab report"]);
    const detail = await apiCall<{ result: { report_format: string; extra: Record<string, unknown> } }>(
      e,
      "GET",
      `/api/v1/report/${list.result[0].id}`,
    );
    expect(detail.result.report_format).toBe("PDF");
    expect(detail.result.extra).toEqual({ dashboard: { anchor: "TAB-second" } });
  });

  it("shows the chosen tab again in both edit modals", async () => {
    await e.page.locator(dt("dashboard-menu")).click();
    await e.page.locator(dt("report-menu-edit")).click();
    const modal = e.page.locator(dt("report-modal"));
    await expect.poll(() => modal.locator(dt("report-dashboard-tab")).inputValue()).toBe("Second");
    await modal.getByRole("button", { name: "Cancel" }).click();
    await modal.locator(dt("report-name")).waitFor({ state: "detached" });

    await e.page.goto(`${e.url}/report/list/`);
    const row = e.page.locator("tr").filter({ hasText: "Births by tab report" });
    await row.locator(dt("edit")).click();
    const alertModal = e.page.locator(dt("alert-modal"));
    await expect.poll(() => alertModal.locator(dt("alert-dashboard-tab")).inputValue()).toBe("Second");
  });
});
