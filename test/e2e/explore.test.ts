import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, datasetIdOf, dt, type E2E, logIn, startE2E, waitShown } from "./browser.ts";

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

/** Picks an option of a Mantine Select/MultiSelect found by its data-test attribute. */
async function choose(testId: string, option: string | RegExp) {
  await e.page.locator(dt(testId)).click();
  await e.page.getByRole("option", { name: option }).first().click();
}

describe("Explore in Chromium", () => {
  let sliceId = 0;

  it("builds a bar chart of birth_names by gender, runs it and draws it with Plotly", async () => {
    const id = await datasetId("birth_names");
    await e.page.goto(`${e.url}/explore/?datasource_type=table&datasource_id=${id}`);
    await e.page.locator(dt("explore-page")).waitFor();
    await expect
      .poll(() => e.page.locator(dt("dataset-name")).textContent(), { timeout: 15_000 })
      .toBe("birth_names");

    await e.page.locator(dt("viz-picker")).click();
    await e.page.locator(dt("viz-type-echarts_timeseries_bar")).dblclick();

    // X-axis: gender instead of the default time column.
    await choose("control-x_axis", "gender");
    // Metric: the saved metric "count" (and nothing else).
    const pills = e.page.locator(`${dt("control-metrics")} ${dt("metric-pill")}`);
    while ((await pills.count()) > 0) await pills.first().locator("button").click();
    await e.page.locator(dt("control-metrics-add")).click();
    await e.page.locator(dt("metric-tab-saved")).click();
    await choose("metric-saved-select", "COUNT(*)");
    await e.page.locator(dt("metric-save")).click();
    await expect.poll(() => pills.allTextContents(), { timeout: 15_000 }).toEqual(["COUNT(*)"]);

    await e.page.locator(dt("run-query-button")).click();
    const bars = e.page.locator(`${dt("plotly-chart")} svg.main-svg g.trace.bars path`);
    await bars.first().waitFor({ timeout: 30_000 });
    expect(await bars.count()).toBe(2); // boy, girl
    await expect
      .poll(() => e.page.locator(dt("row-count")).textContent(), { timeout: 15_000 })
      .toMatch(/2 rows/);
  });

  it("saves it as a new chart; the URL becomes /explore/?slice_id=N", async () => {
    await e.page.locator(dt("query-save-button")).click();
    await e.page.locator(dt("new-chart-name")).fill("E2E births by gender");
    await e.page.locator(dt("btn-modal-save")).click();
    await e.page.waitForURL(/\/explore\/\?slice_id=\d+$/);
    sliceId = Number(new URL(e.page.url()).searchParams.get("slice_id"));
    expect(sliceId).toBeGreaterThan(0);
    await e.page.getByText("Chart [E2E births by gender] has been saved").waitFor();
    await waitShown(e, e.page.locator(`${dt("plotly-chart")} svg.main-svg`).first());
    const chart = await api<{ result: { viz_type: string; params: string; query_context: string } }>(
      "GET",
      `/api/v1/chart/${sliceId}`,
    );
    expect(chart.result.viz_type).toBe("echarts_timeseries_bar");
    expect(JSON.parse(chart.result.params)).toMatchObject({ x_axis: "gender", metrics: ["count"] });
    expect(JSON.parse(chart.result.query_context).queries[0].metrics).toEqual(["count"]);
  });

  it("reopens the chart from the chart list, changes a control and shows the Altered badge", async () => {
    await e.page.goto(`${e.url}/chart/list/?viewMode=table`);
    await e.page.getByRole("link", { name: "E2E births by gender" }).click();
    await e.page.waitForURL(new RegExp(`/explore/\\?slice_id=${sliceId}`));
    await e.page
      .locator(`${dt("plotly-chart")} svg.main-svg g.trace.bars path`)
      .first()
      .waitFor({ timeout: 30_000 });
    await expect
      .poll(() => e.page.locator(dt("chart-title")).textContent(), { timeout: 15_000 })
      .toBe("E2E births by gender");
    expect(await e.page.locator(dt("altered-badge")).count()).toBe(0);

    await e.page.locator(dt("control-order_desc")).click();
    await e.page.locator(dt("altered-badge")).waitFor();
    await e.page.locator(dt("altered-badge")).click();
    const table = e.page.locator(dt("chart-changes-table"));
    await table.waitFor();
    const row = table.locator("tbody tr").filter({ hasText: "Sort descending" });
    await expect
      .poll(() => row.locator("td").allTextContents(), { timeout: 15_000 })
      .toEqual(["Sort descending", "true", "false"]);
  });

  it("stays on the chart just saved when the unsaved state's key is stored after the save", async () => {
    await e.page.goto(`${e.url}/explore/?slice_id=${sliceId}`);
    await waitShown(e, e.page.locator(`${dt("plotly-chart")} svg.main-svg`).first());
    // The form's unsaved state is stored a second after a change; that request is held until the
    // chart has been saved as a new one and Explore has moved to it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await e.page.route("**/api/v1/explore/form_data**", async (route) => {
      await held;
      await route.continue();
    });
    const stored = e.page.waitForRequest((r) => r.url().includes("/api/v1/explore/form_data"));
    await e.page.locator(dt("control-order_desc")).click();
    await stored;
    await e.page.locator(dt("query-save-button")).click();
    await e.page.locator(dt("saveas-radio")).click();
    await e.page.locator(dt("new-chart-name")).fill("E2E saved while storing");
    await e.page.locator(dt("btn-modal-save")).click();
    await e.page.waitForURL(
      (u) => u.searchParams.has("slice_id") && u.searchParams.get("slice_id") !== String(sliceId),
    );
    const saved = new URL(e.page.url()).searchParams.get("slice_id");
    await expect
      .poll(() => e.page.locator(dt("chart-title")).textContent(), { timeout: 15_000 })
      .toBe("E2E saved while storing");
    const answered = e.page.waitForResponse((r) => r.url().includes("/api/v1/explore/form_data"));
    release();
    await answered;
    await e.page.unroute("**/api/v1/explore/form_data**");
    // Before, the late key was written into the address of the view that asked for it: the page
    // went back to that address and showed the chart as unsaved.
    await e.page.waitForTimeout(500);
    expect(new URL(e.page.url()).searchParams.get("slice_id")).toBe(saved);
    await expect(e.page.locator(dt("chart-title")).textContent()).resolves.toBe("E2E saved while storing");
  });

  it("standalone mode draws only the chart, without the navigation bar", async () => {
    await e.page.goto(`${e.url}/explore/?slice_id=${sliceId}&standalone=1`);
    await e.page
      .locator(`${dt("explore-standalone")} ${dt("plotly-chart")} svg.main-svg`)
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await e.page.locator(dt("navbar-brand")).count()).toBe(0);
    expect(await e.page.locator(dt("control-panel")).count()).toBe(0);
    await e.page.goto(`${e.url}/explore/?slice_id=${sliceId}`);
    await e.page
      .locator(`${dt("plotly-chart")} svg.main-svg`)
      .first()
      .waitFor({ timeout: 30_000 });
    await e.page.locator(dt("control-order_desc")).click();
    await e.page.locator(dt("altered-badge")).waitFor();
  });

  it("views the query of the chart", async () => {
    await e.page.keyboard.press("Escape");
    await e.page.locator(dt("explore-actions")).click();
    await e.page.locator(dt("view-query-menu-item")).click();
    const sql = e.page.locator(dt("view-query-sql")).first();
    await sql.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => sql.textContent(), { timeout: 15_000 })
      .toMatch(/SELECT[\s\S]*gender[\s\S]*GROUP BY/i);
  });

  it("drags the gender column onto the dimensions and the count metric onto the metrics, then draws", async () => {
    const id = await datasetId("birth_names");
    await e.page.goto(
      `${e.url}/explore/?datasource_type=table&datasource_id=${id}&viz_type=echarts_timeseries_bar`,
    );
    await e.page.locator(dt("explore-page")).waitFor();
    const pills = e.page.locator(`${dt("control-metrics")} ${dt("metric-pill")}`);
    while ((await pills.count()) > 0) await pills.first().locator("button").click();

    await e.page.locator(dt("datasource-item-gender")).dragTo(e.page.locator(dt("drop-zone-groupby")));
    await expect(
      e.page.locator(`${dt("drop-zone-groupby")} .mantine-MultiSelect-pill`).allTextContents(),
    ).resolves.toEqual(["gender"]);
    await e.page.locator(dt("datasource-item-count")).dragTo(e.page.locator(dt("drop-zone-metrics")));
    await expect.poll(() => pills.allTextContents(), { timeout: 15_000 }).toEqual(["COUNT(*)"]);
    // A metric is no x-axis: dropping it there changes nothing.
    const xAxis = e.page.locator(dt("control-x_axis"));
    const before = await xAxis.inputValue();
    await e.page.locator(dt("datasource-item-count")).dragTo(e.page.locator(dt("drop-zone-x_axis")));
    await expect(xAxis.inputValue()).resolves.toBe(before);

    await e.page.locator(dt("run-query-button")).click();
    const bars = e.page.locator(`${dt("plotly-chart")} svg.main-svg g.trace.bars`);
    await bars.first().waitFor({ timeout: 30_000 });
    expect(await bars.count()).toBe(2); // one series per gender: boy, girl
  });

  it("scrolls a 100k-row table chart with only the visible rows in the DOM", async () => {
    const examples = await api<{ result: { id: number; database_name: string }[] }>(
      "GET",
      "/api/v1/database/",
    );
    const db = examples.result.find((d) => d.database_name === "examples");
    if (!db) throw new Error("examples database not found");
    const created = await api<{ id: number }>("POST", "/api/v1/dataset/", {
      database: db.id,
      table_name: "e2e_hundred_thousand",
      sql: "SELECT i AS id, i % 97 AS bucket FROM range(100000) AS t(i)",
    });
    await e.page.goto(`${e.url}/explore/?datasource_type=table&datasource_id=${created.id}&viz_type=table`);
    await e.page.locator(dt("explore-page")).waitFor();
    await choose("control-query_mode", "Raw records");
    await choose("control-all_columns", "id");
    await e.page.keyboard.press("Escape");
    const limit = e.page.locator(dt("control-row_limit"));
    await limit.fill("100000");
    await e.page.keyboard.press("Escape");
    await e.page.locator(dt("run-query-button")).click();
    const grid = e.page.locator(dt("table-chart-grid"));
    await grid.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => e.page.locator(dt("table-chart-rowcount")).textContent(), { timeout: 15_000 })
      .toBe("100,000 rows");
    const rendered = await grid.locator(dt("grid-row")).count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(200);

    await grid.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    const last = grid.locator('[aria-rowindex="100001"]');
    await last.waitFor();
    // The last row: row number 100000, an id cell (raw rows come in no guaranteed order).
    await expect.poll(() => last.locator("div").first().textContent(), { timeout: 15_000 }).toBe("100000");
    await expect
      .poll(() => last.locator('[role="gridcell"]').first().textContent(), { timeout: 15_000 })
      .toMatch(/^\d+$/);
    expect(await grid.locator(dt("grid-row")).count()).toBeLessThan(200);
  });
});
