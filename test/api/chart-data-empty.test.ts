import { buildChartDataRequest } from "@strata/contracts/chart-query";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChartDataset, FormData } from "../../web/src/components/charts/types.ts";
import { datasetDetail, datasetId } from "../support/dashboard-fixtures.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

/**
 * A chart whose query returns no rows (birth_names holds 1965–2008; these ask for 2020) answers
 * as Superset does: 200, the query's own columns, `data: []`, `rowcount: 0`. Superset neither
 * post-processes nor time-compares an empty frame, so no chain of steps can fail on the metric
 * columns a pivot of no rows never made. A malformed request is still refused.
 */
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

const EMPTY_RANGE = "2020-01-01 : 2021-01-01";
const IN_2020 = {
  expressionType: "SIMPLE",
  subject: "ds",
  operator: "TEMPORAL_RANGE",
  comparator: EMPTY_RANGE,
  clause: "WHERE",
};

let s: TestServer;
let admin: string;
let birth: number;
let dataset: ChartDataset;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = await datasetId(s, admin, "birth_names");
  dataset = (await datasetDetail(s, admin, birth)) as ChartDataset;
}, 120_000);
afterAll(() => s?.close());

/** A chart's form data over birth_names, filtered to 2020 as a dashboard's time filter does. */
const form = (params: Json): FormData =>
  ({
    datasource: `${birth}__table`,
    granularity_sqla: "ds",
    time_range: EMPTY_RANGE,
    adhoc_filters: [IN_2020],
    row_limit: 100,
    ...params,
  }) as FormData;

/** The request the SPA sends for this form data (its own query builder). */
const requestOf = (params: Json) => buildChartDataRequest(form(params), { dataset });

async function chartData(body: unknown): Promise<{ status: number; body: Json }> {
  const res = await s.call("POST", "/api/v1/chart/data", { token: admin, body });
  return { status: res.status, body: await json(res) };
}

/** A request of one hand-written query object with these post-processing steps. */
const withSteps = (post_processing: Json[], over: Json = {}) => ({
  datasource: { id: birth, type: "table" },
  queries: [
    {
      columns: ["ds", "gender"],
      metrics: ["sum__num"],
      filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: EMPTY_RANGE }],
      row_limit: 100,
      post_processing,
      ...over,
    },
  ],
  result_format: "json",
  result_type: "full",
});

/** Superset's reply for a query without rows: the query's columns and types, no rows. */
function expectEmpty(result: Json, colnames?: string[]) {
  expect(result.status).toBe("success");
  expect(result.data).toEqual([]);
  expect(result.rowcount).toBe(0);
  expect(result.sql_rowcount).toBe(0);
  expect(result.coltypes).toHaveLength(result.colnames.length);
  if (colnames) expect(result.colnames).toEqual(colnames);
}

