import type { AnnotationLayerConfig, AnnotationOpacity, AnnotationStyle } from "@strata/contracts";
import { schemeColors } from "../../../colors";
import { toDate } from "../../../format/time-format";
import type { ChartDataResult, FormData } from "../../../types";
import { FormulaError, parseFormula } from "./annotations-formula";
import type { Figure, Layout, Trace } from "./types";

/**
 * Annotation layers on time-series figures (form data's `annotation_layers`): formulas as lines,
 * events as vertical lines, intervals as shaded bands, other charts' series as extra traces.
 * A layer that failed to load ('Query timeout', …) shows a note; the chart itself still draws.
 */

type Shape = Record<string, unknown>;
type Note = Record<string, unknown>;
type Row = Record<string, unknown>;

export interface AnnotationParts {
  traces: Trace[];
  shapes: Shape[];
  notes: Note[];
}

const OPACITY: Record<AnnotationOpacity, number | undefined> = {
  "": undefined,
  opacityLow: 0.2,
  opacityMedium: 0.5,
  opacityHigh: 0.8,
};

const DASH: Record<AnnotationStyle, string> = {
  solid: "solid",
  dashed: "dash",
  longDashed: "longdash",
  dotted: "dot",
};

/** Plotly reads `<br>`, `<b>`, links… in annotation text: user text is escaped. */
const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Epoch ms of an x value as the server meant it (naive times are UTC), for formulas. */
function xNumber(value: unknown): number | null {
  if (value instanceof Date) {
    // Dates on the axis come from naive text read as local time: read them back the same way.
    return Date.UTC(
      value.getFullYear(),
      value.getMonth(),
      value.getDate(),
      value.getHours(),
      value.getMinutes(),
      value.getSeconds(),
      value.getMilliseconds(),
    );
  }
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** The x values the chart draws, in order, without repeats. */
function chartXs(figure: Figure): unknown[] {
  const seen = new Map<number, unknown>();
  for (const trace of figure.data) {
    for (const x of (trace.x as unknown[] | undefined) ?? []) {
      const n = xNumber(x);
      if (n !== null && !seen.has(n)) seen.set(n, x);
    }
  }
  return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([, x]) => x);
}

function lineOf(layer: AnnotationLayerConfig, color: string) {
  return {
    color,
    width: Number(layer.width) > 0 ? Number(layer.width) : 1,
    dash: DASH[layer.style ?? "solid"] ?? "solid",
  };
}

function errorNote(layer: AnnotationLayerConfig, message: string, index: number): Note {
  return {
    xref: "paper",
    yref: "paper",
    x: 0,
    y: 1,
    xanchor: "left",
    yanchor: "bottom",
    yshift: 4 + index * 16,
    showarrow: false,
    align: "left",
    text: escapeHtml(`⚠ ${layer.name}: ${message}`),
    font: { color: "#b45309", size: 11 },
  };
}

/** Title and description of a record (Superset's titleColumn/descriptionColumns, NATIVE defaults). */
function describe(layer: AnnotationLayerConfig, record: Row): { title: string; text: string } {
  const title = String(record[layer.titleColumn || "short_descr"] ?? "");
  const columns = layer.descriptionColumns?.length ? layer.descriptionColumns : ["long_descr"];
  const details = columns.map((c) => record[c]).filter((v) => v !== null && v !== undefined && v !== "");
  const text = [title, ...details.map(String)].filter(Boolean).map(escapeHtml).join("<br>");
  return { title: escapeHtml(title), text };
}

function markerNote(layer: AnnotationLayerConfig, x: unknown, record: Row, color: string): Note {
  const { title, text } = describe(layer, record);
  return {
    x,
    xref: "x",
    y: 1,
    yref: "paper",
    yanchor: "bottom",
    showarrow: false,
    // Without a label, a small mark at the top carries the hover text.
    text: layer.showLabel && title ? title : "▾",
    hovertext: text || title || escapeHtml(layer.name),
    font: { color, size: 11 },
  };
}

const recordsOf = (data: unknown): Row[] | null => {
  const records = (data as { records?: unknown } | null)?.records;
  return Array.isArray(records) ? (records as Row[]) : null;
};

function eventParts(layer: AnnotationLayerConfig, data: unknown, color: string, out: AnnotationParts) {
  const opacity = OPACITY[layer.opacity ?? ""] ?? 1;
  for (const record of recordsOf(data) ?? []) {
    const raw = record[layer.timeColumn || "start_dttm"];
    const x = toDate(raw);
    if (!x) continue;
    out.shapes.push({
      type: "line",
      xref: "x",
      yref: "paper",
      x0: x,
      x1: x,
      y0: 0,
      y1: 1,
      opacity,
      line: lineOf(layer, color),
      layer: "above",
    });
    out.notes.push(markerNote(layer, x, record, color));
  }
}

