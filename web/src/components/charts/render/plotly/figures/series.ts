import { GenericDataType, type QueryColumn, type QueryMetric } from "@strata/contracts";
import { numberFormatter } from "../../../format/number-format";
import { toDate } from "../../../format/time-format";
import { columnLabel, ensureArray, metricLabel } from "@strata/contracts/chart-query";
import type { ChartDataResult, FormData } from "../../../types";

export type Row = Record<string, unknown>;

export function rowsOf(result: ChartDataResult | undefined): Row[] {
  return Array.isArray(result?.data) ? (result.data as Row[]) : [];
}

export function colnamesOf(result: ChartDataResult | undefined): string[] {
  if (result?.colnames?.length) return result.colnames;
  const first = rowsOf(result)[0];
  return first ? Object.keys(first) : [];
}

export function isTemporalColumn(result: ChartDataResult | undefined, name: string): boolean {
  const i = colnamesOf(result).indexOf(name);
  if (i >= 0 && result?.coltypes?.[i] !== undefined) return result.coltypes[i] === GenericDataType.TEMPORAL;
  return name === "__timestamp";
}

/** The x-axis label of a timeseries form (or `__timestamp` for legacy time series). */
export function xAxisLabel(fd: FormData): string {
  const x = fd.x_axis as QueryColumn | undefined;
  return x ? columnLabel(x) : "__timestamp";
}

export function xValues(rows: Row[], key: string, temporal: boolean): unknown[] {
  return rows.map((r) => (temporal ? (toDate(r[key]) ?? r[key]) : r[key]));
}

export interface Series {
  name: string;
  x: unknown[];
  y: unknown[];
}

const groupName = (row: Row, keys: string[]) => keys.map((k) => String(row[k] ?? "<NULL>")).join(", ");

/**
 * Series of a timeseries result. Pivoted (wide) results name one series per column; long
 * results (when the server returns series columns as such) are grouped here.
 */
export function extractSeries(fd: FormData, result: ChartDataResult | undefined, suffix = ""): Series[] {
  const rows = rowsOf(result);
  const names = colnamesOf(result);
  const x = xAxisLabel(fd);
  const temporal = isTemporalColumn(result, x);
  const groupby = ensureArray(fd[`groupby${suffix}`] as QueryColumn[]).map(columnLabel);
  const metrics = ensureArray(fd[`metrics${suffix}`] as QueryMetric[]).map(metricLabel);
  const long = groupby.length > 0 && groupby.every((g) => names.includes(g));
  if (!long) {
    const xs = xValues(rows, x, temporal);
    return names.filter((n) => n !== x).map((name) => ({ name, x: xs, y: rows.map((r) => r[name]) }));
  }
  const out = new Map<string, Series>();
  for (const row of rows) {
    const group = groupName(row, groupby);
    for (const m of metrics.filter((m) => names.includes(m))) {
      const name = metrics.length > 1 ? `${m}, ${group}` : group;
      const s = out.get(name) ?? { name, x: [], y: [] };
      if (!out.has(name)) out.set(name, s);
      s.x.push(temporal ? (toDate(row[x]) ?? row[x]) : row[x]);
      s.y.push(row[m]);
    }
  }
  return [...out.values()];
}

/** The x-axis categories in the order the query returned their rows (first appearance). */
export function categoryOrder(fd: FormData, result: ChartDataResult | undefined): unknown[] {
  const x = xAxisLabel(fd);
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const row of rowsOf(result)) {
    const value = row[x];
    const key = String(value);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(value);
    }
  }
  return out;
}

/** Category label of a row (several group-by values joined by ', '). */
export function categoryLabel(row: Row, keys: string[]): string {
  return keys.length ? groupName(row, keys) : "";
}

/** Plotly tick format from a d3 format control (adaptive → SI with trimmed zeros). */
export function plotlyNumberFormat(spec: unknown): string {
  // Superset's SMART_NUMBER: three significant digits with an SI suffix (30.7M, 1.25k).
  if (!spec || spec === "SMART_NUMBER") return ".3~s";
  return String(spec);
}

export function plotlyTimeFormat(spec: unknown): string | undefined {
  if (!spec || spec === "smart_date") return undefined;
  return String(spec);
}

export const formatValue = (spec: unknown) => numberFormatter(spec as string | undefined);

export function legendLayout(fd: FormData): Record<string, unknown> {
  if (fd.show_legend === false) return { showlegend: false };
  const orientation = (fd.legendOrientation as string) ?? "top";
  const legend: Record<string, Record<string, unknown>> = {
    top: { orientation: "h", x: 0, y: 1.02, yanchor: "bottom" },
    bottom: { orientation: "h", x: 0, y: -0.2 },
    left: { orientation: "v", x: -0.25, y: 1 },
    right: { orientation: "v", x: 1.02, y: 1 },
  };
  return { showlegend: true, legend: legend[orientation] ?? legend.top };
}

export const BASE_LAYOUT = {
  autosize: true,
  margin: { l: 60, r: 20, t: 30, b: 50 },
  font: { family: "Inter, -apple-system, Segoe UI, Roboto, sans-serif", size: 12 },
  paper_bgcolor: "rgba(0,0,0,0)",
  plot_bgcolor: "rgba(0,0,0,0)",
};
