import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, datasetIdOf, dt, type E2E, logIn, startE2E } from "./browser.ts";
import { pickExamplesDatabase, typeSql } from "./sql-editor.ts";

/**
 * Defects found by hand in Chromium: "Save & go to dashboard" going to the chart's first dashboard,
 * a viz switch losing the X-axis, SQL Lab's toolbar wrapping and its results grid a few rows tall,
 * list headers sorting descending first, and smaller ones of the same pages.
 */
let e: E2E;

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e, "/superset/welcome/");
});
afterAll(async () => {
  await e?.close();
});

const api = <T>(method: string, path: string, body?: unknown) => apiCall<T>(e, method, path, body);

async function dashboardId(title: string): Promise<number> {
  const q = encodeURIComponent(`(filters:!((col:dashboard_title,opr:eq,value:'${title}')))`);
  const list = await api<{ result: { id: number; dashboard_title: string }[] }>(
    "GET",
    `/api/v1/dashboard/?q=${q}`,
  );
  const found = list.result.find((d) => d.dashboard_title === title);
  if (!found) throw new Error(`dashboard ${title} not found`);
  return found.id;
}

/** A bar chart of sum__num by state, saved on the given dashboards. */
async function barByState(name: string, dashboards: number[]): Promise<number> {
  const id = await datasetIdOf(e, "birth_names");
  const params = {
    viz_type: "echarts_timeseries_bar",
    datasource: `${id}__table`,
    x_axis: "state",
    metrics: ["sum__num"],
    adhoc_filters: [],
    row_limit: 100,
  };
  const chart = await api<{ id: number }>("POST", "/api/v1/chart/", {
    slice_name: name,
    viz_type: "echarts_timeseries_bar",
    datasource_id: id,
    datasource_type: "table",
    params: JSON.stringify(params),
    dashboards,
  });
  return chart.id;
}

const pills = (control: string) => e.page.locator(`${dt(`drop-zone-${control}`)} .mantine-MultiSelect-pill`);

async function switchViz(key: string) {
  await e.page.locator(dt("viz-picker")).click();
  await e.page.locator(dt(`viz-type-${key}`)).dblclick();
}

