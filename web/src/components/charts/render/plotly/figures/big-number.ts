import type { QueryMetric } from "@strata/contracts";
import { ensureArray, metricLabel } from "@strata/contracts/chart-query";
import { t } from "../../../../../lib/i18n";
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

/** Text broken into lines of about `width` characters: Plotly never wraps an annotation itself. */
function wrapWords(text: string, width: number): string {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.join("<br>");
}

/**
 * Superset's Big Number without a value (an aggregate over no rows is NULL): "No data" in the
 * number's place and why under it, where Plotly's indicator would draw a bare "-".
 */
function noDataFigure(headerSize: number): Figure {
  const text = (label: string, y: number, size: number, color?: string) => ({
    text: label,
    showarrow: false,
    xref: "paper",
    yref: "paper",
    x: 0.5,
    y,
    xanchor: "center",
    yanchor: "middle",
    font: { size, ...(color ? { color } : {}) },
  });
  return {
    data: [],
    layout: {
      ...BASE_LAYOUT,
      margin: { l: 10, r: 10, t: 10, b: 10 },
      xaxis: { visible: false },
      yaxis: { visible: false },
      annotations: [
        text(t("No data"), 0.6, headerSize),
        text(
          wrapWords(t("No data after filtering or data is NULL for the latest time record"), 30),
          0.28,
          12,
          "#666666",
        ),
      ],
    },
  };
}

const isMissing = (value: unknown) =>
  value === null || value === undefined || (typeof value === "number" && Number.isNaN(value));

/** Big number: the metric of the first row, with the subheader under it. */
export function bigNumberTotalFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const rows = rowsOf(results[0]);
  const metric = metricOf(fd) || colnamesOf(results[0])[0];
  const value = rows[0]?.[metric];
  const subheader = String(fd.subheader ?? "");
  // header_font_size is a fraction (Superset's 0.2–0.6); 120 px at most keeps "30.7M" inside small cards.
  const headerSize = Math.round(Number(fd.header_font_size ?? 0.4) * 120);
  if (isMissing(value)) return noDataFigure(headerSize);
  return {
    data: [
      {
        type: "indicator",
        mode: "number",
        value: Number(value),
        number: { valueformat: plotlyNumberFormat(fd.y_axis_format), font: { size: headerSize } },
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
  const metric = metricOf(fd);
  const rows = rowsOf(results[0]).filter((r) => !isMissing(r[metric]));
  // Rows whose metric is NULL throughout: nothing to show as the number nor as its trend.
  if (!rows.length) return noDataFigure(56);
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
