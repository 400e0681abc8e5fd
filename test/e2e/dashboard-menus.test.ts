import { readFileSync } from "node:fs";
import type { Download } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, datasetIdOf, dt, type E2E, logIn, startE2E } from "./browser.ts";
import { createDashboard, createGenderPieAndTable } from "./dashboard-seed.ts";

let e: E2E;

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e, "/superset/welcome/");
});
afterAll(async () => {
  await e?.close();
});

const api = <T>(method: string, path: string, body?: unknown) => apiCall<T>(e, method, path, body);
const chart = (id: number) => `${dt("dashboard-chart")}[data-chart-id="${id}"]`;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Runs the action and returns the file the browser downloads because of it. */
async function downloadOf(
  action: () => Promise<void>,
  timeout = 30_000,
): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    e.page.waitForEvent("download", { timeout }) as Promise<Download>,
    action(),
  ]);
  const path = await download.path();
  if (!path) throw new Error("the download has no file");
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

/** Opens a chart's "..." menu once the previous menu has finished closing. */
async function openChartMenu(id: number) {
  const dropdowns = e.page.locator(dt("chart-menu-dropdown"));
  await expect.poll(() => dropdowns.count()).toBe(0);
  await e.page.locator(`${chart(id)} ${dt("chart-menu")}`).click();
  await dropdowns.waitFor();
}

