import { describe, expect, it } from "vitest";
import { buildQueries } from "@strata/contracts/chart-query";
import type { ChartDataResult, FormData } from "../../../types";
import { FIGURES } from ".";
import { forceLayout, treeLayout } from "./network-layout";

const result = (data: Record<string, unknown>[], coltypes?: number[]): ChartDataResult =>
  ({ data, colnames: Object.keys(data[0] ?? {}), coltypes, rowcount: data.length }) as ChartDataResult;
const fd = (viz: string, extra: Partial<FormData> = {}): FormData => ({
  datasource: "1__table",
  viz_type: viz,
  ...extra,
});
const draw = (form: FormData, rows: Record<string, unknown>[], coltypes?: number[]) =>
  FIGURES[form.viz_type](form, [result(rows, coltypes)]);

describe("ECharts-family figures", () => {
  const series = [
    { ds: 0, boy: 1, girl: 2 },
    { ds: 86400000, boy: 3, girl: 4 },
  ];

  it("generic, smooth and step time series pick their line shape, bars and scatter by seriesType", () => {
    const shapes = (form: FormData) =>
      draw(form, series, [2, 0, 0]).data.map((t) => [t.type, (t.line as { shape?: string })?.shape]);
    expect(shapes(fd("echarts_timeseries_smooth", { x_axis: "ds" }))).toEqual([
      ["scatter", "spline"],
      ["scatter", "spline"],
    ]);
    expect(shapes(fd("echarts_timeseries_step", { x_axis: "ds" }))[0]).toEqual(["scatter", "vh"]);
    expect(shapes(fd("echarts_timeseries_step", { x_axis: "ds", seriesType: "end" }))[0]).toEqual([
      "scatter",
      "hv",
    ]);
    expect(shapes(fd("echarts_timeseries", { x_axis: "ds", seriesType: "middle" }))[0]).toEqual([
      "scatter",
      "hvh",
    ]);
    const bars = draw(fd("echarts_timeseries", { x_axis: "ds", seriesType: "bar" }), series, [2, 0, 0]);
    expect(bars.data.map((t) => t.type)).toEqual(["bar", "bar"]);
    const area = draw(fd("echarts_timeseries", { x_axis: "ds", area: true }), series, [2, 0, 0]);
    expect(area.data[0]).toMatchObject({ type: "scatter", fill: "tozeroy" });
    const scatter = draw(
      fd("echarts_timeseries", { x_axis: "ds", seriesType: "scatter" }),
      series,
      [2, 0, 0],
    );
    expect(scatter.data[0]).toMatchObject({ mode: "markers" });
  });

  it("radar: one closed polygon per group over the metrics, normalised per spoke", () => {
    const fig = draw(fd("radar", { groupby: ["gender"], metrics: ["count", "sum__num"] }), [
      { gender: "boy", count: 10, sum__num: 400 },
      { gender: "girl", count: 5, sum__num: 200 },
    ]);
    expect(fig.data).toHaveLength(2);
    expect(fig.data[0]).toMatchObject({
      type: "scatterpolar",
      name: "boy",
      theta: ["count", "sum__num", "count"],
      r: [1, 1, 1],
      fill: "toself",
    });
    expect(fig.data[1].r).toEqual([0.5, 0.5, 0.5]);
    expect(fig.layout.polar).toMatchObject({ gridshape: "linear" });
  });

  it("sankey: distinct values are nodes, repeated links add up", () => {
    const fig = draw(fd("sankey_v2", { source: "source", target: "target", metric: "sum__value" }), [
      { source: "Coal", target: "Power", sum__value: 3 },
      { source: "Gas", target: "Power", sum__value: 2 },
      { source: "Coal", target: "Power", sum__value: 1 },
      { source: "Power", target: "Homes", sum__value: 5 },
    ]);
    const trace = fig.data[0] as { node: { label: string[] }; link: Record<string, number[]> };
    expect(trace.node.label).toEqual(["Coal", "Power", "Gas", "Homes"]);
    expect(trace.link).toMatchObject({ source: [0, 2, 1], target: [1, 1, 3], value: [4, 2, 5] });
  });

  it("tree: nodes hang from their parents; orphans from one root; layouts place every node", () => {
    const rows = [
      { id: "a", parent: null, name: "A" },
      { id: "b", parent: "a", name: "B" },
      { id: "c", parent: "a", name: "C" },
      { id: "d", parent: "b", name: "D" },
    ];
    const fig = draw(fd("tree_chart", { id: "id", parent: "parent", name: "name" }), rows);
    const [edges, nodes] = fig.data;
    expect([...(nodes.text as string[])].sort()).toEqual(["A", "B", "C", "D"]);
    // Three parent→child segments, each as two points and a break.
    expect((edges.x as unknown[]).length).toBe(9);
    const placed = treeLayout(
      {
        id: "r",
        children: [
          { id: "x", children: [] },
          { id: "y", children: [] },
        ],
      },
      false,
    );
    expect(placed.get("r")).toMatchObject({ x: 0, y: 0.5 });
    const radial = draw(
      fd("tree_chart", { id: "id", parent: "parent", name: "name", layout: "radial" }),
      rows,
    );
    expect((radial.data[1].x as number[]).length).toBe(4);
  });

  it("graph: nodes by category, edges between them, a deterministic force layout", () => {
    const form = fd("graph_chart", {
      source: "source",
      target: "target",
      metric: "sum__value",
      source_category: "kind",
      target_category: "kind",
    });
    const rows = [
      { source: "Coal", target: "Power", kind: "fuel", sum__value: 3 },
      { source: "Gas", target: "Power", kind: "fuel", sum__value: 2 },
    ];
    const fig = draw(form, rows);
    expect(fig.data.map((t) => t.name)).toEqual([undefined, "fuel"]);
    expect(fig.data[1].text).toEqual(["Coal", "Power", "Gas"]);
    expect(forceLayout(3, [[0, 1]])).toEqual(forceLayout(3, [[0, 1]]));
    const circle = draw(
      { ...form, layout: "circular", source_category: undefined, target_category: undefined },
      rows,
    );
    expect((circle.data[1].x as number[])[0]).toBeCloseTo(1);
  });

  it("bubble: a trace per series, one bubble per entity sized by area", () => {
    const fig = draw(
      fd("bubble_v2", { entity: "name", series: "gender", x: "count", y: "sum__num", size: "sum__num" }),
      [
        { name: "Ann", gender: "girl", count: 2, sum__num: 100 },
        { name: "Bob", gender: "boy", count: 3, sum__num: 50 },
        { name: "Eve", gender: "girl", count: 1, sum__num: 25 },
      ],
    );
    expect(fig.data.map((t) => [t.name, t.x, t.text])).toEqual([
      ["girl", [2, 1], ["Ann", "Eve"]],
      ["boy", [3], ["Bob"]],
    ]);
    expect(fig.data[0].marker).toMatchObject({ sizemode: "area", size: [100, 25], sizeref: 200 / 2500 });
  });

  it("gantt: horizontal bars from start to end per category, a trace per series", () => {
    const fig = draw(fd("gantt_chart", { start_time: "s", end_time: "e", y_axis: "task", series: "team" }), [
      { s: "2024-01-01", e: "2024-01-03", task: "Build", team: "A" },
      { s: "2024-01-02", e: "2024-01-04", task: "Test", team: "B" },
      { s: null, e: "2024-01-04", task: "Skip", team: "B" },
    ]);
    expect(fig.data.map((t) => [t.name, t.y, t.x])).toEqual([
      ["A", ["Build"], [2 * 86400000]],
      ["B", ["Test"], [2 * 86400000]],
    ]);
    expect(fig.data[0]).toMatchObject({ type: "bar", orientation: "h", base: ["2024-01-01 00:00:00.000"] });
  });

  it("pop_kpi compares with the shifted metric; bullet draws ranges and a marker line", () => {
    const kpi = draw(fd("pop_kpi", { metric: "count", time_comparison: "y" }), [
      { count: 120, "count__1 year ago": 100 },
    ]);
    expect(kpi.data[0]).toMatchObject({ type: "indicator", value: 120, delta: { reference: 100 } });
    expect((kpi.layout.annotations as { text: string }[])[0].text).toContain("+20.0%");
    const bullet = draw(fd("bullet", { metric: "count", ranges: "50, 100, 150", marker_lines: "90" }), [
      { count: 80 },
    ]);
    expect(bullet.data[0]).toMatchObject({
      type: "indicator",
      value: 80,
      gauge: { shape: "bullet", axis: { range: [0, 150] }, threshold: { value: 90 } },
    });
    expect((bullet.data[0].gauge as { steps: unknown[] }).steps).toHaveLength(3);
  });
});

