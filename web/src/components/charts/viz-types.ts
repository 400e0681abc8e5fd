/** The visualisations Strata draws, by Superset's viz_type key (PRODUCT.md order). */
export interface VizType {
  key: string;
  label: string;
  category:
    | "Evolution"
    | "Part of a Whole"
    | "Ranking"
    | "Table"
    | "KPI"
    | "Distribution"
    | "Correlation"
    | "Flow";
  description: string;
}

export const VIZ_TYPES: VizType[] = [
  {
    key: "echarts_timeseries_line",
    label: "Line Chart",
    category: "Evolution",
    description: "Trends of one or more metrics over an x-axis.",
  },
  {
    key: "echarts_timeseries_bar",
    label: "Bar Chart",
    category: "Ranking",
    description: "Metrics as bars over an x-axis, stacked or grouped.",
  },
  {
    key: "echarts_area",
    label: "Area Chart",
    category: "Evolution",
    description: "Filled lines, optionally stacked.",
  },
  {
    key: "table",
    label: "Table",
    category: "Table",
    description: "Aggregated or raw rows with sorting and search.",
  },
  {
    key: "big_number_total",
    label: "Big Number",
    category: "KPI",
    description: "One metric as a large number.",
  },
  {
    key: "big_number",
    label: "Big Number with Trendline",
    category: "KPI",
    description: "The latest value of a metric with its trend.",
  },
  {
    key: "pie",
    label: "Pie Chart",
    category: "Part of a Whole",
    description: "Shares of a metric across categories.",
  },
  {
    key: "pivot_table_v2",
    label: "Pivot Table",
    category: "Table",
    description: "Metrics aggregated across row and column groups.",
  },
  {
    key: "echarts_timeseries_scatter",
    label: "Scatter Plot",
    category: "Correlation",
    description: "Markers over an x-axis.",
  },
  {
    key: "mixed_timeseries",
    label: "Mixed Chart",
    category: "Evolution",
    description: "Two queries on one chart with two y-axes.",
  },
  {
    key: "histogram_v2",
    label: "Histogram",
    category: "Distribution",
    description: "How the values of a column are distributed in bins.",
  },
  {
    key: "box_plot",
    label: "Box Plot",
    category: "Distribution",
    description: "Quartiles and outliers of metrics across groups.",
  },
  {
    key: "heatmap_v2",
    label: "Heatmap",
    category: "Correlation",
    description: "A metric over two categorical axes as colour.",
  },
  {
    key: "treemap_v2",
    label: "Treemap",
    category: "Part of a Whole",
    description: "Nested rectangles sized by a metric.",
  },
  {
    key: "sunburst_v2",
    label: "Sunburst Chart",
    category: "Part of a Whole",
    description: "A hierarchy as concentric rings.",
  },
  {
    key: "funnel",
    label: "Funnel Chart",
    category: "Flow",
    description: "Stages of a process narrowing down.",
  },
  {
    key: "gauge_chart",
    label: "Gauge Chart",
    category: "KPI",
    description: "A metric against a minimum and maximum.",
  },
  {
    key: "waterfall",
    label: "Waterfall Chart",
    category: "Evolution",
    description: "Increases and decreases adding up to a total.",
  },
];

export const DEFAULT_VIZ_TYPE = "table";

export function vizTypeLabel(key: string): string {
  return VIZ_TYPES.find((v) => v.key === key)?.label ?? key;
}

/** Which renderer module draws a viz: Plotly, the virtualised table, or the pivot table. */
export function rendererKind(key: string): "plotly" | "table" | "pivot" {
  if (key === "table") return "table";
  if (key === "pivot_table_v2") return "pivot";
  return "plotly";
}