describe("Dashboard chart and dashboard menus in Chromium", () => {
  let dashboardId = 0;
  let pieId = 0;
  let tableId = 0;

  beforeAll(async () => {
    const ds = await datasetIdOf(e, "birth_names");
    dashboardId = await createDashboard(e, "Menus");
    ({ pieId, tableId } = await createGenderPieAndTable(e, ds, dashboardId));
    // A native filter scoped to the pie only (the table excluded), for the hover highlight.
    await api("PUT", `/api/v1/dashboard/${dashboardId}`, {
      json_metadata: JSON.stringify({
        native_filter_configuration: [
          {
            id: "NATIVE_FILTER-state",
            type: "NATIVE_FILTER",
            filterType: "filter_select",
            name: "State",
            targets: [{ datasetId: ds, column: { name: "state" } }],
            controlValues: { multiSelect: true },
            scope: { rootPath: ["ROOT_ID"], excluded: [tableId] },
          },
        ],
      }),
    });
    await e.page.goto(`${e.url}/superset/dashboard/${dashboardId}/`);
    await e.page.locator(`${chart(pieId)}[data-rendered]`).waitFor({ timeout: 30_000 });
    await e.page.locator(`${chart(tableId)}[data-rendered]`).waitFor({ timeout: 30_000 });
  });

  it("downloads a chart's data as CSV and as Excel from its menu", async () => {
    await openChartMenu(tableId);
    const csv = await downloadOf(() => e.page.locator(dt("export-csv")).click());
    expect(csv.name).toMatch(/\.csv$/);
    const text = csv.bytes.toString("utf8");
    expect(text.split(/\r?\n/)[0]).toMatch(/gender/);
    expect(text).toMatch(/boy/);
    expect(text).toMatch(/girl/);

    // The full export asks for the first query alone with the chart-data row budget as its limit.
    await openChartMenu(tableId);
    const asked = e.page.waitForRequest(
      (r) => r.url().includes("/api/v1/chart/data") && r.postDataJSON()?.result_format === "csv",
    );
    const full = await downloadOf(() => e.page.locator(dt("export-full-csv")).click());
    const body = (await asked).postDataJSON() as { result_type: string; queries: { row_limit: number }[] };
    expect(body.result_type).toBe("full");
    expect(body.queries.map((q) => q.row_limit)).toEqual([100_000]);
    expect(full.bytes.toString("utf8")).toMatch(/boy/);

    await openChartMenu(tableId);
    const xlsx = await downloadOf(() => e.page.locator(dt("export-xlsx")).click());
    expect(xlsx.name).toMatch(/\.xlsx$/);
    // An XLSX file is a zip archive: "PK\x03\x04".
    expect([...xlsx.bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });

  it("downloads a Plotly chart and a table chart as PNG images", async () => {
    await openChartMenu(pieId);
    const pie = await downloadOf(() => e.page.locator(dt("download-image")).click());
    expect(pie.name).toMatch(/\.png$/);
    expect([...pie.bytes.subarray(0, 8)]).toEqual(PNG_MAGIC);
    expect(pie.bytes.length).toBeGreaterThan(1000);

    await openChartMenu(tableId);
    const table = await downloadOf(() => e.page.locator(dt("download-image")).click());
    expect(table.name).toMatch(/\.png$/);
    expect([...table.bytes.subarray(0, 8)]).toEqual(PNG_MAGIC);
    expect(table.bytes.length).toBeGreaterThan(1000);
  });

  it("shows the chart's compiled SQL in View query and its rows in View as table", async () => {
    await openChartMenu(pieId);
    await e.page.locator(dt("view-query")).click();
    const sql = e.page.locator(dt("view-query-sql")).first();
    await sql.waitFor({ timeout: 15_000 });
    expect(await sql.textContent()).toMatch(/SELECT[\s\S]*gender[\s\S]*FROM[\s\S]*birth_names/i);
    await e.page.keyboard.press("Escape");
    await e.page.locator(dt("view-query-modal")).waitFor({ state: "detached" });

    await openChartMenu(pieId);
    await e.page.locator(dt("view-as-table")).click();
    const grid = e.page.locator(`${dt("view-results-grid")} ${dt("grid-row")}`);
    await grid.first().waitFor({ timeout: 15_000 });
    expect(await grid.count()).toBe(2);
    await e.page.keyboard.press("Escape");
    await e.page.locator(dt("view-results-modal")).waitFor({ state: "detached" });
  });

  it("drills by another column from the menu and goes back with the breadcrumb", async () => {
    await openChartMenu(pieId);
    await e.page.locator(dt("drill-by-menu-item")).click();
    const modal = e.page.locator(dt("drill-by-modal"));
    await modal.waitFor({ state: "attached" });
    await modal.locator(dt("drill-by-column")).click();
    await e.page.getByRole("option", { name: "state", exact: true }).click();
    await modal.locator(dt("drill-by-crumb-current")).getByText("state").waitFor();
    // The pie grouped by state: one slice per state of birth_names, more than the two genders.
    const slices = modal.locator(`${dt("drill-by-chart")} g.slice`);
    await expect.poll(() => slices.count(), { timeout: 30_000 }).toBeGreaterThan(2);
    await modal.locator(dt("drill-by-crumb")).first().click();
    await modal.getByText("Choose a column to drill by").waitFor();
    await e.page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached" });
  });

  it("drills by a column from the right-click menu on a pie slice, narrowed to that slice", async () => {
    const slice = e.page.locator(`${chart(pieId)} g.slice`).first();
    await slice.hover();
    await slice.click({ button: "right" });
    const menu = e.page.locator(dt("chart-context-menu"));
    await menu.waitFor();
    await expect.poll(() => menu.locator(dt("context-drill-detail-by")).textContent()).toMatch(/boy|girl/);
    await menu.locator(dt("context-drill-by-column")).getByText("state", { exact: true }).click();
    const modal = e.page.locator(dt("drill-by-modal"));
    await expect
      .poll(() => modal.locator(dt("drill-by-crumb-current")).textContent(), { timeout: 15_000 })
      .toMatch(/state \(gender = (boy|girl)\)/);
    await expect
      .poll(() => modal.locator(`${dt("drill-by-chart")} g.slice`).count(), { timeout: 30_000 })
      .toBeGreaterThan(2);
    await e.page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached" });

    // "Add cross-filter" from the same menu filters the table to the slice's gender.
    await slice.hover();
    await slice.click({ button: "right" });
    await menu.locator(dt("context-add-cross-filter")).click();
    await e.page.locator(`${chart(pieId)} ${dt("cross-filter-badge")}`).waitFor();
    await expect
      .poll(() => e.page.locator(`${chart(tableId)} ${dt("grid-row")}`).count(), { timeout: 15_000 })
      .toBe(1);
    await e.page.locator(`${chart(pieId)} ${dt("cross-filter-badge")}`).click();
    await expect
      .poll(() => e.page.locator(`${chart(tableId)} ${dt("grid-row")}`).count(), { timeout: 15_000 })
      .toBe(2);
  });

  it("saves a chart's cross-filter scoping in the dashboard's chart_configuration", async () => {
    await openChartMenu(pieId);
    await e.page.locator(dt("cross-filter-scoping")).click();
    const modal = e.page.locator(dt("cross-filter-scoping-modal"));
    const box = modal.getByRole("checkbox", { name: "Gender table" });
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await modal.locator(dt("scoping-save")).click();
    await modal.waitFor({ state: "detached" });
    const stored = await api<{ result: { json_metadata: string } }>(
      "GET",
      `/api/v1/dashboard/${dashboardId}`,
    );
    const config = JSON.parse(stored.result.json_metadata).chart_configuration[String(pieId)];
    expect(config.id).toBe(pieId);
    expect(config.crossFilters.scope.excluded).toEqual(expect.arrayContaining([tableId, pieId]));
    expect(config.crossFilters.chartsInScope).toEqual([]);

    // Clicking a slice now filters no chart: the table keeps both genders.
    await e.page
      .locator(`${chart(pieId)} g.slice`)
      .first()
      .click();
    await e.page.locator(`${chart(pieId)} ${dt("cross-filter-badge")}`).waitFor();
    expect(await e.page.locator(`${chart(tableId)} ${dt("grid-row")}`).count()).toBe(2);
    await e.page.locator(`${chart(pieId)} ${dt("cross-filter-badge")}`).click();
  });

  it("configures embedding: allowed domains, the embedded uuid and the SDK snippet", async () => {
    await e.page.locator(dt("dashboard-menu")).click();
    await e.page.locator(dt("embed-dashboard")).click();
    const modal = e.page.locator(dt("embed-modal"));
    await modal.getByText("Configure this dashboard to embed it").waitFor({ timeout: 15_000 });
    await modal.locator(`${dt("embed-allowed-domains")}`).fill("app.example.com");
    await modal.locator(dt("embed-enable")).click();
    // The server takes origins only: its refusal is shown by the field.
    await modal
      .getByText("app.example.com is not an origin like https://example.com")
      .waitFor({ timeout: 15_000 });
    await modal
      .locator(dt("embed-allowed-domains"))
      .fill("https://app.example.com, https://reports.example.com");
    await modal.locator(dt("embed-enable")).click();
    const uuid = modal.locator(dt("embed-uuid"));
    await uuid.waitFor({ timeout: 15_000 });
    const shown = (await uuid.textContent())?.trim() ?? "";
    expect(shown).toMatch(/^[0-9a-f-]{36}$/);
    expect(await modal.locator(dt("embed-snippet")).textContent()).toContain(`id: "${shown}"`);
    const stored = await api<{ result: { uuid: string; allowed_domains: string[] } }>(
      "GET",
      `/api/v1/dashboard/${dashboardId}/embedded`,
    );
    expect(stored.result).toMatchObject({
      uuid: shown,
      allowed_domains: ["https://app.example.com", "https://reports.example.com"],
    });
    await modal.locator(dt("embed-deactivate")).click();
    await modal.locator(dt("embed-confirm-deactivate")).click();
    await modal.getByText("Configure this dashboard to embed it").waitFor({ timeout: 15_000 });
    await e.page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached" });
  });

  it("downloads the whole dashboard as a PNG image and as a PDF drawn by the server", async () => {
    // The server draws it as its reports are (headless Chromium): a toast stays while it works.
    await e.page.locator(dt("dashboard-menu")).click();
    const png = await downloadOf(async () => {
      await e.page.locator(dt("download-dashboard-image")).click();
      await e.page.getByText("The screenshot is being generated. Please, do not leave the page.").waitFor();
    }, 120_000);
    expect(png.name).toMatch(/^Menus-.*\.png$/);
    expect([...png.bytes.subarray(0, 8)]).toEqual(PNG_MAGIC);
    // The IHDR chunk's width: the report renderer's dashboard width, not the browser window's.
    expect(png.bytes.readUInt32BE(16)).toBe(1600);
    expect(png.bytes.length).toBeGreaterThan(5_000);
    await e.page.getByText("The screenshot has been downloaded.").waitFor();

    await e.page.locator(dt("dashboard-menu")).click();
    const pdf = await downloadOf(() => e.page.locator(dt("download-pdf")).click(), 120_000);
    expect(pdf.name).toMatch(/^Menus-.*\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.bytes.subarray(-6).toString("latin1")).toContain("%%EOF");
    // Chart titles are text in the PDF's outline (not a picture of the page, as before).
    const text = pdf.bytes.toString("latin1");
    expect(text).toContain("(Births by gender)");
  });

  it("highlights the charts in a native filter's scope while it is hovered or focused", async () => {
    const filter = e.page.locator(`${dt("native-filter")}[data-filter-name="State"]`);
    await filter.hover();
    await e.page.locator(`${chart(pieId)}[data-in-filter-scope]`).waitFor();
    expect(await e.page.locator(`${chart(tableId)}[data-in-filter-scope]`).count()).toBe(0);
    await e.page.locator(dt("dashboard-title")).hover();
    await expect.poll(() => e.page.locator("[data-in-filter-scope]").count()).toBe(0);
    await filter.locator(dt("filter-value-select")).focus();
    await e.page.locator(`${chart(pieId)}[data-in-filter-scope]`).waitFor();
    await e.page.locator(dt("filter-value-select")).blur();
    await expect.poll(() => e.page.locator("[data-in-filter-scope]").count()).toBe(0);
  });

  it("edits the dashboard's CSS starting from a CSS template", async () => {
    const css = '[data-test="chart-title"] { color: rgb(200, 10, 20); }';
    await api("POST", "/api/v1/css_template/", { template_name: "Red titles", css });
    await e.page.locator(dt("dashboard-menu")).click();
    await e.page.locator(dt("edit-css")).click();
    const modal = e.page.locator(dt("css-modal"));
    await modal.waitFor({ state: "attached" });
    await modal.locator(dt("css-template-select")).click();
    await e.page.getByRole("option", { name: "Red titles" }).click();
    await expect.poll(() => modal.locator(dt("css-editor")).inputValue()).toBe(css);
    await modal.locator(dt("css-apply")).click();
    await modal.waitFor({ state: "detached" });
    const stored = await api<{ result: { css: string } }>("GET", `/api/v1/dashboard/${dashboardId}`);
    expect(stored.result.css).toBe(css);
    await expect
      .poll(() =>
        e.page.locator(`${chart(pieId)} ${dt("chart-title")}`).evaluate((el) => getComputedStyle(el).color),
      )
      .toBe("rgb(200, 10, 20)");
  });

  it("copies a permalink to a chart that reopens the dashboard focused on that chart", async () => {
    await e.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e.url });
    await openChartMenu(tableId);
    const created = e.page.waitForResponse(
      (r) =>
        r.url().includes(`/api/v1/dashboard/${dashboardId}/permalink`) && r.request().method() === "POST",
    );
    await e.page.locator(dt("copy-permalink")).click();
    const body = (await created).request().postDataJSON() as { anchor: string; urlParams: string[][] };
    expect(body.anchor).toMatch(/^CHART-/);
    expect(body.urlParams).toEqual([["focused_chart", String(tableId)]]);
    await e.page.getByText("Copied to clipboard!").waitFor();
    const url = await e.page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(/\/superset\/dashboard\/p\/[^/]+\/$/);
    await e.page.goto(url);
    await e.page.locator(`${chart(tableId)}[data-focused="true"]`).waitFor({ timeout: 15_000 });
  });

  it("focuses the chart named by ?focused_chart, then removes the parameter", async () => {
    await e.page.goto(`${e.url}/superset/dashboard/${dashboardId}/?focused_chart=${tableId}`);
    await e.page.locator(`${chart(tableId)}[data-focused="true"]`).waitFor({ timeout: 15_000 });
    await expect.poll(() => new URL(e.page.url()).searchParams.has("focused_chart")).toBe(false);
    expect(new URL(e.page.url()).pathname).toBe(`/superset/dashboard/${dashboardId}/`);
  });

  it("shows one chart fullscreen from its menu and leaves with Escape", async () => {
    await openChartMenu(pieId);
    await e.page.locator(dt("chart-fullscreen")).click();
    const holder = e.page.locator(`${chart(pieId)}[data-fullscreen]`);
    await holder.waitFor();
    await expect.poll(async () => (await holder.boundingBox())?.width).toBe(1400);
    expect((await holder.boundingBox())?.height).toBe(900);
    await e.page.keyboard.press("Escape");
    await expect.poll(() => e.page.locator("[data-fullscreen]").count()).toBe(0);
  });

  it("enters and leaves fullscreen (standalone) from the dashboard menu", async () => {
    await e.page.locator(dt("dashboard-menu")).click();
    await e.page.locator(dt("dashboard-fullscreen")).click();
    await expect.poll(() => new URL(e.page.url()).searchParams.get("standalone")).toBe("1");
    await e.page.locator(dt("dashboard-menu")).click();
    await e.page.locator(dt("dashboard-fullscreen")).getByText("Exit fullscreen").click();
    await expect.poll(() => new URL(e.page.url()).searchParams.get("standalone")).toBeNull();
  });

  it("shows why the server could not draw the dashboard when its download fails", async () => {
    const ds = await datasetIdOf(e, "birth_names");
    const broken = (
      await api<{ id: number }>("POST", "/api/v1/dashboard/", { dashboard_title: "Broken", published: true })
    ).id;
    // A chart whose query names a column the dataset does not have: its data fails on the server.
    await api("POST", "/api/v1/chart/", {
      slice_name: "Missing column",
      viz_type: "table",
      datasource_id: ds,
      datasource_type: "table",
      params: JSON.stringify({ datasource: `${ds}__table`, viz_type: "table", groupby: ["no_such_column"] }),
      query_context: JSON.stringify({
        datasource: { id: ds, type: "table" },
        queries: [{ columns: ["no_such_column"], metrics: ["count"], row_limit: 10 }],
        result_format: "json",
        result_type: "full",
      }),
      dashboards: [broken],
    });
    await e.page.goto(`${e.url}/superset/dashboard/${broken}/`);
    await e.page.locator(dt("dashboard-menu")).click();
    await e.page.locator(dt("download-dashboard-image")).click();
    const failure = e.page
      .locator(dt("toast-danger"))
      .filter({ hasText: "The screenshot could not be downloaded." });
    await failure.waitFor({ timeout: 60_000 });
    expect(await failure.textContent()).toContain('Chart "Missing column" could not get its data');
    await expect.poll(() => e.page.getByText("The screenshot is being generated.").count()).toBe(0);
  });

  it("opens a chart in Explore from its title, inside the app, its address Explore's", async () => {
    await e.page.goto(`${e.url}/superset/dashboard/${dashboardId}/`);
    const title = e.page.locator(`${chart(pieId)} ${dt("chart-title-link")}`);
    await title.waitFor();
    // The address a new tab or a copied link gets.
    const href = new URL((await title.getAttribute("href")) ?? "", e.url);
    expect(href.pathname).toBe("/explore/");
    expect(href.searchParams.get("slice_id")).toBe(String(pieId));
    // A plain click stays in the page: no document load, the app routes to Explore.
    await e.page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await title.click();
    await e.page.waitForURL((u) => u.pathname === "/explore/");
    await e.page.locator(dt("explore-page")).waitFor();
    expect(await e.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });
});