describe("ECharts-family queries (Superset's buildQuery shapes)", () => {
  it("sankey, graph, tree, bubble, gantt and pop_kpi select what their form data names", () => {
    const [sankey] = buildQueries(
      fd("sankey_v2", {
        source: "source",
        target: "target",
        metric: "sum__value",
        row_limit: 10,
        sort_by_metric: true,
      }),
    );
    expect(sankey).toMatchObject({
      columns: ["source", "target"],
      metrics: ["sum__value"],
      orderby: [
        ["sum__value", false],
        ["source", true],
        ["target", true],
      ],
    });
    const [graph] = buildQueries(
      fd("graph_chart", { source: "a", target: "b", source_category: "k", metric: "count" }),
    );
    expect(graph).toMatchObject({ columns: ["a", "b", "k"], metrics: ["count"] });
    const [tree] = buildQueries(
      fd("tree_chart", { id: "id", parent: "parent", name: "name", metric: "count" }),
    );
    expect(tree).toMatchObject({ columns: ["id", "parent", "name"], metrics: ["count"] });
    const [bubble] = buildQueries(
      fd("bubble_v2", {
        entity: "name",
        series: "gender",
        x: "count",
        y: "sum__num",
        size: "count",
        limit: 20,
      }),
    );
    expect(bubble).toMatchObject({
      columns: ["name", "gender"],
      metrics: ["count", "sum__num", "count"],
      row_limit: 20,
    });
    expect(bubble.series_limit).toBeUndefined();
    const [gantt] = buildQueries(
      fd("gantt_chart", {
        start_time: "s",
        end_time: "e",
        y_axis: "task",
        series: "team",
        order_by_cols: ['["task", true]'],
      }),
    );
    expect(gantt).toMatchObject({
      columns: ["s", "e", "task", "team"],
      orderby: [["task", true]],
      series_columns: ["team"],
    });
    const [pop] = buildQueries(fd("pop_kpi", { metric: "count", time_comparison: "y" }));
    expect(pop).toMatchObject({ metrics: ["count"], columns: [], time_offsets: ["1 year ago"] });
    const [radar] = buildQueries(fd("radar", { groupby: ["gender"], metrics: ["count", "sum__num"] }));
    expect(radar).toMatchObject({ columns: ["gender"], orderby: [["count", false]] });
  });
});
