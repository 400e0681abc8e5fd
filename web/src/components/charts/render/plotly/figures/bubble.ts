import type { QueryColumn, QueryMetric } from "@strata/contracts";
import { schemeColors } from "../../../colors";
import { labelColor } from "../../../label-colors";
import { columnLabel, ensureArray, metricLabel } from "@strata/contracts/chart-query";
import type { ChartDataResult, FormData } from "../../../types";
import { BASE_LAYOUT, legendLayout, plotlyNumberFormat, rowsOf } from "./series";
import type { Figure, Trace } from "./types";

const label = (fd: FormData, key: string) => {
  const m = ensureArray(fd[key] as QueryMetric | null | undefined)[0];
  return m ? metricLabel(m) : "";
};
const column = (fd: FormData, key: string) => {
  const c = ensureArray(fd[key] as QueryColumn | null | undefined)[0];
  return c ? columnLabel(c) : undefined;
};

/**
 * Bubble: one bubble per entity at (x, y) with its area following the size metric (the largest
 * bubble `max_bubble_size` pixels across), one trace per series value.
 */
export function bubbleFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const rows = rowsOf(results[0]);
  const [x, y, size] = [label(fd, "x"), label(fd, "y"), label(fd, "size")];
  const entity = column(fd, "entity");
  const series = column(fd, "series");
  const largest = Math.max(0, ...rows.map((r) => Math.abs(Number(r[size]) || 0)));
  const maxSize = Number(fd.max_bubble_size ?? 25) || 25;
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const key = series ? String(row[series] ?? "<NULL>") : entity ? "" : y;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const xFormat = plotlyNumberFormat(fd.xAxisFormat ?? fd.x_axis_format);
  const yFormat = plotlyNumberFormat(fd.y_axis_format);
  const data: Trace[] = [...groups.entries()].map(([name, members]) => ({
    type: "scatter",
    mode: "markers",
    name: name || (entity ?? ""),
    x: members.map((r) => r[x]),
    y: members.map((r) => r[y]),
    text: members.map((r) => (entity ? String(r[entity] ?? "") : "")),
    customdata: members.map((r) => r[size]),
    hovertemplate: `%{text}<br>${x}: %{x:${xFormat}}<br>${y}: %{y:${yFormat}}<br>${size}: %{customdata}<extra>${name}</extra>`,
    marker: {
      sizemode: "area",
      size: members.map((r) => Math.abs(Number(r[size]) || 0)),
      // Plotly's area mode: sizeref = 2 · max / (max diameter)².
      sizeref: largest > 0 ? (2 * largest) / (maxSize * 2) ** 2 : 1,
      sizemin: 2,
      color: labelColor(fd, name || y),
      opacity: Number(fd.opacity ?? 0.6),
      line: { width: 1, color: "#fff" },
    },
  }));
  return {
    data,
    layout: {
      ...BASE_LAYOUT,
      colorway: schemeColors(fd.color_scheme),
      ...legendLayout(fd),
      xaxis: {
        title: { text: String(fd.x_axis_label ?? fd.x_axis_title ?? "") || undefined },
        type: fd.logXAxis ? "log" : undefined,
        tickformat: xFormat,
        zeroline: false,
        gridcolor: "#eee",
      },
      yaxis: {
        title: { text: String(fd.y_axis_label ?? fd.y_axis_title ?? "") || undefined },
        type: fd.logYAxis ? "log" : undefined,
        tickformat: yFormat,
        zeroline: false,
        gridcolor: "#eee",
      },
      hovermode: "closest",
    },
  };
}