describe("Explore", () => {
  it("'Save & go to dashboard' goes to the dashboard added in the modal, not the chart's first one", async () => {
    const a = (await api<{ id: number }>("POST", "/api/v1/dashboard/", { dashboard_title: "Dash A" })).id;
    const b = (await api<{ id: number }>("POST", "/api/v1/dashboard/", { dashboard_title: "Dash B" })).id;
    const births = await dashboardId("Births");
    const sliceId = await barByState("On A and B", [a, b]);

    await e.page.goto(`${e.url}/explore/?slice_id=${sliceId}`);
    await e.page.locator(dt("query-save-button")).click();
    const modal = e.page.getByRole("dialog");
    const dashboards = modal.locator(dt("save-modal-dashboards"));
    await expect
      .poll(() => modal.locator(".mantine-MultiSelect-pill").allTextContents())
      .toEqual(["Dash A", "Dash B"]);
    // The buttons share one row (Save used to wrap under the other two).
    const tops = await Promise.all(
      ["Cancel", "Save & go to dashboard", "Save"].map(async (name) =>
        Math.round((await modal.getByRole("button", { name, exact: true }).boundingBox())!.y),
      ),
    );
    expect(new Set(tops).size).toBe(1);

    await dashboards.click();
    await e.page.keyboard.type("Birt");
    await e.page.getByRole("option", { name: "Births", exact: true }).click();
    await e.page.keyboard.press("Escape");
    await expect
      .poll(() => modal.locator(".mantine-MultiSelect-pill").allTextContents())
      .toEqual(["Dash A", "Dash B", "Births"]);
    await modal.locator(dt("btn-save-go-dashboard")).click();
    await e.page.waitForURL(new RegExp(`/superset/dashboard/${births}/`));
    const chart = await api<{ result: { dashboards: { id: number }[] } }>("GET", `/api/v1/chart/${sliceId}`);
    expect(chart.result.dashboards.map((d) => d.id).sort()).toEqual([a, b, births].sort());
  });

  it("a bar chart's X-axis becomes the dimension of a pie, treemap, table or pivot table, and back", async () => {
    const sliceId = await barByState("Bar by state", []);
    await e.page.goto(`${e.url}/explore/?slice_id=${sliceId}`);
    await e.page.locator(dt("explore-page")).waitFor();
    await expect
      .poll(() => e.page.locator(dt("control-x_axis")).inputValue(), { timeout: 15_000 })
      .toBe("state");

    await switchViz("pie");
    await expect.poll(() => pills("groupby").allTextContents()).toEqual(["state"]);
    await e.page.locator(dt("run-query-button")).click();
    const slices = e.page.locator(`${dt("plotly-chart")} g.slice path.surface`);
    await expect.poll(() => slices.count(), { timeout: 30_000 }).toBeGreaterThan(5);

    await switchViz("treemap_v2");
    await expect.poll(() => pills("groupby").allTextContents()).toEqual(["state"]);
    await e.page.locator(dt("run-query-button")).click();
    // One rectangle per state under the root, not a lone "sum__num" label.
    await expect
      .poll(() => e.page.locator(`${dt("plotly-chart")} g.slice`).count(), { timeout: 30_000 })
      .toBeGreaterThan(5);

    await switchViz("table");
    await expect.poll(() => pills("groupby").allTextContents()).toEqual(["state"]);
    await switchViz("pivot_table_v2");
    await expect.poll(() => pills("groupbyRows").allTextContents()).toEqual(["state"]);

    await switchViz("echarts_timeseries_bar");
    await expect.poll(() => e.page.locator(dt("control-x_axis")).inputValue()).toBe("state");
    await expect(pills("groupby").count()).resolves.toBe(0);
  });

  it("a line over time becomes a pie of its series with its metric, and back to the same line", async () => {
    const id = await datasetIdOf(e, "birth_names");
    const params = {
      viz_type: "echarts_timeseries_line",
      datasource: `${id}__table`,
      x_axis: "ds",
      time_grain_sqla: "P1Y",
      time_range: "No filter",
      metrics: ["sum__num"],
      groupby: ["gender"],
      adhoc_filters: [],
      row_limit: 1000,
    };
    const { id: sliceId } = await api<{ id: number }>("POST", "/api/v1/chart/", {
      slice_name: "Line by gender",
      viz_type: "echarts_timeseries_line",
      datasource_id: id,
      datasource_type: "table",
      params: JSON.stringify(params),
    });
    await e.page.goto(`${e.url}/explore/?slice_id=${sliceId}`);
    await e.page.locator(dt("explore-page")).waitFor();
    await expect
      .poll(() => e.page.locator(dt("control-x_axis")).inputValue(), { timeout: 15_000 })
      .toBe("ds");
    const metricPills = (control: string) =>
      e.page.locator(`${dt(`control-${control}`)} ${dt("metric-pill")}`);
    const metric = await metricPills("metrics").allTextContents();
    expect(metric).toHaveLength(1);

    await switchViz("pie");
    // The series dimension, not the time axis; the metric kept; no X-axis control left over.
    await expect.poll(() => pills("groupby").allTextContents()).toEqual(["gender"]);
    await expect.poll(() => metricPills("metric").allTextContents()).toEqual(metric);
    await expect(e.page.locator(dt("control-x_axis")).count()).resolves.toBe(0);
    const asked: Record<string, any>[] = [];
    const listener = (req: import("playwright-core").Request) => {
      if (req.method() === "POST" && req.url().includes("/api/v1/chart/data")) asked.push(req.postDataJSON());
    };
    e.page.on("request", listener);
    await e.page.locator(dt("run-query-button")).click();
    // One slice per gender, not one per year and gender.
    const slices = e.page.locator(`${dt("plotly-chart")} g.slice path.surface`);
    await expect.poll(() => slices.count(), { timeout: 30_000 }).toBe(2);
    e.page.off("request", listener);
    const query = asked.at(-1)!;
    expect(query.form_data).not.toHaveProperty("x_axis");
    expect(query.queries[0].columns).toEqual(["gender"]);

    await switchViz("echarts_timeseries_line");
    await expect.poll(() => e.page.locator(dt("control-x_axis")).inputValue()).toBe("ds");
    await expect.poll(() => pills("groupby").allTextContents()).toEqual(["gender"]);
    await expect.poll(() => metricPills("metrics").allTextContents()).toEqual(metric);
  });

  it("a text column's filter offers no boolean or latest_partition operators", async () => {
    await e.page.locator(dt("control-adhoc_filters-add")).click();
    await e.page.locator(dt("filter-column-select")).click();
    await e.page.getByRole("option", { name: "state", exact: true }).click();
    await e.page.locator(dt("filter-operator-select")).click();
    const offered = await e.page.getByRole("option").allTextContents();
    expect(offered).toContain("Equal to (=)");
    expect(offered).toContain("Is null");
    for (const gone of ["Is true", "Is false", "use latest_partition template", "Time range"])
      expect(offered).not.toContain(gone);
    await e.page.keyboard.press("Escape");
    await e.page.keyboard.press("Escape");
  });
});

