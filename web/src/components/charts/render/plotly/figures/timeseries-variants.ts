import type { ChartDataResult, FormData } from "../../../types";
import { timeseriesFigure } from "./timeseries";
import type { Figure, Trace } from "./types";

/**
 * Plotly's line shape for ECharts' step positions: the value changes at the start of the
 * interval (vertical first), in its middle, or at its end (horizontal first).
 */
const STEP_SHAPES: Record<string, string> = { start: "vh", middle: "hvh", end: "hv" };

/** The drawing a `seriesType` asks for: which of the plain timeseries figures, and the line shape. */
function variantOf(fd: FormData): { viz: string; shape?: string } {
  const type = String(fd.seriesType ?? "line");
  if (type === "bar") return { viz: "echarts_timeseries_bar" };
  if (type === "scatter") return { viz: "echarts_timeseries_scatter" };
  const viz = fd.area ? "echarts_area" : "echarts_timeseries_line";
  if (type === "smooth") return { viz, shape: "spline" };
  if (type in STEP_SHAPES) return { viz, shape: STEP_SHAPES[type] };
  return { viz, shape: "linear" };
}

function withShape(figure: Figure, shape: string | undefined): Figure {
  if (!shape) return figure;
  const data = figure.data.map((trace): Trace => {
    if (trace.type !== "scatter" || !String(trace.mode ?? "").includes("lines")) return trace;
    return { ...trace, line: { ...((trace.line as Record<string, unknown>) ?? {}), shape } };
  });
  return { ...figure, data };
}

/**
 * Superset's generic time-series chart (`echarts_timeseries`) and its smooth and stepped
 * presets: the series type picks line, smooth, step (start/middle/end), bar or scatter, and
 * `area` fills under lines. Everything else (stacking, annotations, axes) is the line chart's.
 */
export function timeseriesVariantFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const preset: FormData =
    fd.viz_type === "echarts_timeseries_smooth"
      ? { ...fd, seriesType: "smooth" }
      : fd.viz_type === "echarts_timeseries_step"
        ? { ...fd, seriesType: STEP_SHAPES[String(fd.seriesType)] ? fd.seriesType : "start" }
        : fd;
  const { viz, shape } = variantOf(preset);
  // The plain figure reads the kind from viz_type; seriesType "line" keeps its own shape off.
  const figure = timeseriesFigure({ ...preset, viz_type: viz, seriesType: "line" }, results);
  return withShape(figure, shape);
}
