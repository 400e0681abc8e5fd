import type { QueryMetric } from "@strata/contracts";
import { numberFormatter } from "../../../format/number-format";
import { ensureArray, metricLabel, popOffsets } from "@strata/contracts/chart-query";
import type { ChartDataResult, FormData } from "../../../types";
import { BASE_LAYOUT, plotlyNumberFormat, rowsOf } from "./series";
import type { Figure, Trace } from "./types";

const metricOf = (fd: FormData) => {
  const m = ensureArray(fd.metric as QueryMetric | null | undefined)[0];
  return m ? metricLabel(m) : "";
};

/** Superset's change ratio: 0 when both are 0, ±100% when one side is 0. */
export function percentChange(current: number, previous: number): number {
  if (!current && !previous) return 0;
  if (!current || !previous) return current ? 1 : -1;
  return (current - previous) / Math.abs(previous);
}

const INCREASE = "#5AC189";
const DECREASE = "#E04355";

/**
 * Big number with period comparison: the metric summed over the rows, the same over the shifted
 * range (`metric__1 year ago`), and under it the previous value, the difference and the change.
 * Colours follow `comparison_color_scheme` when `comparison_color_enabled`.
 */
export function popKpiFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const rows = rowsOf(results[0]);
  const metric = metricOf(fd);
  // The reply names the shift it ran (`count__365 days ago`): that one, should an inherited range's
  // length have been counted on another day than the query's.
  const asked = popOffsets(fd)[0];
  const columns = results[0]?.colnames ?? Object.keys(rows[0] ?? {});
  const ran = columns.find((c) => c.startsWith(`${metric}__`));
  const offset =
    asked && columns.includes(`${metric}__${asked}`) ? asked : ran ? ran.slice(metric.length + 2) : asked;
  const shifted = offset ? `${metric}__${offset}` : undefined;
  let current = 0;
  let previous = 0;
  for (const row of rows) {
    current += Number(row[metric]) || 0;
    if (shifted) previous += Number(row[shifted]) || 0;
  }
  const format = numberFormatter(fd.y_axis_format as string | undefined);
  const percent = numberFormatter((fd.percentDifferenceFormat as string | undefined) || ".1%");
  const change = percentChange(current, previous);
  const colored = Boolean(fd.comparison_color_enabled);
  const greenUp = fd.comparison_color_scheme !== "Red";
  const up = colored ? (greenUp ? INCREASE : DECREASE) : "#666666";
  const down = colored ? (greenUp ? DECREASE : INCREASE) : "#666666";
  const headerSize = Math.round(Number(fd.header_font_size ?? 0.2) * 250);
  const compareSize = Math.round(Number(fd.subheader_font_size ?? 0.125) * 120);
  const data: Trace[] = [
    {
      type: "indicator",
      mode: shifted ? "number+delta" : "number",
      value: current,
      number: { valueformat: plotlyNumberFormat(fd.y_axis_format), font: { size: headerSize } },
      ...(shifted
        ? {
            delta: {
              reference: previous,
              relative: true,
              valueformat: ".1%",
              position: "right",
              increasing: { color: up },
              decreasing: { color: down },
            },
          }
        : {}),
      title: fd.show_metric_name ? { text: metric, font: { size: 14 } } : undefined,
      domain: { x: [0, 1], y: [0.3, 1] },
    },
  ];
  const difference = current - previous;
  const line = shifted
    ? [
        `${offset}: ${format(previous)}`,
        `Δ ${difference >= 0 ? "+" : ""}${format(difference)}`,
        `${change >= 0 ? "+" : ""}${percent(change)}`,
      ].join("   ·   ")
    : "";
  return {
    data,
    layout: {
      ...BASE_LAYOUT,
      margin: { l: 10, r: 10, t: 20, b: 10 },
      annotations: line
        ? [
            {
              text: line,
              showarrow: false,
              xref: "paper",
              yref: "paper",
              x: 0.5,
              y: 0.12,
              font: { size: compareSize, color: change >= 0 ? up : down },
            },
          ]
        : [],
    },
  };
}

/** A comma-separated list of numbers typed into a bullet control ("10, 20, 30"). */
export function numberList(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number).filter(Number.isFinite);
  if (typeof value !== "string" || !value.trim()) return [];
  return value
    .split(",")
    .map((s) => Number(s.trim()))
    .filter(Number.isFinite);
}

const RANGE_SHADES = ["#EEEEEE", "#DDDDDD", "#CCCCCC", "#BBBBBB", "#AAAAAA"];

/**
 * Bullet (Superset's legacy shape): the metric as a bar over grey qualitative `ranges`, with
 * `markers` (triangles) and `marker_lines` (the threshold line). Without ranges the scale runs
 * to a quarter above the value, as NVD3 did.
 */
export function bulletFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const metric = metricOf(fd);
  const value = Number(rowsOf(results[0])[0]?.[metric]) || 0;
  const ranges = numberList(fd.ranges).sort((a, b) => a - b);
  const markers = numberList(fd.markers);
  const markerLines = numberList(fd.marker_lines);
  const top = Math.max(value * 1.25, ...ranges, ...markers, ...markerLines, 1);
  const rangeLabels = String(fd.range_labels ?? "")
    .split(",")
    .map((s) => s.trim());
  const steps = ranges.map((r, i) => ({
    range: [i === 0 ? 0 : ranges[i - 1], r],
    color: RANGE_SHADES[(ranges.length - 1 - i) % RANGE_SHADES.length],
    name: rangeLabels[i] || undefined,
  }));
  const threshold = markerLines[0] ?? markers[0];
  const data: Trace[] = [
    {
      type: "indicator",
      mode: "number+gauge",
      value,
      number: { valueformat: plotlyNumberFormat(fd.y_axis_format), font: { size: 20 } },
      title: { text: metric, font: { size: 13 } },
      domain: { x: [0.15, 1], y: [0.2, 0.8] },
      gauge: {
        shape: "bullet",
        axis: { range: [0, top] },
        bar: { color: "#1F77B4", thickness: 0.4 },
        steps,
        ...(threshold !== undefined
          ? { threshold: { line: { color: "#000", width: 2 }, thickness: 0.9, value: threshold } }
          : {}),
      },
    },
  ];
  return { data, layout: { ...BASE_LAYOUT, margin: { l: 10, r: 30, t: 10, b: 20 } } };
}
