import type { QueryFilter } from "@strata/contracts";
import type { FormData } from "../../types";
import type { LonLat, SpatialConfig } from "./geo-decode";

/**
 * A trace's `meta` saying its `customdata` holds, per point, a `DeckPick`: what a click on that
 * mark of a deck.gl layer cross-filters by (the dashboard turns it into a data mask).
 */
export const CROSS_FILTER_BY_PICK = "cross-filter-by-deck-pick";

/**
 * What was clicked on a deck.gl layer, as Superset's picking info gives it:
 * - `point`: an aggregated cell's first point (deck.gl's hex and grid cells list their points),
 *   with the row's own value when one column holds the position;
 * - `area`: a screen-space cell (screen grid, heatmap), which has no point: the picked place
 *   and the zoom the map shows it at;
 * - `arc`: the arc's two ends (with their rows' single-column values);
 * - `line`: a path's or polygon's `line_column` value as the row holds it.
 */
export type DeckPick =
  | { kind: "point"; position: LonLat; raw?: unknown }
  | { kind: "area"; position: LonLat; zoom: number }
  | { kind: "arc"; source: LonLat; target: LonLat; sourceRaw?: unknown; targetRaw?: unknown }
  | { kind: "line"; value: string };

/** What a click emits: the filters for the other charts, and the selection as Superset keeps it. */
export interface DeckCrossFilter {
  filters: QueryFilter[];
  /** Superset's `filterState.value` for the layer: the values the filters compare with. */
  value: unknown[];
  /** The badge's column and value texts. */
  column: string;
  label: string;
}

type Scalar = string | number | boolean | null;

const round = (n: number) => Number(n.toFixed(6));

/**
 * An identifier quoted the ANSI way inside the custom SQL a path filter sends: the server checks
 * the expression as one expression and binds the compared value; the name is never pasted bare.
 */
export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The label Superset gives a spatial control's columns. */
function spatialLabel(s: SpatialConfig): string {
  if (s.latCol && s.lonCol) return `${s.latCol}, ${s.lonCol}`;
  return s.geohashCol ?? s.lonlatCol ?? "";
}

/** One position under one spatial control: equal longitude and latitude, or the single column's value. */
function positionFilters(
  s: SpatialConfig,
  position: LonLat,
  raw: unknown,
): { filters: QueryFilter[]; values: unknown[] } | null {
  if (s.type === "latlong" && s.lonCol && s.latCol) {
    return {
      filters: [
        { col: s.lonCol, op: "==", val: position[0] },
        { col: s.latCol, op: "==", val: position[1] },
      ],
      values: [position[0], position[1]],
    };
  }
  const single = s.type === "delimited" ? s.lonlatCol : s.type === "geohash" ? s.geohashCol : undefined;
  // The row's text itself: the clicked numbers written back would not match it character for character.
  if (!single || raw === undefined || raw === null) return null;
  return { filters: [{ col: single, op: "==", val: raw as Scalar }], values: [raw] };
}

/**
 * The half side, in degrees, of the box a click on a screen-space cell filters by: Superset's
 * buffer, smaller as the map zooms in.
 */
export const pickBuffer = (zoom: number) => 0.01 / 2 ** (zoom / 2);

/** The cross filter a click on a deck.gl layer emits (Superset's rules per layer), or null for none. */
export function deckCrossFilter(fd: FormData, pick: DeckPick): DeckCrossFilter | null {
  if (pick.kind === "arc") {
    const start = (fd.start_spatial ?? {}) as SpatialConfig;
    const end = (fd.end_spatial ?? {}) as SpatialConfig;
    const a = positionFilters(start, pick.source, pick.sourceRaw);
    const b = positionFilters(end, pick.target, pick.targetRaw);
    if (!a || !b) return null;
    const column = `Start ${spatialLabel(start)} end ${spatialLabel(end)}`;
    return {
      filters: [...a.filters, ...b.filters],
      value: [a.values, b.values],
      column,
      label: `${a.values.join(", ")} → ${b.values.join(", ")}`,
    };
  }
  if (pick.kind === "line") {
    const line = typeof fd.line_column === "string" ? fd.line_column : "";
    if (!line) return null;
    return {
      // Spaces are dropped on both sides: the stored text and the clicked shape's may be spaced differently.
      filters: [
        {
          col: {
            expressionType: "SQL",
            sqlExpression: `REPLACE(${quoteIdentifier(line)}, ' ', '')`,
            label: line,
          },
          op: "==",
          val: pick.value,
        },
      ],
      value: [pick.value],
      column: line,
      label: pick.value.length > 40 ? `${pick.value.slice(0, 40)}…` : pick.value,
    };
  }
  const spatial = (fd.spatial ?? {}) as SpatialConfig;
  if (pick.kind === "point") {
    const by = positionFilters(spatial, pick.position, pick.raw);
    if (!by) return null;
    return {
      filters: by.filters,
      value: by.values,
      column: spatial.type === "latlong" ? `${spatial.lonCol}, ${spatial.latCol}` : spatialLabel(spatial),
      label: by.values.join(", "),
    };
  }
  // A screen-space cell: a small box around the picked place, on longitude and latitude columns
  // only (a single text column has no range to compare).
  if (spatial.type !== "latlong" || !spatial.lonCol || !spatial.latCol) return null;
  const buffer = pickBuffer(pick.zoom);
  const from: LonLat = [round(pick.position[0] - buffer), round(pick.position[1] - buffer)];
  const to: LonLat = [round(pick.position[0] + buffer), round(pick.position[1] + buffer)];
  return {
    filters: [
      { col: spatial.lonCol, op: ">=", val: from[0] },
      { col: spatial.latCol, op: ">=", val: from[1] },
      { col: spatial.lonCol, op: "<=", val: to[0] },
      { col: spatial.latCol, op: "<=", val: to[1] },
    ],
    value: [from, to],
    column: `From ${spatial.lonCol}, ${spatial.latCol} to ${spatial.lonCol}, ${spatial.latCol}`,
    label: `${from.join(", ")} – ${to.join(", ")}`,
  };
}

/** Whether an emitted filter is the selection already in place (a second click clears it). */
export function isSameSelection(
  emitted: DeckCrossFilter,
  current: { column?: unknown; value?: unknown } | undefined,
): boolean {
  return (
    current?.column === emitted.column &&
    Array.isArray(current.value) &&
    JSON.stringify(current.value) === JSON.stringify(emitted.value)
  );
}

/** The pick a Plotly click point carries, if its trace is a deck.gl layer's clickable one. */
export function pickOf(
  point: { customdata?: unknown; data?: { meta?: unknown } } | undefined,
): DeckPick | null {
  if (point?.data?.meta !== CROSS_FILTER_BY_PICK) return null;
  const pick = point.customdata as DeckPick | undefined;
  return pick && typeof pick === "object" && "kind" in pick ? pick : null;
}
