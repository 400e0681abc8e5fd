import { bigNumberFigure, bigNumberTotalFigure } from "./big-number";
import { bubbleFigure } from "./bubble";
import { funnelFigure, gaugeFigure, hierarchyFigure, pieFigure } from "./categorical";
import { boxPlotFigure, histogramFigure } from "./distribution";
import { ganttFigure } from "./gantt";
import { bulletFigure, popKpiFigure } from "./kpi-extra";
import { heatmapFigure } from "./matrix";
import { graphFigure, treeFigure } from "./network";
import { partitionFigure } from "./partition";
import { radarFigure } from "./radar";
import { roseFigure } from "./rose";
import { sankeyFigure } from "./sankey";
import { mixedFigure, timeseriesFigure } from "./timeseries";
import { timeseriesVariantFigure } from "./timeseries-variants";
import type { FigureBuilder } from "./types";
import { waterfallFigure } from "./waterfall";

/** Form data + chart-data results → a Plotly figure, per visualisation. */
export const FIGURES: Record<string, FigureBuilder> = {
  partition: partitionFigure,
  rose: roseFigure,
  echarts_timeseries_line: timeseriesFigure,
  echarts_timeseries_bar: timeseriesFigure,
  echarts_area: timeseriesFigure,
  echarts_timeseries_scatter: timeseriesFigure,
  mixed_timeseries: mixedFigure,
  big_number_total: bigNumberTotalFigure,
  big_number: bigNumberFigure,
  pie: pieFigure,
  histogram_v2: histogramFigure,
  box_plot: boxPlotFigure,
  heatmap_v2: heatmapFigure,
  treemap_v2: hierarchyFigure,
  sunburst_v2: hierarchyFigure,
  funnel: funnelFigure,
  gauge_chart: gaugeFigure,
  waterfall: waterfallFigure,
  echarts_timeseries: timeseriesVariantFigure,
  echarts_timeseries_smooth: timeseriesVariantFigure,
  echarts_timeseries_step: timeseriesVariantFigure,
  radar: radarFigure,
  sankey_v2: sankeyFigure,
  tree_chart: treeFigure,
  graph_chart: graphFigure,
  bubble_v2: bubbleFigure,
  gantt_chart: ganttFigure,
  pop_kpi: popKpiFigure,
  bullet: bulletFigure,
};

export type { Figure, FigureBuilder } from "./types";
