import type { QueryObject } from "@strata/contracts";
import type { FormData } from "../types";
import { type BuildContext, chartDataRequest, type RequestOptions } from "./base-query";
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
} from "./viz/single-metric";
import { buildPivotTable, buildTable } from "./viz/tables";
import { buildMixedTimeseries, buildTimeseries } from "./viz/timeseries";

type BuildQuery = (fd: FormData, ctx?: BuildContext) => QueryObject[];

/** Each visualisation's form data → query objects (Superset's buildQuery per plugin). */
export const BUILD_QUERY: Record<string, BuildQuery> = {
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
};

export function buildQueries(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const build = BUILD_QUERY[fd.viz_type] ?? buildTable;
  return build(fd, ctx);
}

/** The whole chart-data request of a form (also saved as the chart's query_context). */
export function buildChartDataRequest(fd: FormData, ctx: BuildContext = {}, options: RequestOptions = {}) {
  return chartDataRequest(fd, buildQueries(fd, ctx), options);
}

export type { BuildContext, RequestOptions };
