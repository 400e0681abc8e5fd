import { schemeColors } from "../../../colors";
import { labelColor } from "../../../label-colors";
import { ensureArray, extraSortMetrics, metricLabel } from "@strata/contracts/chart-query";
import type { ChartDataResult, FormData } from "../../../types";
import { withAnnotations } from "./annotations";
import { sortCategoriesBySeries } from "./category-sort";
import {
  BASE_LAYOUT,
  categoryOrder,
  extractSeries,
  isTemporalColumn,
  legendLayout,
  plotlyNumberFormat,
  plotlyTimeFormat,
  type Series,
  xAxisLabel,
} from "./series";
import type { Figure, Trace } from "./types";

export type SeriesKind = "line" | "bar" | "area" | "scatter" | "smooth" | "step";

const KIND_BY_VIZ: Record<string, SeriesKind> = {
  echarts_timeseries_line: "line",
  echarts_timeseries_bar: "bar",
  echarts_area: "area",
  echarts_timeseries_scatter: "scatter",
};

/** A series keeps its label's colour across charts and filters (see label-colors.ts). */
function colored(trace: Trace, color: string): Trace {
  const marker = { ...((trace.marker as Record<string, unknown>) ?? {}), color };
  if (trace.type === "bar") return { ...trace, marker };
  return { ...trace, marker, line: { ...((trace.line as Record<string, unknown>) ?? {}), color } };
}

/** One Plotly trace of a series drawn as the given kind. */
export function seriesTrace(
  s: Series,
  kind: SeriesKind,
  fd: FormData,
  suffix = "",
  horizontal = false,
): Trace {
  const stack = fd[`stack${suffix}`] as string | null | undefined;
  const showValue = Boolean(fd[`show_value${suffix}`]);
  const markers = Boolean(fd[`markerEnabled${suffix}`]);
  const common: Trace = {
    name: s.name,
    x: horizontal ? s.y : s.x,
    y: horizontal ? s.x : s.y,
    ...(showValue ? { text: s.y.map((v) => (v == null ? "" : String(v))), texttemplate: "%{text:~s}" } : {}),
  };
  if (kind === "bar") {
    return {
      ...common,
      type: "bar",
      orientation: horizontal ? "h" : "v",
      ...(showValue ? { textposition: "auto" } : {}),
    };
  }
  const line: Trace = { shape: kind === "smooth" ? "spline" : kind === "step" ? "hv" : "linear" };
  const stacked = stack
    ? { stackgroup: `stack${suffix}`, ...(stack === "Expand" ? { groupnorm: "percent" } : {}) }
    : {};
  if (kind === "scatter") {
    return {
      ...common,
      type: "scatter",
      mode: showValue ? "markers+text" : "markers",
      textposition: "top center",
    };
  }
  if (kind === "area") {
    return {
      ...common,
      type: "scatter",
      mode: markers ? "lines+markers" : "lines",
      line,
      fill: stack ? "tonexty" : "tozeroy",
      ...stacked,
    };
  }
  return {
    ...common,
    type: "scatter",
    mode: [markers ? "lines+markers" : "lines", showValue ? "text" : ""].filter(Boolean).join("+"),
    line,
    ...(stack ? { ...stacked, fill: "none" } : {}),
  };
}

/**
 * `categories`: the category axis in the query's row order. Plotly otherwise orders categories
 * by their first appearance across traces, which reorders a sorted bar chart when its first
 * series lacks some categories.
 */
export function axesLayout(
  fd: FormData,
  temporalX: boolean,
  horizontal = false,
  categories?: unknown[],
): Record<string, unknown> {
  const numberAxis: Record<string, unknown> = {
    tickformat: plotlyNumberFormat(fd.y_axis_format),
    hoverformat: plotlyNumberFormat(fd.y_axis_format),
    title: { text: (fd.y_axis_title as string) || undefined },
    type: fd.logAxis ? "log" : undefined,
    zeroline: false,
    gridcolor: "#eee",
  };
  const bounds = fd.y_axis_bounds as [number | null, number | null] | undefined;
  if (bounds && bounds[0] != null && bounds[1] != null) numberAxis.range = bounds;
  const categoryAxis: Record<string, unknown> = {
    title: { text: (fd.x_axis_title as string) || undefined },
    type: temporalX ? "date" : "category",
    tickformat: temporalX ? plotlyTimeFormat(fd.x_axis_time_format) : undefined,
    automargin: true,
    ...(categories ? { categoryorder: "array", categoryarray: categories } : {}),
  };
  return horizontal ? { xaxis: numberAxis, yaxis: categoryAxis } : { xaxis: categoryAxis, yaxis: numberAxis };
}

