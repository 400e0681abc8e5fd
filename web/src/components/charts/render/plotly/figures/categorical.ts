import type { QueryColumn, QueryMetric } from "@strata/contracts";
import { schemeColors } from "../../../colors";
import { labelColor } from "../../../label-colors";
import { columnLabel, ensureArray, metricLabel } from "@strata/contracts/chart-query";
import type { ChartDataResult, FormData } from "../../../types";
import { BASE_LAYOUT, categoryLabel, legendLayout, plotlyNumberFormat, rowsOf } from "./series";
import type { Figure, Trace } from "./types";

const metricKey = (fd: FormData, key = "metric") => {
  const m = ensureArray(fd[key] as QueryMetric | undefined)[0];
  return m ? metricLabel(m) : "";
};
const groupKeys = (fd: FormData, key = "groupby") => ensureArray(fd[key] as QueryColumn[]).map(columnLabel);

const TEXT_INFO: Record<string, string> = {
  key: "label",
  value: "value",
  percent: "percent",
  key_value: "label+value",
  key_percent: "label+percent",
  key_value_percent: "label+value+percent",
  value_percent: "value+percent",
};

/** Pie and donut. */
export function pieFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const rows = rowsOf(results[0]);
  const metric = metricKey(fd);
  const groups = groupKeys(fd);
  const showLabels = fd.show_labels !== false;
  const inner = Number(fd.innerRadius ?? 30);
  const labels = rows.map((r) => categoryLabel(r, groups) || metric);
  const trace: Trace = {
    type: "pie",
    labels,
    values: rows.map((r) => r[metric]),
    sort: false,
    hole: fd.donut ? Math.min(Math.max(inner, 0), 90) / 100 : 0,
    textinfo: showLabels ? (TEXT_INFO[String(fd.label_type ?? "key")] ?? "label") : "none",
    textposition: fd.labels_outside ? "outside" : "auto",
    hovertemplate: `%{label}<br>%{value:${plotlyNumberFormat(fd.number_format)}} (%{percent})<extra></extra>`,
    marker: { colors: labels.map((l) => labelColor(fd, l)) },
  };
  return { data: [trace], layout: { ...BASE_LAYOUT, ...legendLayout(fd) } };
}

/** Funnel: stages sorted by the metric. */
export function funnelFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const rows = rowsOf(results[0]);
  const metric = metricKey(fd);
  const groups = groupKeys(fd);
  const stages = rows.map((r) => categoryLabel(r, groups));
  return {
    data: [
      {
        type: "funnel",
        y: stages,
        x: rows.map((r) => r[metric]),
        textinfo: fd.show_labels === false ? "none" : "value+percent initial",
        marker: { color: stages.map((s) => labelColor(fd, s)) },
      },
    ],
    layout: { ...BASE_LAYOUT, margin: { ...BASE_LAYOUT.margin, l: 120 }, showlegend: false },
  };
}

/** Treemap and sunburst: a hierarchy of the group-by columns, sized by the metric. */
export function hierarchyFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const sunburst = fd.viz_type === "sunburst_v2";
  const rows = rowsOf(results[0]);
  const metric = metricKey(fd);
  const secondary = metricKey(fd, "secondary_metric");
  const levels = groupKeys(fd, sunburst ? "columns" : "groupby");
  const ids: string[] = [];
  const labels: string[] = [];
  const parents: string[] = [];
  const values: number[] = [];
  const colorValues: number[] = [];
  const index = new Map<string, number>();
  const add = (id: string, label: string, parent: string, value: number, color: number) => {
    const at = index.get(id);
    if (at !== undefined) {
      values[at] += value;
      colorValues[at] += color;
      return;
    }
    index.set(id, ids.length);
    ids.push(id);
    labels.push(label);
    parents.push(parent);
    values.push(value);
    colorValues.push(color);
  };
  for (const row of rows) {
    const value = Number(row[metric]) || 0;
    const color = secondary ? Number(row[secondary]) || 0 : value;
    let parent = "";
    for (const level of levels) {
      const label = String(row[level] ?? "<NULL>");
      const id = parent ? `${parent}/${label}` : label;
      add(id, label, parent, value, color);
      parent = id;
    }
    if (levels.length === 0) add(metric, metric, "", value, color);
  }
  const format = plotlyNumberFormat(fd.number_format);
  const trace: Trace = {
    type: sunburst ? "sunburst" : "treemap",
    ids,
    labels,
    parents,
    values,
    branchvalues: "total",
    textinfo: fd.show_labels === false ? "none" : "label+value",
    texttemplate: fd.show_labels === false ? "" : `%{label}<br>%{value:${format}}`,
    hovertemplate: `%{id}<br>%{value:${format}}<extra></extra>`,
    ...(secondary
      ? {
          marker: {
            colors: colorValues.map((c, i) => (values[i] ? c / values[i] : 0)),
            colorscale: "RdBu",
            showscale: true,
          },
        }
      : {}),
  };
  return {
    data: [trace],
    layout: {
      ...BASE_LAYOUT,
      margin: { l: 10, r: 10, t: 10, b: 10 },
      colorway: schemeColors(fd.color_scheme),
    },
  };
}

/** Gauge: one dial per group (the metric between the minimum and the maximum). */
export function gaugeFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const rows = rowsOf(results[0]).slice(0, 12);
  const metric = metricKey(fd);
  const groups = groupKeys(fd);
  const values = rows.map((r) => Number(r[metric]) || 0);
  const maxValue = Math.max(0, ...values);
  const min = fd.min_val === undefined || fd.min_val === "" || fd.min_val === null ? 0 : Number(fd.min_val);
  const max =
    fd.max_val === undefined || fd.max_val === "" || fd.max_val === null
      ? maxValue > 0
        ? maxValue * 1.2
        : 1
      : Number(fd.max_val);
  const colors = schemeColors(fd.color_scheme);
  const n = Math.max(rows.length, 1);
  const columns = Math.min(n, 3);
  const gridRows = Math.ceil(n / columns);
  return {
    data: rows.map((row, i) => ({
      type: "indicator",
      mode: "gauge+number",
      value: values[i],
      title: { text: categoryLabel(row, groups) || metric, font: { size: 13 } },
      number: { valueformat: plotlyNumberFormat(fd.number_format), font: { size: 22 } },
      gauge: {
        axis: { range: [min, max], tickformat: plotlyNumberFormat(fd.number_format) },
        bar: { color: colors[i % colors.length], thickness: fd.show_pointer === false ? 0.15 : 0.3 },
      },
      domain: { row: Math.floor(i / columns), column: i % columns },
    })),
    layout: {
      ...BASE_LAYOUT,
      grid: { rows: gridRows, columns, pattern: "independent" },
      margin: { l: 30, r: 30, t: 40, b: 20 },
    },
  };
}
