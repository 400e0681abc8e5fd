import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, datasetIdOf, dt, type E2E, logIn, startE2E } from "./browser.ts";

/**
 * A line chart with time comparison and a rolling mean, opened in Explore: the plot is drawn with
 * the series and its shifted copy. A chart whose query fails shows the chart's error message in
 * the chart area while the rest of Explore stays usable.
 */
let e: E2E;
const pageErrors: string[] = [];

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  e.page.on("pageerror", (err) => pageErrors.push(err.message));
  e.page.on("console", (msg) => {
    if (msg.type() === "error") pageErrors.push(msg.text());
  });
  await logIn(e, "/superset/welcome/");
});
afterAll(async () => {
  await e?.close();
});

const api = <T>(method: string, path: string, body?: unknown) => apiCall<T>(e, method, path, body);

async function saveChart(name: string, params: Record<string, unknown>): Promise<number> {
  const ds = await datasetIdOf(e, "birth_names");
  const { id } = await api<{ id: number }>("POST", "/api/v1/chart/", {
    slice_name: name,
    viz_type: "echarts_timeseries_line",
    datasource_id: ds,
    datasource_type: "table",
    params: JSON.stringify({
      datasource: `${ds}__table`,
      viz_type: "echarts_timeseries_line",
      x_axis: "ds",
      time_grain_sqla: "P1Y",
      time_range: "No filter",
      groupby: [],
      adhoc_filters: [],
      row_limit: 10000,
      ...params,
    }),
  });
  return id;
}

describe("time comparison + rolling window in Explore", () => {
  it("draws the metric and its time-shifted copy, both rolled, without an error", async () => {
    const id = await saveChart("Births, 1 year ago, rolling mean", {
      metrics: ["count"],
      time_compare: ["1 year ago"],
      comparison_type: "values",
      rolling_type: "mean",
      rolling_periods: 3,
    });
    pageErrors.length = 0;
    await e.page.goto(`${e.url}/explore/?slice_id=${id}`);
    const plot = e.page.locator(`${dt("plotly-chart")} .js-plotly-plot`).first();
    await e.page
      .locator(`${dt("plotly-chart")} g.trace.scatter`)
      .first()
      .waitFor({ timeout: 30_000 });
    const traces = await plot.evaluate((el) =>
      (el as unknown as { data: { name: string; y: unknown[] }[] }).data.map((t) => ({
        name: t.name,
        points: t.y.filter((v) => v !== null && v !== undefined).length,
      })),
    );
    expect(traces.map((t) => t.name)).toEqual(["count", "count__1 year ago"]);
    for (const t of traces) expect(t.points, t.name).toBeGreaterThan(3);
    expect(await e.page.locator(dt("chart-error")).count()).toBe(0);
    expect(pageErrors.filter((m) => /error #306|element type is invalid/i.test(m))).toEqual([]);
  });

  it("a chart whose query fails shows its error in the chart area; Explore stays on screen", async () => {
    const id = await saveChart("Sum of a missing column", {
      metrics: [
        {
          expressionType: "SIMPLE",
          column: { column_name: "no_such_column" },
          aggregate: "SUM",
          label: "SUM(no_such_column)",
        },
      ],
    });
    pageErrors.length = 0;
    await e.page.goto(`${e.url}/explore/?slice_id=${id}`);
    const error = e.page.locator(dt("chart-error"));
    await error.waitFor({ timeout: 30_000 });
    await expect.poll(() => error.textContent(), { timeout: 15_000 }).toMatch(/no_such_column/);
    // The page around it is still there: the control panel and the run button.
    await e.page.locator(dt("run-query-button")).waitFor({ timeout: 5_000 });
    expect(await e.page.locator(dt("explore-page")).count()).toBe(1);
    expect(pageErrors.filter((m) => /error #306|element type is invalid/i.test(m))).toEqual([]);
  });
});
