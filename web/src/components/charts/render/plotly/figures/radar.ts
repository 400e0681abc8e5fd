import type { QueryColumn, QueryMetric } from "@strata/contracts";
import { schemeColors } from "../../../colors";
import { labelColor } from "../../../label-colors";
import { columnLabel, ensureArray, metricLabel } from "@strata/contracts/chart-query";
import type { ChartDataResult, FormData } from "../../../types";
import { BASE_LAYOUT, categoryLabel, legendLayout, plotlyNumberFormat, rowsOf } from "./series";
import type { Figure, Trace } from "./types";

type MetricConfig = {
  radarMetricMinValue?: number | string | null;
  radarMetricMaxValue?: number | string | null;
};

const numberOr = (value: unknown, fallback: number | undefined) => {
  if (value === null || value === undefined || value === "") return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
};

/**
 * Radar: one closed polygon per group (the rows), one spoke per metric. Each spoke runs from its
 * configured minimum to its maximum (the largest value when unset, as Superset's indicators);
 * "Normalize values" puts every spoke on 0–1 instead.
 */
export function radarFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const rows = rowsOf(results[0]);
  const metrics = ensureArray(fd.metrics as QueryMetric[]).map(metricLabel);
  const groups = ensureArray(fd.groupby as QueryColumn[]).map(columnLabel);
  const config = (fd.column_config ?? {}) as Record<string, MetricConfig>;
  const normalized = Boolean(fd.is_normalized);
  const bounds = metrics.map((m) => {
    const values = rows.map((r) => Number(r[m])).filter(Number.isFinite);
    const max = numberOr(config[m]?.radarMetricMaxValue, Math.max(0, ...values)) ?? 0;
    const min = numberOr(config[m]?.radarMetricMinValue, 0) ?? 0;
    return { min, span: max - min || 1 };
  });
  // Spokes on different scales share one radial axis once each is put on its own 0–1 range.
  const scaled = normalized || metrics.length > 1;
  const format = plotlyNumberFormat(fd.number_format);
  const data: Trace[] = rows.map((row) => {
    const name = categoryLabel(row, groups) || metrics.join(", ");
    const raw = metrics.map((m) => Number(row[m]) || 0);
    const r = scaled ? raw.map((v, i) => (v - bounds[i].min) / bounds[i].span) : raw;
    const color = labelColor(fd, name);
    return {
      type: "scatterpolar",
      name,
      r: [...r, r[0]],
      theta: [...metrics, metrics[0]],
      customdata: [...raw, raw[0]],
      fill: "toself",
      mode: fd.show_labels ? "lines+markers+text" : "lines+markers",
      text: fd.show_labels ? [...raw, raw[0]].map((v) => String(v)) : undefined,
      line: { color },
      marker: { color, size: 5 },
      opacity: 0.85,
      hovertemplate: `${name}<br>%{theta}: %{customdata:${format}}<extra></extra>`,
    };
  });
  return {
    data,
    layout: {
      ...BASE_LAYOUT,
      colorway: schemeColors(fd.color_scheme),
      ...legendLayout(fd),
      polar: {
        gridshape: fd.is_circle ? "circular" : "linear",
        radialaxis: { visible: true, showticklabels: !scaled, ...(scaled ? { range: [0, 1.05] } : {}) },
        angularaxis: { direction: "clockwise" },
      },
    },
  };
}
