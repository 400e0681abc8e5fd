import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, datasetIdOf, dt, type E2E, logIn, startE2E } from "./browser.ts";
import {
  type ChartFormData,
  createChart,
  createDashboard,
  createGenderPieAndTable,
} from "./dashboard-seed.ts";

let e: E2E;

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e, "/superset/welcome/");
});
afterAll(async () => {
  await e?.close();
});

const api = <T>(method: string, path: string, body?: unknown) => apiCall<T>(e, method, path, body);

const datasetId = (name: string) => datasetIdOf(e, name);

interface LayoutItem {
  id: string;
  type: string;
  children: string[];
  meta: { chartId?: number; width?: number; height?: number; code?: string; text?: string };
}

async function storedLayout(id: number): Promise<Record<string, LayoutItem>> {
  const d = await api<{ result: { position_json: string | null } }>("GET", `/api/v1/dashboard/${id}`);
  return JSON.parse(d.result.position_json ?? "{}");
}

/** Drags from the centre of one element to a point, with intermediate pointer moves. */
async function drag(from: string, to: { x: number; y: number }) {
  const box = await e.page.locator(from).first().boundingBox();
  if (!box) throw new Error(`no box for ${from}`);
  await e.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await e.page.mouse.down();
  await e.page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2 + 10, { steps: 3 });
  await e.page.mouse.move(to.x, to.y, { steps: 12 });
  await e.page.locator(dt("drop-indicator")).waitFor();
  await e.page.mouse.up();
}

const chart = (id: number) => `${dt("dashboard-chart")}[data-chart-id="${id}"]`;
const pieSlices = (id: number) => e.page.locator(`${chart(id)} ${dt("plotly-chart")} g.slice`);
const tableRows = (id: number) => e.page.locator(`${chart(id)} ${dt("grid-row")}`);

