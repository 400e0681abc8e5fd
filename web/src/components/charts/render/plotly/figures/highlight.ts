import type { Figure, Trace } from "./types";

/** Opacity of what a cross filter leaves out, in the chart that emits it. */
export const DIMMED_OPACITY = 0.3;

/**
 * A trace's `meta` saying its `customdata` holds, per point, the raw value a click cross-filters
 * by (a region's entity value, a gantt bar's category): drawn labels may be codes or strings of
 * it, and the dashboard must filter by the value as the database holds it.
 */
export const CROSS_FILTER_BY_CUSTOMDATA = "cross-filter-by-customdata";

function faded(color: unknown): unknown {
  if (typeof color !== "string") return color;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (!hex) return color;
  const digits = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join("") : hex[1];
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16));
  return `rgba(${r},${g},${b},${DIMMED_OPACITY})`;
}

/**
 * The emitting chart of a cross filter highlights what it selected: bars, points and slices whose
 * category is not among `selected` are drawn faded (Superset dims them the same way).
 */
export function withHighlight(figure: Figure, selected: readonly unknown[] | null | undefined): Figure {
  if (!selected?.length) return figure;
  const keep = new Set(selected.map((v) => String(v)));
  const opacity = (categories: unknown) =>
    Array.isArray(categories) ? categories.map((c) => (keep.has(String(c)) ? 1 : DIMMED_OPACITY)) : undefined;
  const data = figure.data.map((trace): Trace => {
    const marker = (trace.marker ?? {}) as Record<string, unknown>;
    if (trace.meta === CROSS_FILTER_BY_CUSTOMDATA && Array.isArray(trace.customdata)) {
      return { ...trace, marker: { ...marker, opacity: opacity(trace.customdata) } };
    }
    if (trace.type === "pie" || trace.type === "funnel") {
      const labels = (trace.type === "pie" ? trace.labels : trace.y) as unknown[] | undefined;
      const colors = (marker.colors ?? marker.color) as unknown[] | undefined;
      if (!Array.isArray(labels) || !Array.isArray(colors)) return trace;
      const dimmed = labels.map((l, i) => (keep.has(String(l)) ? colors[i] : faded(colors[i])));
      return { ...trace, marker: { ...marker, [trace.type === "pie" ? "colors" : "color"]: dimmed } };
    }
    if (trace.type === "bar" || trace.type === "scatter") {
      const categories = trace.orientation === "h" ? trace.y : trace.x;
      const perPoint = opacity(categories);
      return perPoint ? { ...trace, marker: { ...marker, opacity: perPoint } } : trace;
    }
    return trace;
  });
  return { ...figure, data };
}