describe("SQL Lab at 1280 × 900", () => {
  const toolbarRowTops = async () => {
    const toolbar = e.page.locator(dt("sqllab-toolbar"));
    const boxes = await toolbar.locator("button").evaluateAll((buttons) =>
      buttons.map((b) => {
        const r = b.getBoundingClientRect();
        return Math.round(r.top + r.height / 2);
      }),
    );
    return new Set(boxes);
  };

  it("keeps the toolbar on one row, before and after the query is saved", async () => {
    await e.page.setViewportSize({ width: 1280, height: 900 });
    await e.page.goto(`${e.url}/sqllab/`);
    await e.page.locator(dt("sqllab-page")).waitFor();
    await pickExamplesDatabase(e);
    await e.page.locator(`${dt("sql-editor")} .cm-content`).waitFor();
    await typeSql(e, "SELECT * FROM birth_names ORDER BY name LIMIT 50");
    await expect.poll(toolbarRowTops).toHaveProperty("size", 1);

    await e.page.locator(dt("save-query")).click();
    await e.page.locator(dt("saved-query-name")).fill("Fifty births");
    await e.page.locator(dt("save-query-submit")).click();
    await e.page.locator(dt("copy-link")).waitFor();
    await expect.poll(toolbarRowTops).toHaveProperty("size", 1);
    // Every action is still there, named for assistive technologies when it shows as an icon.
    for (const test of ["template-params", "schedule-query", "share-query", "explore-query", "save-query"])
      await e.page.locator(dt(test)).waitFor();
    await expect(e.page.getByRole("button", { name: "Schedule" }).count()).resolves.toBe(1);
  });

  it("fills the height with the results grid: more than 10 of 50 rows show", async () => {
    await e.page.locator(dt("run-query")).click();
    const grid = e.page.locator(dt("sqllab-results-grid"));
    await grid.waitFor({ timeout: 30_000 });
    await expect.poll(() => e.page.locator(dt("row-count")).textContent()).toBe("50 rows returned");
    const shown = async () =>
      grid.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const header = el.querySelector('[role="row"]')!.getBoundingClientRect();
        // Rows at least half in view, below the sticky header.
        return [...el.querySelectorAll('[data-test="grid-row"]')].filter((row) => {
          const r = row.getBoundingClientRect();
          const visible = Math.min(r.bottom, box.bottom) - Math.max(r.top, header.bottom);
          return visible >= r.height / 2;
        }).length;
      });
    await expect.poll(shown).toBeGreaterThan(10);
    // No unused space under the grid: it ends at the page's bottom padding.
    const bottom = (await grid.boundingBox())!;
    expect(bottom.y + bottom.height).toBeGreaterThan(900 - 32);
  });

  it("shows the whole state of each query in the history", async () => {
    await e.page.locator(dt("tab-history")).click();
    const badge = e.page.locator(`${dt("query-history")} ${dt("query-state")}`).first();
    await badge.waitFor();
    const fits = await badge.evaluate((el) => {
      const label = el.querySelector(".mantine-Badge-label") ?? el;
      return label.scrollWidth <= label.clientWidth;
    });
    expect(fits).toBe(true);
    await e.page.locator(dt("tab-results")).click();
  });

  it("keeps the line breaks of a database error, the SQL and its pointer in monospace", async () => {
    await typeSql(e, "SELECT * FORM birth_names");
    await e.page.locator(dt("run-query")).click();
    const sql = e.page.locator(`${dt("query-error")} ${dt("error-sql")}`);
    await sql.waitFor({ timeout: 30_000 });
    const text = (await sql.textContent()) ?? "";
    const [line, pointer] = text.split("\n");
    expect(line).toMatch(/^LINE 1: SELECT \* FORM birth_names/);
    // The pointer stands under the word DuckDB points at, in a fixed-width font.
    expect(line!.slice(pointer!.indexOf("^"))).toMatch(/^birth_names/);
    expect(await sql.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono/i);
  });
});

