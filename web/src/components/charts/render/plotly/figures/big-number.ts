import type { QueryMetric } from "@strata/contracts";
import { ensureArray, metricLabel } from "../../../query/labels";
import type { ChartDataResult, FormData } from "../../../types";
import {
  BASE_LAYOUT,
  colnamesOf,
  isTemporalColumn,
  plotlyNumberFormat,
  rowsOf,
  xAxisLabel,
  xValues,
} from "./series";
import type { Figure, Trace } from "./types";

const metricOf = (fd: FormData) => {
  const m = ensureArray(fd.metric as QueryMetric | undefined)[0];
  return m ? metricLabel(m) : "";
};

/** Big number: the metric of the first row, with the subheader under it. */
export function bigNumberTotalFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const rows = rowsOf(results[0]);
  const metric = metricOf(fd) || colnamesOf(results[0])[0];
  const value = rows[0]?.[metric];
  const subheader = String(fd.subheader ?? "");
  return {
    data: [
      {
        type: "indicator",
        mode: "number",
        value: value === null || value === undefined ? null : Number(value),
        number: {
          valueformat: plotlyNumberFormat(fd.y_axis_format),
          // header_font_size is a fraction (Superset's 0.2–0.6); 120 px at most keeps "30.7M" inside small cards.
          font: { size: Math.round(Number(fd.header_font_size ?? 0.4) * 120) },
        },
        title: subheader ? { text: subheader, font: { size: 16 }, align: "center" } : undefined,
      },
    ],
    layout: { ...BASE_LAYOUT, margin: { l: 10, r: 10, t: 30, b: 10 } },
  };
}

/**
 * Big number with trendline: the last value, the change over `compare_lag` periods, and the
 * metric over time underneath.
 */
export function bigNumberFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const rows = rowsOf(results[0]).filter((r) => r[metricOf(fd)] !== null && r[metricOf(fd)] !== undefined);
  const metric = metricOf(fd);
  const x = xAxisLabel(fd);
  const xs = xValues(rows, x, isTemporalColumn(results[0], x));
  const ys = rows.map((r) => Number(r[metric]));
  const last = ys.at(-1) ?? null;
  const lag = Number(fd.compare_lag ?? 0);
  const reference = lag > 0 && ys.length > lag ? ys[ys.length - 1 - lag] : undefined;
  const showTrend = fd.show_trend_line !== false;
  const indicator: Trace = {
    type: "indicator",
    mode: reference !== undefined ? "number+delta" : "number",
    value: last,
    number: { valueformat: plotlyNumberFormat(fd.y_axis_format), font: { size: 56 } },
    ...(reference !== undefined
      ? {
          delta: {
            reference,
            relative: true,
            valueformat: ".1%",
            suffix: fd.compare_suffix ? ` ${fd.compare_suffix}` : "",
          },
        }
      : {}),
    domain: { x: [0, 1], y: showTrend ? [0.5, 1] : [0, 1] },
  };
  const data: Trace[] = [indicator];
  if (showTrend) {
    data.push({
      type: "scatter",
      mode: "lines",
      x: xs,
      y: ys,
      fill: "tozeroy",
      line: { color: (fd.color_picker as string) ?? "#1FA8C9", width: 2 },
      hovertemplate: `%{x}<br>%{y:${plotlyNumberFormat(fd.y_axis_format)}}<extra></extra>`,
    });
  }
  return {
    data,
    layout: {
      ...BASE_LAYOUT,
      showlegend: false,
      margin: { l: 20, r: 20, t: 20, b: 30 },
      xaxis: { domain: [0, 1], showgrid: false, visible: showTrend },
      yaxis: {
        domain: [0, 0.4],
        showgrid: false,
        visible: false,
        rangemode: fd.start_y_axis_at_zero === false ? "normal" : "tozero",
      },
    },
  };
}