describe("the Births dashboard's charts over 2020", () => {
  const BIRTHS: Record<string, Json> = {
    "Total babies": { viz_type: "big_number_total", metric: "sum__num" },
    "Babies by gender": { viz_type: "pie", metric: "sum__num", groupby: ["gender"] },
    "Top states": {
      viz_type: "echarts_timeseries_bar",
      x_axis: "state",
      metrics: ["sum__num"],
      groupby: [],
      order_desc: true,
    },
    "Babies over time": {
      viz_type: "echarts_timeseries_line",
      x_axis: "ds",
      time_grain_sqla: "P1Y",
      metrics: ["sum__num"],
      groupby: ["gender"],
    },
    "Popular names": { viz_type: "table", query_mode: "aggregate", groupby: ["name"], metrics: ["sum__num"] },
  };

  it("Top states (pivot, flatten…): 200 with the query's columns instead of a 400", async () => {
    const { status, body } = await chartData(requestOf(BIRTHS["Top states"]));
    expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
    expectEmpty(body.result[0], ["state", "sum__num"]);
    // STRING and NUMERIC, as the engine typed the empty result's columns.
    expect(body.result[0].coltypes).toEqual([1, 0]);
  });

  it("every chart of the dashboard answers 200 in one batch", async () => {
    const names = Object.keys(BIRTHS);
    const res = await s.call("POST", "/api/v1/chart/data/batch/", {
      token: admin,
      body: { items: names.map((n) => ({ request: requestOf(BIRTHS[n]) })) },
    });
    const text = await res.text();
    expect(res.status, text.slice(0, 400)).toBe(200);
    const lines = text
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { index: number; status: number; body: Json });
    expect(lines).toHaveLength(names.length);
    for (const line of lines) {
      const name = names[line.index];
      expect(line.status, `${name}: ${JSON.stringify(line.body).slice(0, 300)}`).toBe(200);
      const result = line.body.result[0];
      if (name === "Total babies") {
        // An aggregate without group-by answers its one row over no rows: SUM is NULL.
        expect(result.data).toEqual([{ sum__num: null }]);
      } else {
        expectEmpty(result);
      }
    }
  });

  it("the line by gender keeps its raw columns (no pivot into per-gender series)", async () => {
    const { status, body } = await chartData(requestOf(BIRTHS["Babies over time"]));
    expect(status).toBe(200);
    expectEmpty(body.result[0], ["ds", "gender", "sum__num"]);
    expect(body.result[0].coltypes).toEqual([2, 1, 0]);
  });
});

