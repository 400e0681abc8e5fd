import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dt, type E2E } from "./browser.ts";
import { createChart, startWithBirthNames } from "./dashboard-seed.ts";

let e: E2E;
let sliceId = 0;

beforeAll(async () => {
  let ds: number;
  ({ e, birthNames: ds } = await startWithBirthNames());
  // A time series with post-processing: pivoted on time, a 3-year rolling mean of the count.
  const params = {
    datasource: `${ds}__table`,
    viz_type: "echarts_timeseries_line",
    x_axis: "ds",
    time_grain_sqla: "P1Y",
    metrics: ["count"],
    groupby: [],
    adhoc_filters: [
      { expressionType: "SIMPLE", subject: "state", operator: "==", comparator: "CA", clause: "WHERE" },
    ],
    time_range: "No filter",
    rolling_type: "mean",
    rolling_periods: 3,
    min_periods: 1,
    row_limit: 1000,
  };
  sliceId = await createChart(e, { name: "Rolling births", datasetId: ds, params });
});
afterAll(async () => {
  await e?.close();
});

describe("Explore's Samples pane", () => {
  it("shows the dataset's rows for a chart with post-processing", async () => {
    const replies: { type: string; status: number; query: Record<string, unknown> }[] = [];
    e.page.on("response", async (r) => {
      if (!r.url().includes("/api/v1/chart/data") || r.request().method() !== "POST") return;
      const body = r.request().postDataJSON() as {
        result_type?: string;
        queries?: Record<string, unknown>[];
      };
      replies.push({ type: body?.result_type ?? "", status: r.status(), query: body?.queries?.[0] ?? {} });
    });
    await e.page.goto(`${e.url}/explore/?slice_id=${sliceId}`);
    await e.page.locator(dt("explore-page")).waitFor();
    // The chart itself draws (its post-processing is valid for its own query).
    await e.page.locator(".js-plotly-plot").first().waitFor({ timeout: 30_000 });
    await e.page.locator(dt("data-tab-samples")).click();
    const count = e.page.locator(dt("samples-rowcount"));
    await count.waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => Number((await count.textContent())?.replace(/\D/g, "")), { timeout: 15_000 })
      .toBeGreaterThan(0);
    const pane = e.page.locator(dt("data-pane"));
    // Raw rows: the dataset's own columns, under the chart's filter.
    await expect
      .poll(() => pane.getByText("name", { exact: true }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => pane.getByText("CA", { exact: true }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect(pane.getByText(/Referenced columns not available/).count()).resolves.toBe(0);
    const samples = replies.find((r) => r.type === "samples");
    expect(samples?.status).toBe(200);
    // The SPA asks for rows only: none of the chart's shaping rides along.
    expect(samples?.query.post_processing).toBeUndefined();
  });
});
