import { describe, expect, it } from "vitest";
import type { ChartDataResult, FormData } from "../../../types";
import { FIGURES } from ".";

const result = (data: Record<string, unknown>[], coltypes?: number[]): ChartDataResult =>
  ({ data, colnames: Object.keys(data[0] ?? {}), coltypes, rowcount: data.length }) as ChartDataResult;
const fd = (viz: string, extra: Partial<FormData> = {}): FormData => ({
  datasource: "1__table",
  viz_type: viz,
  ...extra,
});

describe("Plotly figures", () => {
  it("bar chart: one trace per flattened series, stacked on request, horizontal option", () => {
    const r = result(
      [
        { ds: 0, boy: 1, girl: 2 },
        { ds: 86400000, boy: 3, girl: 4 },
      ],
      [2, 0, 0],
    );
    const fig = FIGURES.echarts_timeseries_bar(
      fd("echarts_timeseries_bar", { x_axis: "ds", stack: "Stack", y_axis_format: ",d" }),
      [r],
    );
    expect(fig.data.map((t) => [t.type, t.name, t.y])).toEqual([
      ["bar", "boy", [1, 3]],
      ["bar", "girl", [2, 4]],
    ]);
    expect(fig.data[0].x).toEqual([new Date(0), new Date(86400000)]);
    expect(fig.layout).toMatchObject({
      barmode: "stack",
      yaxis: { tickformat: ",d" },
      xaxis: { type: "date" },
    });
    const horizontal = FIGURES.echarts_timeseries_bar(
      fd("echarts_timeseries_bar", { x_axis: "ds", orientation: "horizontal" }),
      [r],
    );
    expect(horizontal.data[0]).toMatchObject({ orientation: "h", x: [1, 3] });
  });

  it("line chart groups long results by series columns", () => {
    const r = result([
      { ds: 1, gender: "boy", count: 1 },
      { ds: 1, gender: "girl", count: 2 },
      { ds: 2, gender: "boy", count: 3 },
    ]);
    const fig = FIGURES.echarts_timeseries_line(
      fd("echarts_timeseries_line", { x_axis: "ds", groupby: ["gender"], metrics: ["count"] }),
      [r],
    );
    expect(fig.data.map((t) => [t.name, t.y])).toEqual([
      ["boy", [1, 3]],
      ["girl", [2]],
    ]);
  });

  it("pie, funnel, treemap (hierarchy with totals), gauge", () => {
    const rows = [
      { gender: "boy", state: "CA", count: 3 },
      { gender: "boy", state: "NY", count: 2 },
      { gender: "girl", state: "CA", count: 4 },
    ];
    const pie = FIGURES.pie(fd("pie", { groupby: ["gender", "state"], metric: "count", donut: true }), [
      result(rows),
    ]);
    expect(pie.data[0]).toMatchObject({
      type: "pie",
      labels: ["boy, CA", "boy, NY", "girl, CA"],
      values: [3, 2, 4],
      hole: 0.3,
    });
    const tree = FIGURES.treemap_v2(fd("treemap_v2", { groupby: ["gender", "state"], metric: "count" }), [
      result(rows),
    ]);
    expect(tree.data[0]).toMatchObject({
      ids: ["boy", "boy/CA", "boy/NY", "girl", "girl/CA"],
      parents: ["", "boy", "boy", "", "girl"],
      values: [5, 3, 2, 4, 4],
    });
    const funnel = FIGURES.funnel(fd("funnel", { groupby: ["state"], metric: "count" }), [result(rows)]);
    expect(funnel.data[0]).toMatchObject({ type: "funnel", y: ["CA", "NY", "CA"], x: [3, 2, 4] });
    const gauge = FIGURES.gauge_chart(
      fd("gauge_chart", { groupby: ["gender"], metric: "count", max_val: 10 }),
      [result(rows.slice(0, 2))],
    );
    expect(gauge.data).toHaveLength(2);
    expect(gauge.data[0]).toMatchObject({ type: "indicator", value: 3, gauge: { axis: { range: [0, 10] } } });
  });

  it("histogram: server bins become bars; raw values are binned by Plotly", () => {
    const binned = FIGURES.histogram_v2(fd("histogram_v2", { column: "num", groupby: [] }), [
      result([{ "0 - 5": 3, "5 - 10": 1 }]),
    ]);
    expect(binned.data[0]).toMatchObject({ type: "bar", x: ["0 - 5", "5 - 10"], y: [3, 1] });
    const raw = FIGURES.histogram_v2(fd("histogram_v2", { column: "num", bins: 7 }), [
      result([{ num: 1 }, { num: 9 }]),
    ]);
    expect(raw.data[0]).toMatchObject({ type: "histogram", x: [1, 9], nbinsx: 7 });
  });

  it("box plot from the boxplot operation's statistics", () => {
    const r = result([
      {
        gender: "boy",
        count__min: 1,
        count__q1: 2,
        count__median: 3,
        count__q3: 4,
        count__max: 5,
        count__mean: 3,
        count__outliers: [9],
      },
    ]);
    const fig = FIGURES.box_plot(
      fd("box_plot", { metrics: ["count"], groupby: ["gender"], columns: ["state"] }),
      [r],
    );
    expect(fig.data[0]).toMatchObject({
      type: "box",
      q1: [2],
      median: [3],
      q3: [4],
      lowerfence: [1],
      upperfence: [5],
    });
    expect(fig.data[1]).toMatchObject({ type: "scatter", y: [9] });
  });

  it("heatmap matrix, waterfall with total, big numbers", () => {
    const heat = FIGURES.heatmap_v2(
      fd("heatmap_v2", { x_axis: "state", groupby: "gender", metric: "count" }),
      [
        result([
          { state: "CA", gender: "boy", count: 1 },
          { state: "NY", gender: "girl", count: 2 },
        ]),
      ],
    );
    expect(heat.data[0]).toMatchObject({
      x: ["CA", "NY"],
      y: ["boy", "girl"],
      z: [
        [1, null],
        [null, 2],
      ],
    });
    const fall = FIGURES.waterfall(fd("waterfall", { x_axis: "state", metric: "count" }), [
      result([
        { state: "CA", count: 5 },
        { state: "NY", count: -2 },
      ]),
    ]);
    expect(fall.data[0]).toMatchObject({
      x: ["CA", "NY", "Total"],
      y: [5, -2, 0],
      measure: ["relative", "relative", "total"],
    });
    const total = FIGURES.big_number_total(fd("big_number_total", { metric: "count", subheader: "births" }), [
      result([{ count: 42 }]),
    ]);
    expect(total.data[0]).toMatchObject({ type: "indicator", mode: "number", value: 42 });
    const trend = FIGURES.big_number(fd("big_number", { x_axis: "ds", metric: "count", compare_lag: 1 }), [
      result(
        [
          { ds: 0, count: 10 },
          { ds: 1, count: 15 },
        ],
        [2, 0],
      ),
    ]);
    expect(trend.data[0]).toMatchObject({ mode: "number+delta", value: 15, delta: { reference: 10 } });
    expect(trend.data[1]).toMatchObject({ type: "scatter", y: [10, 15] });
  });
});

