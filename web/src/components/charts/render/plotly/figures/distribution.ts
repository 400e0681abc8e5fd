import type { QueryColumn, QueryMetric } from "@strata/contracts";
import { schemeColors } from "../../../colors";
import { columnLabel, ensureArray, metricLabel } from "@strata/contracts/chart-query";
import type { ChartDataResult, FormData } from "../../../types";
import { BASE_LAYOUT, categoryLabel, colnamesOf, legendLayout, plotlyNumberFormat, rowsOf } from "./series";
import type { Figure, Trace } from "./types";

/**
 * Histogram: the server's histogram operation returns one row per group with a column per bin;
 * raw values (no operation applied) are binned by Plotly.
 */
export function histogramFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const rows = rowsOf(results[0]);
  const names = colnamesOf(results[0]);
  const column = String(fd.column ?? "");
  const groups = ensureArray(fd.groupby as QueryColumn[]).map(columnLabel);
  const layout = {
    ...BASE_LAYOUT,
    colorway: schemeColors(fd.color_scheme),
    ...legendLayout(fd),
    xaxis: { title: { text: (fd.x_axis_title as string) || column }, automargin: true },
    yaxis: {
      title: { text: (fd.y_axis_title as string) || (fd.normalize ? "Probability" : "Count") },
      gridcolor: "#eee",
    },
  };
  if (names.includes(column)) {
    const byGroup = new Map<string, unknown[]>();
    for (const row of rows) {
      const key = categoryLabel(row, groups) || column;
      const values = byGroup.get(key) ?? [];
      if (!byGroup.has(key)) byGroup.set(key, values);
      values.push(row[column]);
    }
    const data: Trace[] = [...byGroup.entries()].map(([name, x]) => ({
      type: "histogram",
      name,
      x,
      nbinsx: Number(fd.bins ?? 5) || 5,
      histnorm: fd.normalize ? "probability" : "",
      cumulative: { enabled: Boolean(fd.cumulative) },
      opacity: byGroup.size > 1 ? 0.6 : 1,
    }));
    return { data, layout: { ...layout, barmode: "overlay" } };
  }
  const bins = names.filter((n) => !groups.includes(n));
  const data: Trace[] = rows.map((row) => ({
    type: "bar",
    name: categoryLabel(row, groups) || column,
    x: bins,
    y: bins.map((b) => row[b]),
  }));
  return { data, layout: { ...layout, barmode: "group", bargap: 0.02 } };
}

const STATS = ["min", "q1", "median", "q3", "max", "mean"] as const;

/** Box plot: the boxplot operation's `metric__q1…` columns, else raw values per group. */
export function boxPlotFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const rows = rowsOf(results[0]);
  const names = colnamesOf(results[0]);
  const metrics = ensureArray(fd.metrics as QueryMetric[]).map(metricLabel);
  const groups = ensureArray(fd.groupby as QueryColumn[]).map(columnLabel);
  const data: Trace[] = [];
  for (const metric of metrics) {
    if (names.includes(`${metric}__median`)) {
      const col = (s: string) => rows.map((r) => r[`${metric}__${s}`]);
      const stats = Object.fromEntries(STATS.map((s) => [s, col(s)]));
      const x = rows.map((r) => categoryLabel(r, groups) || metric);
      data.push({
        type: "box",
        name: metric,
        x,
        q1: stats.q1,
        median: stats.median,
        q3: stats.q3,
        lowerfence: stats.min,
        upperfence: stats.max,
        mean: stats.mean,
      });
      const outliers = rows.flatMap((r, i) =>
        ensureArray(r[`${metric}__outliers`] as unknown[]).map((v) => ({ x: x[i], y: v })),
      );
      if (outliers.length) {
        data.push({
          type: "scatter",
          mode: "markers",
          name: `${metric} outliers`,
          x: outliers.map((o) => o.x),
          y: outliers.map((o) => o.y),
          marker: { size: 5, opacity: 0.6 },
          showlegend: false,
        });
      }
    } else {
      data.push({
        type: "box",
        name: metric,
        x: rows.map((r) => categoryLabel(r, groups) || metric),
        y: rows.map((r) => r[metric]),
        boxpoints: fd.whiskerOptions === "Min/max (no outliers)" ? false : "outliers",
      });
    }
  }
  return {
    data,
    layout: {
      ...BASE_LAYOUT,
      colorway: schemeColors(fd.color_scheme),
      ...legendLayout(fd),
      boxmode: "group",
      yaxis: { tickformat: plotlyNumberFormat(fd.number_format), gridcolor: "#eee" },
      xaxis: { type: "category", automargin: true },
    },
  };
}
