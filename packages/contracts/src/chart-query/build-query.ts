import type { QueryObject } from "../chart-data.ts";
import { type BuildContext, chartDataRequest, type RequestOptions } from "./base-query.ts";
import { modernFormData } from "./legacy-viz.ts";
import type { FormData } from "./types.ts";
import {
  buildBubble,
  buildBullet,
  buildGantt,
  buildGraph,
  buildPopKpi,
  buildRadar,
  buildSankey,
  buildTree,
} from "./viz/echarts-extra.ts";
import { buildChord, buildParallelCoordinates, buildPartition } from "./viz/legacy-groups.ts";
import { buildCalendar, buildLegacyTimeseries, buildTimeTable } from "./viz/legacy-time.ts";
import {
  buildCountryMap,
  buildDeckAggregate,
  buildDeckArc,
  buildDeckGeoJson,
  buildDeckPath,
  buildDeckPolygon,
  buildDeckScatter,
  buildWorldMap,
} from "./viz/maps.ts";
import {
  buildBigNumber,
  buildBigNumberTotal,
  buildBoxPlot,
  buildFunnel,
  buildGauge,
  buildHeatmap,
  buildHistogram,
  buildPie,
  buildSunburst,
  buildTreemap,
  buildWaterfall,
} from "./viz/single-metric.ts";
import { buildPivotTable, buildTable } from "./viz/tables.ts";
import { buildMixedTimeseries, buildTimeseries } from "./viz/timeseries.ts";
import { buildWordCloud } from "./viz/word-cloud.ts";

type BuildQuery = (fd: FormData, ctx?: BuildContext) => QueryObject[];

/** Each visualisation's form data → query objects (Superset's buildQuery per plugin). */
export const BUILD_QUERY: Record<string, BuildQuery> = {
  time_table: buildTimeTable,
  "ag-grid-table": buildTable,
  word_cloud: buildWordCloud,
  cal_heatmap: buildCalendar,
  partition: buildPartition,
  parallel_coordinates: buildParallelCoordinates,
  rose: buildLegacyTimeseries,
  chord: buildChord,
  horizon: buildLegacyTimeseries,
  paired_ttest: buildLegacyTimeseries,
  handlebars: buildTable,
  echarts_timeseries_line: buildTimeseries,
  echarts_timeseries_bar: buildTimeseries,
  echarts_area: buildTimeseries,
  echarts_timeseries_scatter: buildTimeseries,
  mixed_timeseries: buildMixedTimeseries,
  table: buildTable,
  big_number_total: buildBigNumberTotal,
  big_number: buildBigNumber,
  pie: buildPie,
  pivot_table_v2: buildPivotTable,
  histogram_v2: buildHistogram,
  box_plot: buildBoxPlot,
  heatmap_v2: buildHeatmap,
  treemap_v2: buildTreemap,
  sunburst_v2: buildSunburst,
  funnel: buildFunnel,
  gauge_chart: buildGauge,
  waterfall: buildWaterfall,
  country_map: buildCountryMap,
  world_map: buildWorldMap,
  deck_scatter: buildDeckScatter,
  deck_hex: buildDeckAggregate,
  deck_grid: buildDeckAggregate,
  deck_screengrid: buildDeckAggregate,
  deck_heatmap: buildDeckAggregate,
  deck_arc: buildDeckArc,
  deck_path: buildDeckPath,
  deck_polygon: buildDeckPolygon,
  deck_geojson: buildDeckGeoJson,
  echarts_timeseries: buildTimeseries,
  echarts_timeseries_smooth: buildTimeseries,
  echarts_timeseries_step: buildTimeseries,
  radar: buildRadar,
  sankey_v2: buildSankey,
  tree_chart: buildTree,
  graph_chart: buildGraph,
  bubble_v2: buildBubble,
  gantt_chart: buildGantt,
  pop_kpi: buildPopKpi,
  bullet: buildBullet,
};

export function buildQueries(form: FormData, ctx: BuildContext = {}): QueryObject[] {
  // Legacy keys (dist_bar, line, …) are queried as the modern type Superset migrates them to.
  const fd = modernFormData(form);
  // Own keys only: a viz_type such as "constructor" must not find Object's prototype members.
  // An unknown type builds no query; the renderer shows a placeholder.
  if (!Object.hasOwn(BUILD_QUERY, fd.viz_type)) return [];
  return BUILD_QUERY[fd.viz_type](fd, ctx);
}

/** The whole chart-data request of a form (also saved as the chart's query_context). */
export function buildChartDataRequest(fd: FormData, ctx: BuildContext = {}, options: RequestOptions = {}) {
  return chartDataRequest(fd, buildQueries(fd, ctx), options);
}

export type { BuildContext, RequestOptions };