function intervalParts(layer: AnnotationLayerConfig, data: unknown, color: string, out: AnnotationParts) {
  const opacity = OPACITY[layer.opacity ?? ""] ?? 0.2;
  for (const record of recordsOf(data) ?? []) {
    const start = toDate(record[layer.timeColumn || "start_dttm"]);
    const end = toDate(record[layer.intervalEndColumn || "end_dttm"]);
    if (!start || !end) continue;
    out.shapes.push({
      type: "rect",
      xref: "x",
      yref: "paper",
      x0: start,
      x1: end,
      y0: 0,
      y1: 1,
      fillcolor: color,
      opacity,
      line: { width: 0 },
      layer: "below",
    });
    out.notes.push(markerNote(layer, start, record, color));
  }
}

function formulaTrace(layer: AnnotationLayerConfig, xs: unknown[], color: string): Trace {
  const evaluate = parseFormula(String(layer.value ?? ""));
  const points = xs.map((x) => {
    const n = xNumber(x);
    const y = n === null ? null : evaluate(n);
    return y !== null && Number.isFinite(y) ? y : null;
  });
  return {
    type: "scatter",
    mode: "lines",
    name: layer.name,
    x: xs,
    y: points,
    line: lineOf(layer, color),
    opacity: OPACITY[layer.opacity ?? ""] ?? 1,
    meta: { annotationLayer: layer.name },
  };
}

function seriesTraces(
  layer: AnnotationLayerConfig,
  data: unknown,
  color: string,
  temporal: boolean,
): Trace[] {
  if (!Array.isArray(data)) return [];
  return (data as { key?: unknown; values?: { x: unknown; y: unknown }[] }[]).map((series) => {
    const values = Array.isArray(series.values) ? series.values : [];
    return {
      type: "scatter",
      mode: layer.hideLine ? "markers" : layer.showMarkers ? "lines+markers" : "lines",
      name: `${layer.name}: ${String(series.key ?? "")}`,
      x: values.map((v) => (temporal ? (toDate(v.x) ?? v.x) : v.x)),
      y: values.map((v) => v.y),
      line: lineOf(layer, color),
      marker: { color },
      opacity: OPACITY[layer.opacity ?? ""] ?? 1,
      meta: { annotationLayer: layer.name },
    };
  });
}

/** The traces, shapes and notes of the shown layers, given the data the server sent for them. */
export function annotationParts(
  layers: AnnotationLayerConfig[],
  annotationData: Record<string, unknown>,
  opts: { xs: unknown[]; temporal: boolean; colors: string[] },
): AnnotationParts {
  const out: AnnotationParts = { traces: [], shapes: [], notes: [] };
  let failures = 0;
  layers.forEach((layer, i) => {
    const color = layer.color || opts.colors[i % opts.colors.length] || "#666666";
    const data = annotationData[layer.name];
    const error = (data as { error?: unknown } | undefined)?.error;
    if (typeof error === "string" && error) {
      out.notes.push(errorNote(layer, error, failures++));
      return;
    }
    try {
      switch (layer.annotationType) {
        case "FORMULA":
          out.traces.push(formulaTrace(layer, opts.xs, color));
          break;
        case "EVENT":
          eventParts(layer, data, color, out);
          break;
        case "INTERVAL":
          intervalParts(layer, data, color, out);
          break;
        case "TIME_SERIES":
          out.traces.push(...seriesTraces(layer, data, color, opts.temporal));
          break;
      }
    } catch (e) {
      if (!(e instanceof FormulaError)) throw e;
      out.notes.push(errorNote(layer, e.message, failures++));
    }
  });
  return out;
}

/** The shown layers of a form (hidden ones and malformed entries are left out). */
export function shownLayers(fd: FormData): AnnotationLayerConfig[] {
  const raw = fd.annotation_layers;
  if (!Array.isArray(raw)) return [];
  return (raw as AnnotationLayerConfig[]).filter(
    (l) => l && typeof l === "object" && typeof l.name === "string" && l.show !== false,
  );
}

/** A time-series figure with the form's annotation layers drawn on it. */
export function withAnnotations(figure: Figure, fd: FormData, results: ChartDataResult[]): Figure {
  const layers = shownLayers(fd);
  // Horizontal bars put the x values on the vertical axis: annotations would be misplaced.
  if (!layers.length || figure.data.some((t) => t.orientation === "h")) return figure;
  const raw = results[0]?.annotation_data;
  const annotationData = raw && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const xaxis = (figure.layout.xaxis ?? {}) as Record<string, unknown>;
  const palette = schemeColors(fd.color_scheme);
  // Default colours continue the series colours, so a layer does not look like a series.
  const offset = figure.data.length;
  const colors = palette.map((_, i) => palette[(offset + i) % palette.length]);
  const parts = annotationParts(layers, annotationData, {
    xs: chartXs(figure),
    temporal: xaxis.type === "date",
    colors,
  });
  const layout: Layout = {
    ...figure.layout,
    shapes: [...((figure.layout.shapes as Shape[] | undefined) ?? []), ...parts.shapes],
    annotations: [...((figure.layout.annotations as Note[] | undefined) ?? []), ...parts.notes],
  };
  return { data: [...figure.data, ...parts.traces], layout };
}
