import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dt, type E2E } from "./browser.ts";
import { createChart, seedDashboard, startWithBirthNames } from "./dashboard-seed.ts";

/**
 * Charts whose query returns no rows, in Chromium: birth_names holds 1965–2008, so the Births
 * charts filtered to 2020 have nothing to draw. Each says so with Superset's empty state ("No
 * results were returned for this query") instead of a 400, a blank pane or axes of made-up dates;
 * the Big Number, whose SUM over no rows is NULL, says "No data" as Superset's does.
 */
let e: E2E;
let birthNames = 0;
let dashboardId = 0;
let totalId = 0;
let pieId = 0;
let barId = 0;
let lineId = 0;
let tableId = 0;
let withRowsId = 0;

const NO_RESULTS = "No results were returned for this query";
const HINT =
  "Make sure that the controls are configured properly and the datasource contains data for the selected time range";

const inRange = (range: string) => [
  { expressionType: "SIMPLE", subject: "ds", operator: "TEMPORAL_RANGE", comparator: range, clause: "WHERE" },
];
const IN_2020 = inRange("2020-01-01 : 2021-01-01");
const chart = (id: number) => `${dt("dashboard-chart")}[data-chart-id="${id}"]`;

beforeAll(async () => {
  ({ e, birthNames } = await startWithBirthNames());
  ({
    dashboardId,
    chartIds: [totalId, pieId, barId, lineId, tableId, withRowsId],
  } = await seedDashboard(e, {
    title: "Births in 2020",
    datasetId: birthNames,
    rows: [
      [
        {
          name: "Total babies",
          params: { viz_type: "big_number_total", metric: "sum__num", adhoc_filters: IN_2020 },
          width: 3,
        },
        {
          name: "Babies by gender",
          params: { viz_type: "pie", metric: "sum__num", groupby: ["gender"], adhoc_filters: IN_2020 },
          width: 4,
        },
        {
          name: "Top states",
          params: {
            viz_type: "echarts_timeseries_bar",
            x_axis: "state",
            metrics: ["sum__num"],
            groupby: [],
            row_limit: 10,
            adhoc_filters: IN_2020,
          },
          width: 5,
        },
      ],
      [
        {
          name: "Babies over time",
          params: {
            viz_type: "echarts_timeseries_line",
            x_axis: "ds",
            time_grain_sqla: "P1Y",
            metrics: ["sum__num"],
            groupby: ["gender"],
            adhoc_filters: IN_2020,
          },
          width: 8,
        },
        {
          name: "Popular names",
          params: {
            viz_type: "table",
            query_mode: "aggregate",
            groupby: ["name"],
            metrics: ["sum__num"],
            row_limit: 25,
            adhoc_filters: IN_2020,
          },
          width: 4,
        },
      ],
      [
        {
          name: "Babies by gender, every year",
          params: { viz_type: "pie", metric: "sum__num", groupby: ["gender"] },
          width: 4,
        },
      ],
    ],
  }));
});
afterAll(async () => {
  await e?.close();
});

describe("a chart without rows in Chromium", () => {
  it("the dashboard: each empty chart shows the empty state, drawn and without an error", async () => {
    const failed: string[] = [];
    e.page.on("response", (res) => {
      if (res.url().includes("/api/v1/chart/data") && res.status() >= 400) failed.push(res.url());
    });
    await e.page.goto(`${e.url}/superset/dashboard/${dashboardId}/`);
    // The chart with rows still draws its slices.
    await e.page
      .locator(`${chart(withRowsId)} ${dt("plotly-chart")} g.slice path.surface`)
      .first()
      .waitFor({ timeout: 30_000 });
    for (const id of [pieId, barId, lineId, tableId]) {
      const holder = e.page.locator(chart(id));
      const empty = holder.locator(dt("chart-no-results"));
      await empty.waitFor({ timeout: 30_000 });
      expect(await empty.textContent()).toContain(NO_RESULTS);
      // Nothing drawn from no rows: no Plotly axes (the line's Jan–Nov 2000), no empty grid.
      expect(await holder.locator(".js-plotly-plot").count()).toBe(0);
      expect(await holder.locator(dt("grid-row")).count()).toBe(0);
      expect(await holder.locator(dt("chart-error")).count()).toBe(0);
      // The empty state is the chart's drawing: the holder counts it as drawn.
      await expect.poll(() => holder.getAttribute("data-rendered")).toBe("true");
    }
    // Tall enough dashboard cards carry the hint under the title.
    expect(await e.page.locator(`${chart(lineId)} ${dt("chart-no-results-hint")}`).textContent()).toBe(HINT);
    // Big Number: its SUM over no rows is NULL, said as Superset says it instead of a bare "-".
    const total = e.page.locator(`${chart(totalId)} ${dt("plotly-chart")}`);
    await expect.poll(() => total.textContent(), { timeout: 30_000 }).toContain("No data");
    // Its reason in short lines (Plotly's text does not wrap), each within the card.
    expect(await total.textContent()).toContain("No data after filtering");
    const card = await e.page.locator(chart(totalId)).boundingBox();
    for (const line of await total.locator("g.annotation-text-g text").all()) {
      const box = await line.boundingBox();
      expect(box && card && box.x >= card.x && box.x + box.width <= card.x + card.width).toBe(true);
    }
    expect(failed).toEqual([]);
  });

  it("Explore: a pie over last week (no rows) shows the empty state with its hint", async () => {
    const pie = await createChart(e, {
      name: "Pie over last week",
      datasetId: birthNames,
      params: { viz_type: "pie", metric: "count", groupby: ["gender"], adhoc_filters: inRange("Last week") },
    });
    await e.page.goto(`${e.url}/explore/?slice_id=${pie}`);
    const pane = e.page.locator(dt("chart-pane"));
    const empty = pane.locator(dt("chart-no-results"));
    await empty.waitFor({ timeout: 30_000 });
    expect(await empty.textContent()).toContain(NO_RESULTS);
    expect(await pane.locator(dt("chart-no-results-hint")).textContent()).toBe(HINT);
    expect(await pane.locator(".js-plotly-plot").count()).toBe(0);
    await expect.poll(() => pane.getAttribute("data-status")).toBe("rendered");
  });
});