describe("every post-processing chain the SPA sends, over no rows", () => {
  const CHARTS: Record<string, Json> = {
    "line, rolling mean": {
      viz_type: "echarts_timeseries_line",
      x_axis: "ds",
      time_grain_sqla: "P1Y",
      metrics: ["sum__num"],
      groupby: ["gender"],
      rolling_type: "mean",
      rolling_periods: 3,
    },
    "line, cumulative sum": {
      viz_type: "echarts_timeseries_line",
      x_axis: "ds",
      time_grain_sqla: "P1Y",
      metrics: ["sum__num"],
      rolling_type: "cumsum",
    },
    "line, time comparison (difference) and rolling": {
      viz_type: "echarts_timeseries_line",
      x_axis: "ds",
      time_grain_sqla: "P1Y",
      metrics: ["sum__num"],
      time_compare: ["1 year ago"],
      comparison_type: "difference",
      rolling_type: "sum",
      rolling_periods: 2,
    },
    "line, resampled": {
      viz_type: "echarts_timeseries_line",
      x_axis: "ds",
      time_grain_sqla: "P1D",
      metrics: ["sum__num"],
      resample_rule: "1D",
      resample_method: "zerofill",
    },
    "bar, contribution per row": {
      viz_type: "echarts_timeseries_bar",
      x_axis: "ds",
      time_grain_sqla: "P1Y",
      metrics: ["sum__num"],
      groupby: ["gender"],
      contributionMode: "row",
    },
    "area, sorted series": {
      viz_type: "echarts_area",
      x_axis: "state",
      metrics: ["sum__num"],
      groupby: ["gender"],
      x_axis_sort: "sum__num",
      x_axis_sort_asc: false,
    },
    "table, percentage metrics": {
      viz_type: "table",
      query_mode: "aggregate",
      groupby: ["name"],
      metrics: ["sum__num"],
      percent_metrics: ["sum__num"],
      show_totals: true,
    },
    "big number with trendline": {
      viz_type: "big_number",
      x_axis: "ds",
      time_grain_sqla: "P1Y",
      metric: "sum__num",
      rolling_type: "mean",
      rolling_periods: 2,
    },
    "box plot": {
      viz_type: "box_plot",
      columns: ["state"],
      groupby: ["gender"],
      metrics: ["sum__num"],
      whiskerOptions: "Tukey",
    },
    histogram: { viz_type: "histogram_v2", column: "num", groupby: ["gender"], bins: 5 },
    "mixed chart": {
      viz_type: "mixed_timeseries",
      x_axis: "ds",
      time_grain_sqla: "P1Y",
      metrics: ["sum__num"],
      groupby: ["gender"],
      metrics_b: ["count"],
      groupby_b: [],
      adhoc_filters_b: [IN_2020],
      rolling_type_b: "cumsum",
    },
    "pivot table": {
      viz_type: "pivot_table_v2",
      groupbyRows: ["state"],
      groupbyColumns: ["gender"],
      metrics: ["sum__num"],
    },
    waterfall: { viz_type: "waterfall", x_axis: "ds", time_grain_sqla: "P1Y", metric: "sum__num" },
    "period-over-period KPI": {
      viz_type: "pop_kpi",
      metric: "sum__num",
      time_comparison: "y",
    },
  };

  for (const [name, params] of Object.entries(CHARTS)) {
    it(`${name}: 200, no rows`, async () => {
      const request = requestOf(params);
      const { status, body } = await chartData(request);
      expect(status, JSON.stringify(body).slice(0, 400)).toBe(200);
      for (const result of body.result as Json[]) {
        // Helper queries without group-by (totals, a KPI's sum) answer one row of their aggregates.
        if (result.rowcount === 1)
          expect(Object.values(result.data[0]).every((v) => v === null || v === 0)).toBe(true);
        else expectEmpty(result);
      }
      // The chart's own query has no rows.
      expect(body.result[0].rowcount === 0 || params.viz_type === "pop_kpi").toBe(true);
    });
  }

  const STEPS: Record<string, Json[]> = {
    pivot: [
      {
        operation: "pivot",
        options: { index: ["ds"], columns: ["gender"], aggregates: { sum__num: { operator: "mean" } } },
      },
      { operation: "flatten" },
    ],
    rolling: [
      {
        operation: "rolling",
        options: { rolling_type: "mean", window: 3, columns: { sum__num: "sum__num" } },
      },
    ],
    cum: [{ operation: "cum", options: { operator: "sum", columns: { sum__num: "sum__num" } } }],
    diff: [{ operation: "diff", options: { columns: { sum__num: "sum__num" }, periods: 1 } }],
    compare: [
      {
        operation: "compare",
        options: {
          source_columns: ["sum__num"],
          compare_columns: ["sum__num__1 year ago"],
          compare_type: "ratio",
          drop_original_columns: true,
        },
      },
    ],
    resample: [
      {
        operation: "pivot",
        options: { index: ["ds"], columns: [], aggregates: { sum__num: { operator: "sum" } } },
      },
      { operation: "resample", options: { rule: "1D", method: "asfreq", time_column: "ds" } },
    ],
    contribution: [{ operation: "contribution", options: { orientation: "column", columns: ["sum__num"] } }],
    sort: [{ operation: "sort", options: { by: "sum__num", ascending: false } }],
    rename: [{ operation: "rename", options: { columns: { sum__num: "births" } } }],
    aggregate: [
      {
        operation: "aggregate",
        options: { groupby: ["gender"], aggregates: { total: { operator: "sum", column: "sum__num" } } },
      },
    ],
    boxplot: [
      {
        operation: "boxplot",
        options: { groupby: ["gender"], metrics: ["sum__num"], whisker_type: "tukey" },
      },
    ],
    histogram: [{ operation: "histogram", options: { column: "sum__num", groupby: [], bins: 5 } }],
    rank: [{ operation: "rank", options: { metric: "sum__num", group_by: "gender" } }],
  };

  for (const [name, steps] of Object.entries(STEPS)) {
    it(`${name} step: the query's columns, data [], rowcount 0`, async () => {
      const { status, body } = await chartData(withSteps(steps));
      expect(status, JSON.stringify(body).slice(0, 400)).toBe(200);
      expectEmpty(body.result[0], ["ds", "gender", "sum__num"]);
      expect(body.result[0].coltypes).toEqual([2, 1, 0]);
    });
  }

  it("time comparison over no rows: no shifted query, no shifted columns", async () => {
    const { status, body } = await chartData(withSteps([], { time_offsets: ["1 year ago"] }));
    expect(status).toBe(200);
    expectEmpty(body.result[0], ["ds", "gender", "sum__num"]);
    // One statement: the shifted copy was not run.
    expect(body.result[0].query).not.toContain(";");
  });

  it("a cached empty result answers the same", async () => {
    const request = withSteps(STEPS.pivot);
    const first = await chartData(request);
    const second = await chartData(request);
    expect(second.status).toBe(200);
    expect(second.body.result[0].is_cached).toBe(true);
    expect(second.body.result[0].data).toEqual(first.body.result[0].data);
    expect(second.body.result[0].colnames).toEqual(first.body.result[0].colnames);
  });
});

