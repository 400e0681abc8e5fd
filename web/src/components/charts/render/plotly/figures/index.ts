import { bigNumberFigure, bigNumberTotalFigure } from "./big-number";
import { funnelFigure, gaugeFigure, hierarchyFigure, pieFigure } from "./categorical";
import { boxPlotFigure, histogramFigure } from "./distribution";
import { heatmapFigure } from "./matrix";
import { mixedFigure, timeseriesFigure } from "./timeseries";
import type { FigureBuilder } from "./types";
import { waterfallFigure } from "./waterfall";

/** Form data + chart-data results → a Plotly figure, per visualisation. */
export const FIGURES: Record<string, FigureBuilder> = {
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
};

export type { Figure, FigureBuilder } from "./types";
