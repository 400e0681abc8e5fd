import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import Pictogram, { hasPictogram, PICTOGRAM_KEYS } from "./pictograms";

/** Every viz_type key of issue 16 (modern, tables, other, maps and the legacy keys). */
const ISSUE_KEYS = [
  "echarts_timeseries",
  "echarts_timeseries_line",
  "echarts_timeseries_smooth",
  "echarts_timeseries_step",
  "echarts_timeseries_scatter",
  "echarts_timeseries_bar",
  "echarts_area",
  "mixed_timeseries",
  "pie",
  "funnel",
  "gauge_chart",
  "radar",
  "sankey_v2",
  "sunburst_v2",
  "treemap_v2",
  "tree_chart",
  "graph_chart",
  "waterfall",
  "box_plot",
  "bubble_v2",
  "heatmap_v2",
  "histogram_v2",
  "gantt_chart",
  "big_number_total",
  "big_number",
  "pop_kpi",
  "bullet",
  "table",
  "pivot_table_v2",
  "time_table",
  "ag-grid-table",
  "word_cloud",
  "cal_heatmap",
  "partition",
  "parallel_coordinates",
  "rose",
  "chord",
  "horizon",
  "paired_ttest",
  "handlebars",
  "country_map",
  "world_map",
  "deck_scatter",
  "deck_hex",
  "deck_grid",
  "deck_screengrid",
  "deck_heatmap",
  "deck_arc",
  "deck_path",
  "deck_polygon",
  "dist_bar",
  "line",
  "bar",
  "area",
  "treemap",
  "sunburst",
  "heatmap",
  "histogram",
  "bubble",
  "pivot_table",
];

describe("visualisation pictograms", () => {
  it("has one for every key of the issue", () => {
    expect(ISSUE_KEYS.filter((k) => !hasPictogram(k))).toEqual([]);
    expect(new Set(PICTOGRAM_KEYS).size).toBe(PICTOGRAM_KEYS.length);
  });

  it("draws each as a labelled SVG with marks, in theme colours", () => {
    for (const key of ISSUE_KEYS) {
      const { container, unmount } = render(<Pictogram vizKey={key} label={key} />);
      const svg = container.querySelector("svg");
      expect(svg?.getAttribute("aria-label")).toBe(key);
      expect(svg?.getAttribute("data-generic")).toBeNull();
      expect(
        svg?.querySelectorAll("path, rect, circle, polygon, polyline, ellipse, text").length,
      ).toBeGreaterThan(0);
      // No fixed palette: fills come from CSS variables (theme), white or none.
      for (const el of svg?.querySelectorAll("[fill]") ?? []) {
        expect(el.getAttribute("fill")).toMatch(/^(var\(--|none$|white$)/);
      }
      unmount();
    }
  });

  it("draws a neutral pictogram for a key it does not know, and ignores prototype names", () => {
    for (const key of ["unknown_plugin", "constructor", "toString"]) {
      const { container, unmount } = render(<Pictogram vizKey={key} label={key} />);
      expect(container.querySelector("svg")?.getAttribute("data-generic")).toBe("true");
      unmount();
    }
  });
});