describe("what is still refused", () => {
  it("a step naming a column the rows lack: 400, as before", async () => {
    const { status, body } = await chartData(
      withSteps([{ operation: "sort", options: { by: "nope" } }], {
        filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "2000-01-01 : 2001-01-01" }],
      }),
    );
    expect(status).toBe(400);
    expect(body.message).toBe("Referenced columns not available in DataFrame: nope");
  });

  it("a malformed step is refused with or without rows", async () => {
    for (const filters of [
      [{ col: "ds", op: "TEMPORAL_RANGE", val: EMPTY_RANGE }],
      [{ col: "ds", op: "TEMPORAL_RANGE", val: "2000-01-01 : 2001-01-01" }],
    ]) {
      const unknown = await chartData(withSteps([{ operation: "nonsense", options: {} }], { filters }));
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe("Unsupported post processing operation: nonsense");
      const invalid = await chartData(
        withSteps([{ operation: "rolling", options: { rolling_type: "sum", window: "three" } }], { filters }),
      );
      expect(invalid.status).toBe(400);
      expect(invalid.body.message).toMatch(/^Invalid options for post processing operation rolling/);
    }
  });

  it("a bad time offset is refused even when nothing would be compared", async () => {
    const { status } = await chartData(withSteps([], { time_offsets: ["sometime"] }));
    expect(status).toBe(400);
  });
});

describe("legacy /superset/explore_json/ over no rows", () => {
  async function explore(formData: Json) {
    const res = await s.call("POST", "/superset/explore_json/", {
      token: admin,
      body: { form_data: formData },
    });
    return { status: res.status, body: await json(res) };
  }
  const SUM_NUM = {
    expressionType: "SIMPLE",
    column: { column_name: "num" },
    aggregate: "SUM",
    label: "total",
  };
  const legacy = (params: Json) => ({
    datasource: `${birth}__table`,
    granularity_sqla: "ds",
    time_grain_sqla: "P1Y",
    time_range: EMPTY_RANGE,
    ...params,
  });

  for (const [name, params] of Object.entries<Json>({
    "horizon with a rolling mean": {
      viz_type: "horizon",
      metrics: [SUM_NUM],
      rolling_type: "mean",
      rolling_periods: 3,
    },
    "rose with a time comparison": {
      viz_type: "rose",
      metrics: [SUM_NUM],
      time_compare: ["1 year ago"],
      comparison_type: "values",
    },
    "partition's advanced analytics": {
      viz_type: "partition",
      metrics: [SUM_NUM],
      groupby: ["gender", "state"],
      time_series_option: "adv_anal",
      rolling_type: "mean",
      rolling_periods: 2,
    },
    "time table": { viz_type: "time_table", metrics: [SUM_NUM], groupby: ["gender"] },
    "table with percentages": {
      viz_type: "table",
      groupby: ["state"],
      metrics: [SUM_NUM],
      percent_metrics: [SUM_NUM],
    },
    "a modern chart's generic query": {
      viz_type: "echarts_timeseries_line",
      x_axis: "ds",
      metrics: [SUM_NUM],
    },
  })) {
    it(`${name}: 200, rowcount 0, nothing to draw`, async () => {
      const { status, body } = await explore(legacy(params));
      expect(status, JSON.stringify(body).slice(0, 400)).toBe(200);
      expect(body.status).toBe("success");
      expect(body.rowcount).toBe(0);
      // viz.py's get_data answers None for an empty frame; the plain item, its empty rows.
      expect(body.data === null || (Array.isArray(body.data) && body.data.length === 0)).toBe(true);
    });
  }
});
