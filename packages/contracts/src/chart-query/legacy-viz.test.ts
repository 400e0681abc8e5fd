import { describe, expect, it } from "vitest";
import { isLegacyVizType, modernFormData } from "./legacy-viz.ts";
import type { FormData } from "./types.ts";

const fd = (viz: string, extra: Record<string, unknown> = {}): FormData => ({
  datasource: "1__table",
  viz_type: viz,
  ...extra,
});
const range = (subject: string, comparator: string) => ({
  clause: "WHERE",
  subject,
  operator: "TEMPORAL_RANGE",
  comparator,
  expressionType: "SIMPLE",
});

describe("legacy viz_type keys read as their modern type (Superset's migrations)", () => {
  it("leaves modern form data alone, as the same object", () => {
    const pie = fd("pie", { groupby: ["gender"] });
    expect(modernFormData(pie)).toBe(pie);
    expect(isLegacyVizType("pie")).toBe(false);
    expect(isLegacyVizType("dist_bar")).toBe(true);
  });

  it("dist_bar → bar chart: first group-by is the x-axis, the rest and columns are series", () => {
    const out = modernFormData(
      fd("dist_bar", {
        groupby: ["state", "gender"],
        columns: ["name"],
        metrics: ["count"],
        bar_stacked: true,
        show_bar_value: true,
        y_axis_label: "Births",
        granularity_sqla: "ds",
        time_range: "Last year",
      }),
    );
    expect(out).toMatchObject({
      viz_type: "echarts_timeseries_bar",
      x_axis: "state",
      groupby: ["gender", "name"],
      stack: "Stack",
      show_value: true,
      y_axis_title: "Births",
      xAxisLabelRotation: 45,
      adhoc_filters: [range("ds", "Last year")],
    });
    expect(out).not.toHaveProperty("columns");
    expect(out).not.toHaveProperty("granularity_sqla");
    expect(out).not.toHaveProperty("bar_stacked");
  });

  it("line → line, smooth or step; the time column becomes the x-axis; comparisons get ' ago'", () => {
    const line = modernFormData(
      fd("line", {
        metrics: ["count"],
        granularity_sqla: "ds",
        time_compare: ["1 year"],
        comparison_type: "absolute",
        show_markers: true,
        x_axis_format: "%Y",
      }),
    );
    expect(line).toMatchObject({
      viz_type: "echarts_timeseries_line",
      x_axis: "ds",
      time_grain_sqla: "P1D",
      time_compare: ["1 year ago"],
      comparison_type: "difference",
      markerEnabled: true,
      x_axis_time_format: "%Y",
      adhoc_filters: [range("ds", "No filter")],
    });
    expect(line).not.toHaveProperty("show_markers");
    expect(modernFormData(fd("line", { line_interpolation: "cardinal" })).viz_type).toBe(
      "echarts_timeseries_smooth",
    );
    expect(modernFormData(fd("line", { line_interpolation: "step-after" }))).toMatchObject({
      viz_type: "echarts_timeseries_step",
      seriesType: "end",
    });
  });

  it("area and bar stack as Superset maps them", () => {
    expect(modernFormData(fd("area", { stacked_style: "expand" }))).toMatchObject({
      viz_type: "echarts_area",
      stack: "Expand",
      opacity: 0.7,
    });
    expect(modernFormData(fd("bar", { bar_stacked: false }))).toMatchObject({
      viz_type: "echarts_timeseries_bar",
      stack: null,
    });
  });

  it("treemap, sunburst, heatmap, histogram, bubble, pivot_table, sankey and dual_line", () => {
    expect(modernFormData(fd("treemap", { metrics: ["count"], order_desc: true }))).toMatchObject({
      viz_type: "treemap_v2",
      metric: "count",
      sort_by_metric: true,
    });
    expect(modernFormData(fd("sunburst", { groupby: ["a", "b"] }))).toMatchObject({
      viz_type: "sunburst_v2",
      columns: ["a", "b"],
    });
    expect(
      modernFormData(fd("heatmap", { all_columns_x: "x", all_columns_y: "y", show_perc: true })),
    ).toMatchObject({
      viz_type: "heatmap_v2",
      x_axis: "x",
      groupby: "y",
      show_percentage: true,
      legend_type: "continuous",
    });
    expect(modernFormData(fd("histogram", { all_columns_x: ["num"], link_length: "10" }))).toMatchObject({
      viz_type: "histogram_v2",
      column: "num",
      bins: 10,
      groupby: [],
    });
    expect(modernFormData(fd("bubble", { limit: 50, x_log_scale: true }))).toMatchObject({
      viz_type: "bubble_v2",
      row_limit: 50,
      logXAxis: true,
    });
    expect(
      modernFormData(
        fd("pivot_table", { groupby: ["a"], columns: ["b"], pandas_aggfunc: "mean", pivot_margins: true }),
      ),
    ).toMatchObject({
      viz_type: "pivot_table_v2",
      groupbyRows: ["a"],
      groupbyColumns: ["b"],
      aggregateFunction: "Average",
      colTotals: true,
      rowOrder: "value_z_to_a",
    });
    expect(modernFormData(fd("sankey", { groupby: ["source", "target"] }))).toMatchObject({
      viz_type: "sankey_v2",
      source: "source",
      target: "target",
    });
    expect(
      modernFormData(fd("dual_line", { metric: "a", metric_2: "b", granularity_sqla: "ds" })),
    ).toMatchObject({
      viz_type: "mixed_timeseries",
      metrics: ["a"],
      metrics_b: ["b"],
      yAxisIndexB: 1,
      x_axis: "ds",
      adhoc_filters_b: [range("ds", "No filter")],
    });
  });

  it("v1 big numbers: the time column becomes the trendline's x-axis and a range filter", () => {
    expect(
      modernFormData(fd("big_number", { metric: "count", granularity_sqla: "ds", time_range: "Last week" })),
    ).toMatchObject({ viz_type: "big_number", x_axis: "ds", adhoc_filters: [range("ds", "Last week")] });
    const total = modernFormData(fd("big_number_total", { metrics: ["count"], granularity_sqla: "ds" }));
    expect(total).toMatchObject({ viz_type: "big_number_total", metric: "count" });
    expect(total).not.toHaveProperty("x_axis");
    const modern = fd("big_number", { metric: "count", x_axis: "ds" });
    expect(modernFormData(modern)).toBe(modern);
  });
});