describe("Dashboards in Chromium", () => {
  let dashboardId = 0;
  let pieId = 0;
  let tableId = 0;

  it("opens a dashboard made through the API and draws both of its charts", async () => {
    const ds = await datasetId("birth_names");
    dashboardId = await createDashboard(e, "E2E births");
    ({ pieId, tableId } = await createGenderPieAndTable(e, ds, dashboardId));

    await e.page.goto(`${e.url}/superset/dashboard/${dashboardId}/`);
    await e.page.locator(dt("dashboard-page")).waitFor();
    await expect
      .poll(() => e.page.locator(dt("dashboard-title")).textContent(), { timeout: 15_000 })
      .toBe("E2E births");
    await expect(e.page.locator(dt("dashboard-chart")).count()).resolves.toBe(2);
    await pieSlices(pieId).first().waitFor({ timeout: 30_000 });
    expect(await pieSlices(pieId).count()).toBe(2);
    await tableRows(tableId).first().waitFor({ timeout: 30_000 });
    expect(await tableRows(tableId).count()).toBe(2);
  });

  it("drills to detail from a chart's menu: birth_names rows, 50 a page, and the next page", async () => {
    const drillBodies: { result_type: string; queries: { row_offset?: number; row_limit?: number }[] }[] = [];
    const onRequest = (req: import("playwright-core").Request) => {
      if (req.method() !== "POST" || !req.url().includes("/api/v1/chart/data")) return;
      const body = req.postDataJSON();
      if (body?.result_type === "drill_detail") drillBodies.push(body);
    };
    e.page.on("request", onRequest);
    try {
      await e.page.locator(`${chart(tableId)} ${dt("chart-menu")}`).click();
      await e.page.locator(dt("drill-to-detail-menu-item")).click();
      const modal = e.page.locator(dt("drill-detail-modal"));
      await modal.getByText("Drill to detail: Gender table").waitFor();
      const rows = modal.locator(`${dt("drill-detail-grid")} ${dt("grid-row")}`);
      await rows.first().waitFor({ timeout: 30_000 });
      // Raw birth_names rows: every dataset column, not the chart's grouped count.
      const headers = await modal
        .locator(`${dt("drill-detail-grid")} [role="columnheader"]`)
        .allTextContents();
      expect(headers.map((h) => h.trim())).toEqual(
        expect.arrayContaining(["name", "gender", "num", "state"]),
      );
      await expect.poll(() => rows.first().textContent(), { timeout: 15_000 }).toMatch(/boy|girl/);
      await expect
        .poll(() => modal.locator(dt("drill-detail-page")).textContent(), { timeout: 15_000 })
        .toBe("Page 1");
      expect(drillBodies[0].queries[0]).toMatchObject({ row_limit: 50, row_offset: 0 });

      const firstRow = await rows.first().textContent();
      await modal.locator(dt("drill-detail-next")).click();
      await expect
        .poll(() => modal.locator(dt("drill-detail-page")).textContent(), { timeout: 30_000 })
        .toBe("Page 2");
      await expect.poll(() => drillBodies.length).toBe(2);
      expect(drillBodies[1].queries[0]).toMatchObject({ row_limit: 50, row_offset: 50 });
      await expect
        .poll(() => modal.locator(dt("drill-detail-next")).isEnabled(), { timeout: 30_000 })
        .toBe(true);
      await rows.first().waitFor();
      expect(await rows.first().textContent()).not.toBe(firstRow);
      await e.page.keyboard.press("Escape");
      await modal.waitFor({ state: "hidden" });
    } finally {
      e.page.off("request", onRequest);
    }
  });

  it("adds a native value filter on gender; applying 'girl' changes both charts", async () => {
    await e.page.locator(dt("filter-bar-settings")).click();
    const modal = e.page.locator(dt("filter-config-modal"));
    await modal.locator(dt("filter-name")).waitFor();
    await modal.locator(dt("filter-name")).fill("Gender");
    await modal.locator(dt("filter-dataset")).click();
    await e.page.getByRole("option", { name: "birth_names" }).click();
    await modal.locator(dt("filter-column")).click();
    await e.page.getByRole("option", { name: "gender", exact: true }).click();
    await modal.locator(dt("filter-config-save")).click();
    await modal.waitFor({ state: "hidden" });

    const filter = e.page.locator(`${dt("native-filter")}[data-filter-name="Gender"]`);
    await filter.waitFor();
    await filter.locator(dt("filter-value-select")).click();
    await e.page.getByRole("option", { name: "girl" }).click();
    await e.page.keyboard.press("Escape");
    await e.page.locator(dt("filter-bar-apply")).click();

    await expect.poll(() => pieSlices(pieId).count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => tableRows(tableId).count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => tableRows(tableId).first().textContent(), { timeout: 15_000 }).toContain("girl");

    const stored = await api<{ result: { json_metadata: string } }>(
      "GET",
      `/api/v1/dashboard/${dashboardId}`,
    );
    const filters = JSON.parse(stored.result.json_metadata).native_filter_configuration;
    expect(filters).toHaveLength(1);
    expect(filters[0]).toMatchObject({
      name: "Gender",
      filterType: "filter_select",
      targets: [{ column: { name: "gender" } }],
    });
    expect(filters[0].id).toMatch(/^NATIVE_FILTER-/);
  });

  it("shares a permalink that reopens the dashboard with the filter applied", async () => {
    await e.page.locator(dt("share-dashboard")).click();
    const input = e.page.locator(dt("permalink-url"));
    await input.waitFor();
    const url = await input.inputValue();
    expect(url).toMatch(/\/superset\/dashboard\/p\/[A-Za-z0-9_-]+\/$/);
    await e.page.goto(url);
    await e.page.locator(dt("dashboard-page")).waitFor();
    await pieSlices(pieId).first().waitFor({ timeout: 30_000 });
    expect(await pieSlices(pieId).count()).toBe(1);
    await expect.poll(() => tableRows(tableId).count(), { timeout: 30_000 }).toBe(1);
    const pill = e.page.locator(`${dt("native-filter")}[data-filter-name="Gender"]`);
    await expect.poll(() => pill.textContent(), { timeout: 15_000 }).toContain("girl");
  });

  it("edits the layout: adds markdown and tabs, moves a chart into the tab, resizes a chart, saves", async () => {
    await e.page.goto(`${e.url}/superset/dashboard/${dashboardId}/`);
    await pieSlices(pieId).first().waitFor({ timeout: 30_000 });
    await e.page.locator(dt("edit-dashboard-button")).click();
    await e.page.locator(dt("builder-pane")).waitFor();
    await e.page.locator(dt("builder-tab-layout")).click();

    // A markdown block at the bottom of the grid.
    const grid = await e.page.locator('[data-dnd-id="GRID_ID"]').boundingBox();
    if (!grid) throw new Error("no grid");
    await drag(dt("new-component-markdown"), { x: grid.x + grid.width / 2, y: grid.y + grid.height - 12 });
    await e.page.locator(dt("dashboard-markdown")).waitFor();

    // Tabs above the first row.
    const row = await e.page.locator(dt("dashboard-component-row")).first().boundingBox();
    if (!row) throw new Error("no row");
    await drag(dt("new-component-tabs"), { x: row.x + row.width / 2, y: row.y + 6 });
    const panel = e.page.locator(dt("dashboard-tab-panel"));
    await panel.waitFor();

    // The table chart into the new tab: another filter scope.
    const tableBlock = `${dt("dashboard-component-chart")}[data-component-id]:has(${chart(tableId)})`;
    await e.page.locator(tableBlock).hover();
    const target = await panel.boundingBox();
    if (!target) throw new Error("no tab panel");
    await drag(`${tableBlock} ${dt("drag-handle")}`, {
      x: target.x + target.width / 2,
      y: target.y + target.height / 2,
    });
    await e.page.getByText("This chart has been moved to a different filter scope.").waitFor();
    await panel.locator(chart(tableId)).waitFor();

    // The pie one column narrower.
    const pieBlock = `${dt("dashboard-component-chart")}[data-component-id]:has(${chart(pieId)})`;
    await e.page.locator(`${pieBlock} ${dt("resize-handle")}`).scrollIntoViewIfNeeded();
    const before = await e.page.locator(chart(pieId)).boundingBox();
    const handle = await e.page.locator(`${pieBlock} ${dt("resize-handle")}`).boundingBox();
    if (!before || !handle) throw new Error("no pie");
    const column = (grid.width - 11 * 16) / 12 + 16;
    await e.page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await e.page.mouse.down();
    await e.page.mouse.move(handle.x - column, handle.y + handle.height / 2, { steps: 8 });
    await e.page.mouse.up();
    await expect
      .poll(async () => (await e.page.locator(chart(pieId)).boundingBox())?.width)
      .toBeLessThan(before.width - 20);

    await e.page.locator(dt("header-save-button")).click();
    await e.page.getByText("This dashboard was saved successfully.").waitFor();
    await e.page.locator(dt("edit-dashboard-button")).waitFor();

    const layout = await storedLayout(dashboardId);
    const items = Object.values(layout).filter((v) => typeof v === "object");
    const pieItem = items.find((c) => c.type === "CHART" && c.meta.chartId === pieId);
    const tableItem = items.find((c) => c.type === "CHART" && c.meta.chartId === tableId);
    expect(pieItem?.meta.width).toBe(3);
    expect(items.filter((c) => c.type === "MARKDOWN")).toHaveLength(1);
    const tab = items.find((c) => c.type === "TAB");
    expect(tab?.meta.text).toBe("Tab title");
    const tabRow = layout[tab!.children[0]];
    expect(tabRow.children).toEqual([tableItem!.id]);
    expect(layout.GRID_ID.children[0]).toBe(items.find((c) => c.type === "TABS")!.id);

    // Reloaded, the layout is as saved.
    await e.page.reload();
    await e.page.locator(dt("dashboard-page")).waitFor();
    await expect
      .poll(() => e.page.locator(dt("dashboard-tab")).textContent(), { timeout: 15_000 })
      .toBe("Tab title");
    await e.page.locator(`${dt("dashboard-tab-panel")} ${chart(tableId)}`).waitFor();
    await tableRows(tableId).first().waitFor({ timeout: 30_000 });
    await pieSlices(pieId).first().waitFor({ timeout: 30_000 });
    await e.page.locator(`${dt("dashboard-markdown")} ${dt("markdown-html")} h1`).waitFor();
    const after = await e.page.locator(chart(pieId)).boundingBox();
    expect(after!.width).toBeLessThan(before.width - 20);
  });

  it("cross-filters the other charts when a pie slice is clicked", async () => {
    await e.page.goto(`${e.url}/superset/dashboard/${dashboardId}/`);
    await pieSlices(pieId).first().waitFor({ timeout: 30_000 });
    await expect.poll(() => tableRows(tableId).count(), { timeout: 30_000 }).toBe(2);
    await pieSlices(pieId).first().click();
    await e.page.locator(dt("cross-filter-chip")).waitFor();
    await expect.poll(() => tableRows(tableId).count(), { timeout: 30_000 }).toBe(1);
    // The emitting chart keeps all its slices.
    expect(await pieSlices(pieId).count()).toBe(2);
    // Drill to detail by the clicked value: only that gender's rows.
    await e.page.locator(`${chart(pieId)} ${dt("chart-menu")}`).click();
    const byItem = e.page.locator(dt("drill-to-detail-by-menu-item"));
    const value = ((await byItem.textContent()) ?? "").replace("Drill to detail by ", "").trim();
    expect(["boy", "girl"]).toContain(value);
    await byItem.click();
    const modal = e.page.locator(dt("drill-detail-modal"));
    await modal.getByText(`gender == ${value}`).waitFor();
    const rows = modal.locator(`${dt("drill-detail-grid")} ${dt("grid-row")}`);
    await rows.first().waitFor({ timeout: 30_000 });
    const texts = await rows.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain(value);
    expect(texts.some((text) => text.includes(value === "boy" ? "girl" : "boy"))).toBe(false);
    await e.page.keyboard.press("Escape");
    await modal.waitFor({ state: "hidden" });
    await e.page.locator(dt("cross-filter-chip")).click();
    await expect.poll(() => tableRows(tableId).count(), { timeout: 30_000 }).toBe(2);
  });

  it("keeps the edits and says so when someone else saved the dashboard meanwhile (409)", async () => {
    await e.page.locator(dt("edit-dashboard-button")).click();
    await e.page.locator(dt("builder-pane")).waitFor();
    // Another editor saves first.
    await api("PUT", `/api/v1/dashboard/${dashboardId}`, { css: ".other { color: red }" });
    await e.page.locator(dt("dashboard-title-text")).click();
    await e.page.locator(dt("dashboard-title-text-input")).fill("E2E births renamed");
    await e.page.keyboard.press("Enter");
    await e.page.locator(dt("header-save-button")).click();
    // The stored css differs from ours: confirm the overwrite first.
    await e.page
      .locator(dt("overwrite-confirm-modal"))
      .getByText("Please confirm the overwrite values.")
      .waitFor();
    await e.page.locator(dt("overwrite-confirm")).click();
    await e.page
      .locator(dt("save-error"))
      .getByText(/This dashboard was changed by someone else since you loaded it/)
      .waitFor();
    await expect
      .poll(() => e.page.locator(dt("dashboard-title-text")).textContent(), { timeout: 15_000 })
      .toBe("E2E births renamed");
    await expect(e.page.locator(dt("header-save-button")).isEnabled()).resolves.toBe(true);
    const stored = await api<{ result: { dashboard_title: string } }>(
      "GET",
      `/api/v1/dashboard/${dashboardId}`,
    );
    expect(stored.result.dashboard_title).toBe("E2E births");
  });

  it("saves a copy (Save as) and opens it with the same layout", async () => {
    await e.page.locator(dt("discard-changes")).click();
    await e.page.locator(dt("dashboard-menu")).click();
    await e.page.locator(dt("save-as")).click();
    await e.page.locator(dt("save-as-title")).fill("E2E births copy");
    await e.page.locator(dt("save-as-submit")).click();
    await e.page.waitForURL(
      (u) =>
        u.pathname !== `/superset/dashboard/${dashboardId}/` &&
        /\/superset\/dashboard\/\d+\/$/.test(u.pathname),
    );
    // The new page may still show the old title for a moment: wait for the copy's.
    await e.page.locator(dt("dashboard-title")).filter({ hasText: "E2E births copy" }).waitFor();
    await e.page.locator(`${dt("dashboard-tab-panel")} ${chart(tableId)}`).waitFor();
    await pieSlices(pieId).first().waitFor({ timeout: 30_000 });
    await e.page.locator(dt("dashboard-markdown")).waitFor();
  });
  /** A dashboard made through the API, its layout (position_json) set once its charts exist. */
  async function dashboardWith(
    title: string,
    layout: (charts: number[]) => Record<string, unknown>,
    charts: object[] = [],
  ) {
    const ds = await datasetId("birth_names");
    const id = await createDashboard(e, title);
    const ids: number[] = [];
    for (const c of charts) {
      const { slice_name, params } = c as { slice_name: string; params: ChartFormData };
      ids.push(await createChart(e, { name: slice_name, datasetId: ds, params, dashboards: [id] }));
    }
    await api("PUT", `/api/v1/dashboard/${id}`, { position_json: JSON.stringify(layout(ids)) });
    return { id, charts: ids };
  }

  const item = (id: string, type: string, children: string[] = [], meta: Record<string, unknown> = {}) => ({
    [id]: { id, type, children, meta },
  });

  it("reorders tabs by dragging a header in edit mode; the order is saved, and keys move tabs too", async () => {
    const { id } = await dashboardWith("E2E tab order", () => ({
      ...item("ROOT_ID", "ROOT", ["GRID_ID"]),
      ...item("GRID_ID", "GRID", ["TABS-e2e"]),
      ...item("TABS-e2e", "TABS", ["TAB-first", "TAB-second"]),
      ...item("TAB-first", "TAB", ["ROW-one"], { text: "First" }),
      ...item("TAB-second", "TAB", ["ROW-two"], { text: "Second" }),
      ...item("ROW-one", "ROW", ["MARKDOWN-one"]),
      ...item("ROW-two", "ROW", ["MARKDOWN-two"]),
      ...item("MARKDOWN-one", "MARKDOWN", [], { code: "Content of one", width: 4, height: 30 }),
      ...item("MARKDOWN-two", "MARKDOWN", [], { code: "Content of two", width: 4, height: 30 }),
    }));
    const titles = () => e.page.locator(dt("dashboard-tab")).allTextContents();
    const panel = e.page.locator(dt("dashboard-tab-panel"));
    await e.page.goto(`${e.url}/superset/dashboard/${id}/`);
    await expect.poll(titles, { timeout: 15_000 }).toEqual(["First", "Second"]);
    // Viewing: the headers do not drag.
    expect(await e.page.locator(dt("tab-drag-handle")).count()).toBe(0);

    await e.page.locator(dt("edit-dashboard-button")).click();
    await e.page.locator(dt("builder-pane")).waitFor();
    const headers = e.page.locator(dt("sortable-tab"));
    await expect.poll(() => headers.count()).toBe(2);
    const first = await headers.nth(0).boundingBox();
    const second = await headers.nth(1).boundingBox();
    if (!first || !second) throw new Error("no tab headers");
    const start = { x: second.x + second.width / 2, y: second.y + second.height / 2 };
    await e.page.mouse.move(start.x, start.y);
    await e.page.mouse.down();
    await e.page.mouse.move(start.x - 10, start.y, { steps: 3 });
    await e.page.mouse.move(first.x + first.width / 4, start.y, { steps: 12 });
    await e.page.mouse.up();
    await expect.poll(titles).toEqual(["Second", "First"]);
    // The moved tab is the one shown.
    await expect.poll(() => panel.textContent()).toContain("Content of two");

    // What was stored is the fact to wait for (the toast is transient and may come and go unseen).
    // Under heavy load a click can land while the header re-renders after the drop and do
    // nothing, so the save button is pressed again for as long as it is there and nothing is stored.
    const saveButton = e.page.locator(dt("header-save-button"));
    await expect
      .poll(
        async () => {
          const children = (await storedLayout(id))["TABS-e2e"].children;
          if (
            children[0] !== "TAB-second" &&
            (await saveButton.isVisible()) &&
            (await saveButton.isEnabled())
          )
            await saveButton.click({ timeout: 2_000 }).catch(() => undefined);
          return children;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toEqual(["TAB-second", "TAB-first"]);
    expect((await storedLayout(id))["TAB-first"].children).toEqual(["ROW-one"]);

    await e.page.reload();
    await e.page.locator(dt("dashboard-page")).waitFor();
    await expect.poll(titles, { timeout: 15_000 }).toEqual(["Second", "First"]);
    await expect.poll(() => panel.textContent()).toContain("Content of two");

    // From the keyboard: the grip picks the tab up (Space), an arrow moves it, Space drops it;
    // the move is one undo step.
    await e.page.locator(dt("edit-dashboard-button")).click();
    await e.page.locator(dt("builder-pane")).waitFor();
    const lifted = e.page.locator(`${dt("sortable-tab")}[data-dragging]`);
    await e.page.locator(dt("tab-drag-handle")).nth(1).focus();
    await e.page.keyboard.press("Space");
    await lifted.waitFor();
    // Each key is handled once the sensor listens (a tick after the pick-up) and has moved the tab.
    await expect
      .poll(async () => {
        await e.page.keyboard.press("ArrowLeft");
        return lifted.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41);
      })
      .toBeLessThan(0);
    await e.page.keyboard.press("Space");
    await lifted.waitFor({ state: "detached" });
    await expect.poll(titles).toEqual(["First", "Second"]);
    await e.page.keyboard.press("Control+z");
    await expect.poll(titles).toEqual(["Second", "First"]);
    await e.page.locator(dt("discard-changes")).click();
    await e.page.locator(dt("edit-dashboard-button")).waitFor();
  });

  it("cross-filters the other charts from a table cell, highlights its rows, clears on a second click; a narrow table scrolls sideways", async () => {
    const { id, charts } = await dashboardWith(
      "E2E table cross filter",
      ([table, pie]) => ({
        ...item("ROOT_ID", "ROOT", ["GRID_ID"]),
        ...item("GRID_ID", "GRID", ["ROW-1"]),
        ...item("ROW-1", "ROW", ["CHART-table", "CHART-pie"]),
        // Two columns of twelve: narrower than the table's four columns.
        ...item("CHART-table", "CHART", [], { chartId: table, width: 2, height: 50 }),
        ...item("CHART-pie", "CHART", [], { chartId: pie, width: 4, height: 50 }),
      }),
      [
        {
          slice_name: "Gender and state table",
          params: {
            viz_type: "table",
            query_mode: "aggregate",
            groupby: ["gender", "state"],
            metrics: ["count", "sum__num"],
            row_limit: 100,
            // A search box and a page bar, both wider than the cell.
            include_search: true,
            page_length: 10,
          },
        },
        {
          slice_name: "Gender pie",
          params: { viz_type: "pie", groupby: ["gender"], metric: "count", row_limit: 10 },
        },
      ],
    );
    const [tableChart, pieChart] = charts;
    await e.page.goto(`${e.url}/superset/dashboard/${id}/`);
    await pieSlices(pieChart).first().waitFor({ timeout: 30_000 });
    await tableRows(tableChart).first().waitFor({ timeout: 30_000 });
    expect(await pieSlices(pieChart).count()).toBe(2);

    // A click on the text of a gender cell (the text lets the click through to the cell).
    const girlCell = tableRows(tableChart)
      .filter({ hasText: "girl" })
      .first()
      .locator('[role="gridcell"]')
      .nth(0);
    await girlCell.click();
    await e.page.locator(dt("cross-filter-chip")).filter({ hasText: "gender = girl" }).waitFor();
    await expect.poll(() => pieSlices(pieChart).count(), { timeout: 30_000 }).toBe(1);
    await e.page.locator(`${chart(tableChart)} ${dt("cross-filter-badge")}`).waitFor();
    // Every row holding "girl" is marked, and only those.
    const marked = tableRows(tableChart).filter({ has: e.page.locator('[aria-pressed="true"]') });
    const girlRows = tableRows(tableChart).filter({ hasText: "girl" });
    await expect.poll(() => marked.count()).toBeGreaterThan(0);
    expect(await marked.count()).toBe(await girlRows.count());
    for (const text of await marked.allTextContents()) expect(text).toContain("girl");
    const background = (row: import("playwright-core").Locator) =>
      row.evaluate((el) => getComputedStyle(el).backgroundColor);
    const plain = tableRows(tableChart).filter({ hasText: "boy" }).first();
    expect(await background(marked.first())).not.toBe(await background(plain));
    // The emitting table keeps its own rows.
    expect(await tableRows(tableChart).filter({ hasText: "boy" }).count()).toBeGreaterThan(0);

    await girlCell.click();
    await expect.poll(() => pieSlices(pieChart).count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => e.page.locator(dt("cross-filter-chip")).count()).toBe(0);
    expect(await marked.count()).toBe(0);

    // Narrow cell: the table (search box and page bar too) stays inside its card; what is wider
    // scrolls sideways, the grid to its last column.
    const root = e.page.locator(`${chart(tableChart)} ${dt("table-chart")}`);
    const overflow = await root.evaluate((el) => ({
      x: el.scrollWidth - el.clientWidth,
      y: el.scrollHeight - el.clientHeight,
    }));
    expect(overflow).toEqual({ x: 0, y: 0 });
    const card = await e.page.locator(chart(tableChart)).boundingBox();
    const rootBox = await root.boundingBox();
    // (The card's body ends on its 1 px bottom border.)
    expect(rootBox!.y + rootBox!.height).toBeLessThanOrEqual(card!.y + card!.height + 1);
    const grid = e.page.locator(`${chart(tableChart)} ${dt("table-chart-grid")}`);
    const box = await grid.boundingBox();
    if (!card || !box) throw new Error("no table");
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width + 0.5);
    expect(box.y + box.height).toBeLessThanOrEqual(card.y + card.height);
    const last = grid.locator('[role="columnheader"]').last();
    expect((await last.boundingBox())!.x).toBeGreaterThan(box.x + box.width);
    await grid.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await expect
      .poll(async () => {
        const b = await last.boundingBox();
        return b ? b.x + b.width <= box.x + box.width + 0.5 && b.x >= box.x : false;
      })
      .toBe(true);
    expect(await last.textContent()).toContain("sum__num");
  });
});
