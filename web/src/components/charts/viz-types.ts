import { BUILD_QUERY, isLegacyVizType } from "@strata/contracts/chart-query";
import { t, translatable } from "../../lib/i18n";
import { type TablesOthersKind, tablesOthersKind } from "./render/tables-others-kinds";

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
    | "Flow"
    | "Map"
    | "Tools"
    | "Other";
  description: string;
  /** Search words beyond the name and description (Superset's metadata tags), English. */
  tags?: string[];
  /** Superset no longer offers it (a legacy key drawn through its modern type): not in the gallery. */
  deprecated?: boolean;
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
  {
    key: "echarts_timeseries",
    label: translatable("Generic Chart"),
    category: translatable("Evolution"),
    description: translatable("Lines, bars or steps of metrics over an x-axis, in one configurable chart."),
    tags: ["Line", "Bar", "Step", "Time"],
  },
  {
    key: "echarts_timeseries_smooth",
    label: translatable("Smooth Line"),
    category: translatable("Evolution"),
    description: translatable("A line chart drawn as a smooth curve through its points."),
    tags: ["Line", "Time"],
  },
  {
    key: "echarts_timeseries_step",
    label: translatable("Stepped Line"),
    category: translatable("Evolution"),
    description: translatable(
      "A line chart that changes in steps, at the start, middle or end of each interval.",
    ),
    tags: ["Line", "Step", "Time"],
  },
  {
    key: "radar",
    label: translatable("Radar Chart"),
    category: translatable("Ranking"),
    description: translatable("Several metrics of each group as a polygon on one spoke per metric."),
    tags: ["Comparison", "Multi-Variables"],
  },
  {
    key: "sankey_v2",
    label: translatable("Sankey Chart"),
    category: translatable("Flow"),
    description: translatable(
      "Flows between the values of two or more columns, as links as wide as the metric.",
    ),
    tags: ["Directional", "Relational", "Flow"],
  },
  {
    key: "tree_chart",
    label: translatable("Tree Chart"),
    category: translatable("Part of a Whole"),
    description: translatable(
      "A hierarchy of nodes (id and parent columns) as a tree, orthogonal or radial.",
    ),
    tags: ["Categorical", "Structural"],
  },
  {
    key: "graph_chart",
    label: translatable("Graph Chart"),
    category: translatable("Flow"),
    description: translatable("Relationships between entities as a network of nodes and edges."),
    tags: ["Circular", "Graph", "Network", "Relational"],
  },
  {
    key: "bubble_v2",
    label: translatable("Bubble Chart"),
    category: translatable("Correlation"),
    description: translatable("Entities placed by two metrics, each bubble sized by a third."),
    tags: ["Multi-Dimensions", "Scatter"],
  },
  {
    key: "gantt_chart",
    label: translatable("Gantt Chart"),
    category: translatable("Other"),
    description: translatable(
      "Events over time: one bar per row from its start to its end, on its category line.",
    ),
    tags: ["Timeline", "Time"],
  },
  {
    key: "pop_kpi",
    label: translatable("Big Number with Time Period Comparison"),
    category: translatable("KPI"),
    description: translatable("A metric now and over an earlier period, with the difference and the change."),
    tags: ["Comparison", "Percentages", "Report"],
  },
  {
    key: "bullet",
    label: translatable("Bullet Chart"),
    category: translatable("KPI"),
    description: translatable("One metric as a bar against qualitative ranges and target markers."),
    tags: ["Business", "Report"],
  },
  {
    key: "time_table",
    label: translatable("Time-series Table"),
    category: translatable("Table"),
    description: translatable(
      "Metrics or groups as rows with sparklines and period-over-period comparisons.",
    ),
    tags: ["Multi-Variables", "Comparison", "Time", "Report"],
  },
  {
    key: "ag-grid-table",
    label: translatable("Table V2"),
    category: translatable("Table"),
    description: translatable("Aggregated or raw rows in an interactive grid (drawn as the table)."),
    tags: ["Tabular", "Report"],
  },
  {
    key: "word_cloud",
    label: translatable("Word Cloud"),
    category: translatable("Ranking"),
    description: translatable("The values of a column as words, sized by a metric."),
    tags: ["Categorical", "Comparison", "Density", "Single Metric"],
  },
  {
    key: "cal_heatmap",
    label: translatable("Calendar Heatmap"),
    category: translatable("Correlation"),
    description: translatable("A metric per day (or hour, week…) as colour on a calendar grid."),
    tags: ["Business", "Comparison", "Intensity", "Pattern", "Time", "Trend"],
  },
  {
    key: "partition",
    label: translatable("Partition Chart"),
    category: translatable("Part of a Whole"),
    description: translatable("A hierarchy as nested bars: each level splits its parent by a metric."),
    tags: ["Categorical", "Comparison", "Proportional"],
  },
  {
    key: "parallel_coordinates",
    label: translatable("Parallel Coordinates"),
    category: translatable("Ranking"),
    description: translatable("Many metrics side by side: each group is a line across an axis per metric."),
    tags: ["Directional", "Vertical", "Comparison"],
  },
  {
    key: "rose",
    label: translatable("Nightingale Rose Chart"),
    category: translatable("Ranking"),
    description: translatable(
      "A polar bar chart: a sector per period, an arc per series sized by the metric.",
    ),
    tags: ["Categorical", "Comparison", "Circular", "Time"],
  },
  {
    key: "chord",
    label: translatable("Chord Diagram"),
    category: translatable("Flow"),
    description: translatable("Flows between the values of a source and a target column, around a circle."),
    tags: ["Circular", "Proportional", "Relational"],
  },
  {
    key: "horizon",
    label: translatable("Horizon Chart"),
    category: translatable("Evolution"),
    description: translatable("Many time series as thin rows of colour bands, compact enough to compare."),
    tags: ["Comparison", "Trend", "Time"],
  },
  {
    key: "paired_ttest",
    label: translatable("Paired t-test Table"),
    category: translatable("Table"),
    description: translatable("Each group's time series tested against a control group: p-values and lift."),
    tags: ["Statistical", "Comparison", "Tabular"],
  },
  {
    key: "handlebars",
    label: translatable("Handlebars"),
    category: translatable("Other"),
    description: translatable("The rows through a Handlebars template, as sanitised HTML with your CSS."),
    tags: ["Text", "Formattable", "Report"],
  },
  // Maps: drawn by the lazy map renderer over shipped boundaries (render/maps).
  {
    key: "country_map",
    label: translatable("Country Map"),
    category: translatable("Map"),
    description: translatable("A metric per region of a country (ISO 3166-2 codes), as a choropleth."),
    tags: ["2D", "Comparison", "Multi-Dimensions"],
  },
  {
    key: "world_map",
    label: translatable("World Map"),
    category: translatable("Map"),
    description: translatable(
      "A metric per country, coloured, with optional bubbles sized by a second metric.",
    ),
    tags: ["2D", "Comparison", "Multi-Dimensions"],
  },
  {
    key: "deck_scatter",
    label: translatable("deck.gl Scatterplot"),
    category: translatable("Map"),
    description: translatable("Points at their longitude and latitude, sized and coloured."),
    tags: ["deckGL", "Scatter", "Geo", "2D"],
  },
  {
    key: "deck_hex",
    label: translatable("deck.gl 3D Hexagon"),
    category: translatable("Map"),
    description: translatable("Points aggregated into hexagonal cells, coloured by their total."),
    tags: ["deckGL", "Geo", "Aggregation"],
  },
  {
    key: "deck_grid",
    label: translatable("deck.gl Grid"),
    category: translatable("Map"),
    description: translatable("Points aggregated into square cells of a given size in metres."),
    tags: ["deckGL", "Geo", "Aggregation"],
  },
  {
    key: "deck_screengrid",
    label: translatable("deck.gl Screen Grid"),
    category: translatable("Map"),
    description: translatable("Points aggregated into square cells of a given size on screen."),
    tags: ["deckGL", "Geo", "Aggregation"],
  },
  {
    key: "deck_heatmap",
    label: translatable("deck.gl Heatmap"),
    category: translatable("Map"),
    description: translatable("The density of points over a map as a colour scale."),
    tags: ["deckGL", "Geo", "Density"],
  },
  {
    key: "deck_arc",
    label: translatable("deck.gl Arc"),
    category: translatable("Map"),
    description: translatable("A line from a start to an end position per row (flights, trips)."),
    tags: ["deckGL", "Geo", "Flow"],
  },
  {
    key: "deck_path",
    label: translatable("deck.gl Path"),
    category: translatable("Map"),
    description: translatable("Lines on a map from encoded polylines or JSON coordinate lists."),
    tags: ["deckGL", "Geo", "Path"],
  },
  {
    key: "deck_polygon",
    label: translatable("deck.gl Polygon"),
    category: translatable("Map"),
    description: translatable("Polygons on a map (zones, areas) coloured by a metric."),
    tags: ["deckGL", "Geo", "Polygon"],
  },
  {
    key: "deck_geojson",
    label: translatable("deck.gl Geojson"),
    category: translatable("Map"),
    description: translatable("Shapes stored as GeoJSON, one or more per row: areas, lines and points."),
    tags: ["deckGL", "Geo", "GeoJSON"],
  },
];