describe("lists and datasets", () => {
  it("sorts by a header ascending first, then descending, and the Sort dropdown says so", async () => {
    await e.page.setViewportSize({ width: 1440, height: 900 });
    await e.page.goto(`${e.url}/chart/list/?viewMode=table`);
    const table = e.page.locator(dt("listview-table"));
    await table.locator(dt("table-row")).first().waitFor();
    const sortSelect = e.page.locator(dt("sort-select"));
    await expect(sortSelect.inputValue()).resolves.toBe("Recently modified");
    const names = () => table.locator(`${dt("table-row")} td:nth-child(2)`).allTextContents();
    // The page holds one page of rows, so a re-sorted page can hold other charts than the one before it: wait until the
    // rows on screen are in order rather than comparing them with the rows seen before the click.
    const inOrder = (direction: 1 | -1) => async () => {
      const shown = await names();
      return (
        shown.length > 0 &&
        shown.every((name, i) => i === 0 || direction * shown[i - 1].localeCompare(name) <= 0)
      );
    };

    await table.locator("th").filter({ hasText: "Name" }).first().click();
    await e.page.waitForURL(/sortColumn=slice_name&sortOrder=asc/);
    await expect.poll(inOrder(1)).toBe(true);
    await expect.poll(() => sortSelect.inputValue()).toBe("Alphabetical");

    await table.locator("th").filter({ hasText: "Name" }).first().click();
    await e.page.waitForURL(/sortColumn=slice_name&sortOrder=desc/);
    await expect.poll(() => sortSelect.inputValue()).toBe("Name (descending)");
    await expect.poll(inOrder(-1)).toBe(true);
  });

  it("shows a table that already has a dataset as taken in '+ Dataset'", async () => {
    await e.page.goto(`${e.url}/tablemodelview/list/`);
    await e.page.locator(dt("btn-add-dataset")).click();
    await e.page.locator(dt("select-database")).click();
    await e.page
      .getByRole("option", { name: /examples/i })
      .first()
      .click();
    await e.page.locator(dt("select-table")).click();
    const option = e.page.getByRole("option", { name: "birth_names (dataset exists)" });
    await option.waitFor();
    await expect(option.getAttribute("data-combobox-disabled")).resolves.toBe("true");
    await e.page.keyboard.press("Escape");
    await expect(e.page.locator(dt("modal-confirm-button")).isDisabled()).resolves.toBe(true);
    await e.page.keyboard.press("Escape");
  });

  it("checks a new metric or calculated column when a field is left or Save is pressed, not when added", async () => {
    await e.page.goto(`${e.url}/tablemodelview/list/?viewMode=table`);
    await e.page.locator(dt("edit")).first().click();
    const modal = e.page.locator(dt("edit-dataset-modal")).first();
    await modal.locator(dt("edit-dataset-tab-metrics")).click();
    await modal.locator(dt("add-metric")).click();
    await modal.locator(dt("metric-expression")).first().waitFor();
    await expect(modal.getByText("Metric expression is required").count()).resolves.toBe(0);
    await expect(modal.locator(dt("dataset-validation-errors")).count()).resolves.toBe(0);

    await modal.locator(dt("edit-dataset-tab-columns")).click();
    await modal.locator(dt("add-calculated-column")).click();
    await modal.locator(dt("column-expression")).waitFor();
    await expect(modal.getByText("Column name is required").count()).resolves.toBe(0);

    // Leaving the column's name says what it lacks.
    await modal.locator(dt("column-name")).focus();
    await modal.locator(dt("column-expression")).focus();
    await modal.getByText("Column name is required").first().waitFor();
    await expect(modal.getByText("Calculated column expression is required").count()).resolves.toBe(0);

    // Save shows everything still missing, and saves nothing.
    await modal.locator(dt("datasource-modal-save")).click();
    const errors = modal.locator(dt("dataset-validation-errors"));
    await errors.waitFor();
    for (const message of [
      "Metric expression is required",
      "Column name is required",
      "Calculated column expression is required",
    ])
      await expect(errors.textContent()).resolves.toContain(message);
    await expect(e.page.locator(dt("modal-confirm-save-button")).count()).resolves.toBe(0);
    await e.page.keyboard.press("Escape");
  });
});
