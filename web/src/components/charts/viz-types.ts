import { t, translatable } from "../../lib/i18n";

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
    label: translatable("Line Chart"),
    category: translatable("Evolution"),
    description: translatable("Trends of one or more metrics over an x-axis."),
  },
  {
    key: "echarts_timeseries_bar",
    label: translatable("Bar Chart"),
    category: translatable("Ranking"),
    description: translatable("Metrics as bars over an x-axis, stacked or grouped."),
  },
  {
    key: "echarts_area",
    label: translatable("Area Chart"),
    category: translatable("Evolution"),
    description: translatable("Filled lines, optionally stacked."),
  },
  {
    key: "table",
    label: translatable("Table"),
    category: translatable("Table"),
    description: translatable("Aggregated or raw rows with sorting and search."),
  },
  {
    key: "big_number_total",
    label: translatable("Big Number"),
    category: translatable("KPI"),
    description: translatable("One metric as a large number."),
  },
  {
    key: "big_number",
    label: translatable("Big Number with Trendline"),
    category: translatable("KPI"),
    description: translatable("The latest value of a metric with its trend."),
  },
  {
    key: "pie",
    label: translatable("Pie Chart"),
    category: translatable("Part of a Whole"),
    description: translatable("Shares of a metric across categories."),
  },
  {
    key: "pivot_table_v2",
    label: translatable("Pivot Table"),
    category: translatable("Table"),
    description: translatable("Metrics aggregated across row and column groups."),
  },
  {
    key: "echarts_timeseries_scatter",
    label: translatable("Scatter Plot"),
    category: translatable("Correlation"),
    description: translatable("Markers over an x-axis."),
  },
  {
    key: "mixed_timeseries",
    label: translatable("Mixed Chart"),
    category: translatable("Evolution"),
    description: translatable("Two queries on one chart with two y-axes."),
  },
  {
    key: "histogram_v2",
    label: translatable("Histogram"),
    category: translatable("Distribution"),
    description: translatable("How the values of a column are distributed in bins."),
  },
  {
    key: "box_plot",
    label: translatable("Box Plot"),
    category: translatable("Distribution"),
    description: translatable("Quartiles and outliers of metrics across groups."),
  },
  {
    key: "heatmap_v2",
    label: translatable("Heatmap"),
    category: translatable("Correlation"),
    description: translatable("A metric over two categorical axes as colour."),
  },
  {
    key: "treemap_v2",
    label: translatable("Treemap"),
    category: translatable("Part of a Whole"),
    description: translatable("Nested rectangles sized by a metric."),
  },
  {
    key: "sunburst_v2",
    label: translatable("Sunburst Chart"),
    category: translatable("Part of a Whole"),
    description: translatable("A hierarchy as concentric rings."),
  },
  {
    key: "funnel",
    label: translatable("Funnel Chart"),
    category: translatable("Flow"),
    description: translatable("Stages of a process narrowing down."),
  },
  {
    key: "gauge_chart",
    label: translatable("Gauge Chart"),
    category: translatable("KPI"),
    description: translatable("A metric against a minimum and maximum."),
  },
  {
    key: "waterfall",
    label: translatable("Waterfall Chart"),
    category: translatable("Evolution"),
    description: translatable("Increases and decreases adding up to a total."),
  },
];

export const DEFAULT_VIZ_TYPE = "table";

export function vizTypeLabel(key: string): string {
  const label = VIZ_TYPES.find((v) => v.key === key)?.label;
  return label ? t(label) : key;
}

/** Which renderer module draws a viz: Plotly, the virtualised table, or the pivot table. */
export function rendererKind(key: string): "plotly" | "table" | "pivot" {
  if (key === "table") return "table";
  if (key === "pivot_table_v2") return "pivot";
  return "plotly";
}