describe("bar category order", () => {
  const wide = result(
    [
      { state: "CA", boy: 5, girl: 1 },
      { state: "NY", boy: 1, girl: 9 },
      { state: "TX", boy: 3, girl: 3 },
    ],
    [1, 0, 0],
  );
  const order = (extra: Partial<FormData>) =>
    (
      FIGURES.echarts_timeseries_bar(
        fd("echarts_timeseries_bar", { x_axis: "state", metrics: ["count"], groupby: ["gender"], ...extra }),
        [wide],
      ).layout.xaxis as { categoryarray: unknown[] }
    ).categoryarray;

  it("one series: the categories follow the rows, as the query's sort step left them", () => {
    const rows = result(
      [
        { name: "Michael", "SUM(num)": 9 },
        { name: "David", "SUM(num)": 7 },
        { name: "James", "SUM(num)": 5 },
      ],
      [1, 0],
    );
    const fig = FIGURES.echarts_timeseries_bar(
      fd("echarts_timeseries_bar", { x_axis: "name", metrics: ["SUM(num)"] }),
      [rows],
    );
    expect(fig.layout.xaxis).toMatchObject({
      categoryorder: "array",
      categoryarray: ["Michael", "David", "James"],
    });
  });

  it("several series: x_axis_sort_series orders the categories (name ascending by default)", () => {
    expect(order({})).toEqual(["CA", "NY", "TX"]);
    expect(order({ x_axis_sort_series: "name", x_axis_sort_series_ascending: false })).toEqual([
      "TX",
      "NY",
      "CA",
    ]);
    expect(order({ x_axis_sort_series: "sum", x_axis_sort_series_ascending: false })).toEqual([
      "NY",
      "CA",
      "TX",
    ]);
    expect(order({ x_axis_sort_series: "max", x_axis_sort_series_ascending: true })).toEqual([
      "TX",
      "CA",
      "NY",
    ]);
    expect(order({ x_axis_sort_series: "min" })).toEqual(["CA", "NY", "TX"]);
    expect(order({ x_axis_sort_series: "avg", x_axis_sort_series_ascending: false })).toEqual([
      "NY",
      "CA",
      "TX",
    ]);
  });

  it("does not draw a Sort by metric queried only to order the axis", () => {
    const rows = result(
      [
        { state: "CA", "SUM(num)": 5, count: 9 },
        { state: "NY", "SUM(num)": 7, count: 2 },
      ],
      [1, 0, 0],
    );
    const fig = FIGURES.echarts_timeseries_bar(
      fd("echarts_timeseries_bar", {
        x_axis: "state",
        metrics: ["SUM(num)"],
        timeseries_limit_metric: "count",
        x_axis_sort: "count",
      }),
      [rows],
    );
    expect(fig.data.map((t) => t.name)).toEqual(["SUM(num)"]);
    expect(fig.layout.xaxis).toMatchObject({ categoryarray: ["CA", "NY"] });
  });
});
