import { translatable as tr } from "../../lib/i18n";

/**
 * What the gallery tells about a type beyond its registry entry: search tags and an example of
 * a question it answers (shown under "Examples" with the large pictogram). Keyed by viz_type;
 * a type without an entry here still shows, with its description only.
 */
export interface GalleryInfo {
  tags: string[];
  examples: string[];
}

const INFO: Record<string, GalleryInfo> = {
  echarts_timeseries: {
    tags: [tr("Trend"), tr("Time"), tr("Line"), tr("Bar"), tr("Scatter")],
    examples: [tr("Any time series drawn as lines, bars or points, chosen per chart")],
  },
  echarts_timeseries_line: {
    tags: [tr("Trend"), tr("Time"), tr("Line"), tr("Popular")],
    examples: [tr("Daily orders over the last quarter, one line per region")],
  },
  echarts_timeseries_smooth: {
    tags: [tr("Trend"), tr("Time"), tr("Line"), tr("Curve")],
    examples: [tr("Temperature through the year as a smooth curve")],
  },
  echarts_timeseries_step: {
    tags: [tr("Trend"), tr("Time"), tr("Line"), tr("Step")],
    examples: [tr("A price that changes at set dates and holds in between")],
  },
  echarts_timeseries_scatter: {
    tags: [tr("Time"), tr("Scatter"), tr("Points")],
    examples: [tr("Each day's response time as a point")],
  },
  echarts_timeseries_bar: {
    tags: [tr("Bar"), tr("Column"), tr("Ranking"), tr("Stacked"), tr("Horizontal"), tr("Popular")],
    examples: [tr("Sales per product line, stacked by channel"), tr("Top ten countries by visitors")],
  },
  echarts_area: {
    tags: [tr("Trend"), tr("Time"), tr("Stacked"), tr("Area")],
    examples: [tr("Traffic per source over time, stacked to the total")],
  },
  mixed_timeseries: {
    tags: [tr("Trend"), tr("Time"), tr("Two axes"), tr("Combo")],
    examples: [tr("Revenue as bars with the margin rate as a line on a second axis")],
  },
  pie: {
    tags: [tr("Part-to-whole"), tr("Proportion"), tr("Donut"), tr("Popular")],
    examples: [tr("Share of tickets per priority")],
  },
  funnel: {
    tags: [tr("Conversion"), tr("Stages"), tr("Pipeline")],
    examples: [tr("Visitors, sign-ups, trials and purchases")],
  },
  gauge_chart: {
    tags: [tr("Dial"), tr("Progress"), tr("Target")],
    examples: [tr("Capacity used against its maximum")],
  },
  radar: {
    tags: [tr("Spider"), tr("Profile"), tr("Comparison")],
    examples: [tr("Scores of three products on six criteria")],
  },
  sankey_v2: {
    tags: [tr("Flow"), tr("Transfer"), tr("Journey")],
    examples: [tr("Energy from each source to each use")],
  },
  sunburst_v2: {
    tags: [tr("Hierarchy"), tr("Rings"), tr("Part-to-whole")],
    examples: [tr("Sales by region, then country, then city")],
  },
  treemap_v2: {
    tags: [tr("Hierarchy"), tr("Rectangles"), tr("Part-to-whole")],
    examples: [tr("Disk space by folder and sub-folder")],
  },
  tree_chart: {
    tags: [tr("Hierarchy"), tr("Tree"), tr("Organisation")],
    examples: [tr("An organisation chart from each person's manager")],
  },
  graph_chart: {
    tags: [tr("Network"), tr("Graph"), tr("Relations"), tr("Force")],
    examples: [tr("Which services call which, sized by traffic")],
  },
  waterfall: {
    tags: [tr("Change"), tr("Bridge"), tr("Contribution")],
    examples: [tr("How each month's gains and losses add up to the year")],
  },
  box_plot: {
    tags: [tr("Statistics"), tr("Quartiles"), tr("Outliers"), tr("Spread")],
    examples: [tr("Delivery times per carrier: median, quartiles and outliers")],
  },
  bubble_v2: {
    tags: [tr("Scatter"), tr("Size"), tr("Three measures")],
    examples: [tr("Countries by income and life expectancy, sized by population")],
  },
  heatmap_v2: {
    tags: [tr("Matrix"), tr("Colour"), tr("Density")],
    examples: [tr("Orders per weekday and hour")],
  },
  histogram_v2: {
    tags: [tr("Statistics"), tr("Bins"), tr("Frequency")],
    examples: [tr("How many customers fall in each age band")],
  },
  gantt_chart: {
    tags: [tr("Timeline"), tr("Schedule"), tr("Tasks")],
    examples: [tr("Project tasks from their start to their end date")],
  },
  big_number_total: {
    tags: [tr("KPI"), tr("Number"), tr("Single value"), tr("Popular")],
    examples: [tr("Total revenue this year")],
  },
  big_number: {
    tags: [tr("KPI"), tr("Number"), tr("Trend"), tr("Sparkline")],
    examples: [tr("Active users today, with the last 30 days below")],
  },
  pop_kpi: {
    tags: [tr("KPI"), tr("Comparison"), tr("Period over period")],
    examples: [tr("This month's bookings against last month's, with the change")],
  },
  bullet: {
    tags: [tr("KPI"), tr("Target"), tr("Ranges")],
    examples: [tr("Quarter sales against their target and bands")],
  },
  table: {
    tags: [tr("Table"), tr("Rows"), tr("Details"), tr("Popular")],
    examples: [tr("Orders with their customer, amount and status")],
  },
  "ag-grid-table": {
    tags: [tr("Table"), tr("Rows"), tr("Grid")],
    examples: [tr("A large list of records to sort, search and scroll")],
  },
  pivot_table_v2: {
    tags: [tr("Table"), tr("Pivot"), tr("Cross-tab"), tr("Totals")],
    examples: [tr("Revenue by region in rows and year in columns, with totals")],
  },
  time_table: {
    tags: [tr("Table"), tr("Time"), tr("Sparkline"), tr("Comparison")],
    examples: [tr("Each metric's latest value, its change and a sparkline")],
  },
  word_cloud: {
    tags: [tr("Text"), tr("Words"), tr("Frequency")],
    examples: [tr("The most frequent words in support tickets")],
  },
  cal_heatmap: {
    tags: [tr("Calendar"), tr("Time"), tr("Colour")],
    examples: [tr("Commits per day over a year")],
  },
  partition: {
    tags: [tr("Hierarchy"), tr("Icicle"), tr("Part-to-whole")],
    examples: [tr("Budget split by department, then team")],
  },
  parallel_coordinates: {
    tags: [tr("Multi-dimensional"), tr("Comparison"), tr("Lines")],
    examples: [tr("Cars compared on power, weight, price and consumption")],
  },
  rose: {
    tags: [tr("Nightingale"), tr("Polar"), tr("Time")],
    examples: [tr("Rainfall per month as petals")],
  },
  chord: {
    tags: [tr("Flow"), tr("Relations"), tr("Circle")],
    examples: [tr("Migration between regions, both ways")],
  },
  horizon: {
    tags: [tr("Trend"), tr("Time"), tr("Compact")],
    examples: [tr("Many servers' load over time in little space")],
  },
  paired_ttest: {
    tags: [tr("Statistics"), tr("Significance"), tr("Table")],
    examples: [tr("Whether each group differs from a control group")],
  },
  handlebars: {
    tags: [tr("Template"), tr("Text"), tr("Custom")],
    examples: [tr("Rows written into your own HTML template")],
  },
  country_map: {
    tags: [tr("Map"), tr("Regions"), tr("Choropleth")],
    examples: [tr("Population per French department")],
  },
  world_map: {
    tags: [tr("Map"), tr("Countries"), tr("Choropleth"), tr("Bubbles")],
    examples: [tr("Visitors per country, shaded or as bubbles")],
  },
  deck_scatter: {
    tags: [tr("Map"), tr("Points"), tr("Geo")],
    examples: [tr("Each store at its longitude and latitude")],
  },
  deck_hex: {
    tags: [tr("Map"), tr("Hexagons"), tr("Density"), tr("Geo")],
    examples: [tr("Taxi pick-ups aggregated into hexagons")],
  },
  deck_grid: {
    tags: [tr("Map"), tr("Grid"), tr("Density"), tr("Geo")],
    examples: [tr("Incidents counted per square of a grid")],
  },
  deck_screengrid: {
    tags: [tr("Map"), tr("Grid"), tr("Density"), tr("Geo")],
    examples: [tr("Points counted per screen cell, at any zoom")],
  },
  deck_heatmap: {
    tags: [tr("Map"), tr("Heat"), tr("Density"), tr("Geo")],
    examples: [tr("Where sightings concentrate")],
  },
  deck_arc: {
    tags: [tr("Map"), tr("Arcs"), tr("Flow"), tr("Geo")],
    examples: [tr("Flights from their origin to their destination")],
  },
  deck_path: {
    tags: [tr("Map"), tr("Lines"), tr("Routes"), tr("Geo")],
    examples: [tr("Transit lines drawn along their stations")],
  },
  deck_polygon: {
    tags: [tr("Map"), tr("Polygons"), tr("Areas"), tr("Geo")],
    examples: [tr("Neighbourhoods shaded by population")],
  },
  deck_geojson: {
    tags: [tr("Map"), tr("GeoJSON"), tr("Shapes"), tr("Geo")],
    examples: [tr("Delivery zones, routes and depots stored as GeoJSON")],
  },
};

const NONE: GalleryInfo = { tags: [], examples: [] };

export function galleryInfo(key: string): GalleryInfo {
  return INFO[key] ?? NONE;
}