/** Line, bar, area and scatter charts. */
export function timeseriesFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const kind: SeriesKind =
    KIND_BY_VIZ[fd.viz_type] === "line" && (fd.seriesType === "smooth" || fd.seriesType === "step")
      ? (fd.seriesType as SeriesKind)
      : (KIND_BY_VIZ[fd.viz_type] ?? "line");
  const horizontal = kind === "bar" && fd.orientation === "horizontal";
  // A "Sort by" metric queried only to order the axis is not drawn (Superset does the same).
  const hidden = new Set(extraSortMetrics(fd).map(metricLabel));
  const series = extractSeries(fd, results[0]).filter((s) => !hidden.has(s.name));
  const temporalX = isTemporalColumn(results[0], xAxisLabel(fd));
  const stack = fd.stack as string | null | undefined;
  // One series: the rows' order, which the query's sort step set. Several: x_axis_sort_series.
  const multiSeries =
    ensureArray(fd.groupby as unknown[]).length > 0 || ensureArray(fd.metrics as unknown[]).length > 1;
  const rowsOrder = temporalX ? undefined : categoryOrder(fd, results[0]);
  const categories = rowsOrder && multiSeries ? sortCategoriesBySeries(rowsOrder, series, fd) : rowsOrder;
  const figure: Figure = {
    data: series.map((s) => colored(seriesTrace(s, kind, fd, "", horizontal), labelColor(fd, s.name))),
    layout: {
      ...BASE_LAYOUT,
      colorway: schemeColors(fd.color_scheme),
      ...legendLayout(fd),
      ...axesLayout(fd, temporalX, horizontal, categories),
      ...(kind === "bar"
        ? { barmode: stack ? "stack" : "group", ...(stack === "Expand" ? { barnorm: "percent" } : {}) }
        : {}),
      hovermode: "x unified",
    },
  };
  return withAnnotations(figure, fd, results);
}

const MIXED_KIND: Record<string, SeriesKind> = {
  line: "line",
  scatter: "scatter",
  smooth: "smooth",
  bar: "bar",
  start: "step",
  middle: "step",
  end: "step",
  area: "area",
};

/** Mixed chart: query A and query B, each on the left or right y-axis. */
export function mixedFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const data: Trace[] = [];
  let usesRight = false;
  for (const [i, suffix] of ["", "_b"].entries()) {
    const kind = MIXED_KIND[String(fd[`seriesType${suffix === "" ? "" : "B"}`] ?? "line")] ?? "line";
    const axisIndex = Number(fd[`yAxisIndex${suffix === "" ? "" : "B"}`] ?? 0);
    if (axisIndex === 1) usesRight = true;
    const fdQuery: FormData = {
      ...fd,
      [`groupby${suffix}`]: fd[`groupby${suffix}`],
      [`metrics${suffix}`]: fd[`metrics${suffix}`],
    };
    for (const s of extractSeries(fdQuery, results[i], suffix)) {
      data.push({
        ...colored(seriesTrace(s, kind, fd, suffix), labelColor(fd, s.name)),
        yaxis: axisIndex === 1 ? "y2" : "y",
      });
    }
  }
  const temporalX = isTemporalColumn(results[0], xAxisLabel(fd));
  const axes = axesLayout(fd, temporalX);
  const figure: Figure = {
    data,
    layout: {
      ...BASE_LAYOUT,
      colorway: schemeColors(fd.color_scheme),
      ...legendLayout(fd),
      ...axes,
      barmode: "group",
      hovermode: "x unified",
      ...(usesRight
        ? {
            yaxis2: {
              overlaying: "y",
              side: "right",
              tickformat: plotlyNumberFormat(fd.y_axis_format_secondary ?? fd.y_axis_format),
              showgrid: false,
            },
          }
        : {}),
    },
  };
  return withAnnotations(figure, fd, results);
}