export const DEFAULT_VIZ_TYPE = "table";

export function vizTypeLabel(key: string): string {
  const label = VIZ_TYPES.find((v) => v.key === key)?.label;
  return label ? t(label) : key;
}

/** Map visualisations: the lazy map renderer (geo traces and shipped boundaries). */
const MAP_VIZ_TYPES = new Set([
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
  "deck_geojson",
]);

/** Which renderer module draws a viz: Plotly, the virtualised table, or the pivot table. */
export function rendererKind(key: string): "plotly" | "table" | "pivot" | "map" | TablesOthersKind {
  const other = tablesOthersKind(key);
  if (other) return other;
  if (MAP_VIZ_TYPES.has(key)) return "map";
  if (key === "table") return "table";
  if (key === "pivot_table_v2") return "pivot";
  return "plotly";
}

/**
 * Whether Strata can draw a viz_type: a registered type, one with a query builder, or a legacy
 * key read as its modern type. Anything else, e.g. an imported chart of a Superset plugin Strata
 * lacks, gets the "not supported" placeholder rather than some other chart.
 */
export function isSupportedVizType(key: string | null | undefined): boolean {
  if (!key) return false;
  return VIZ_TYPES.some((v) => v.key === key) || Object.hasOwn(BUILD_QUERY, key) || isLegacyVizType(key);
}
