import type { FormData } from "../../types";
import type { Trace } from "../plotly/figures/types";
import { pickerColor } from "./geo-decode";
import type { Feature, FeatureCollection, Geometry, Position } from "./geojson-types";
import { type MapFigureBuilder, mapFigure, num, rowsOf } from "./map-frame";
import { rewoundForD3 } from "./rewind";

/**
 * deck_geojson: every row's GeoJSON (a geometry, a feature or a collection, as text or JSON) drawn
 * as it is: polygons filled, lines stroked, points as markers. Colours come from each feature's
 * own properties (`fillColor`, `color`, `fill`, `fill-color`; `strokeColor`, `stroke-color`)
 * unless the chart's colour pickers are set to a visible colour, which then win, as in Superset.
 */

type Props = Record<string, unknown>;

interface Shape {
  geometry: Geometry;
  props: Props;
}

const FILL_KEYS = ["fillColor", "color", "fill", "fill-color"];
const STROKE_KEYS = ["strokeColor", "stroke-color"];
const WIDTH_KEYS = ["strokeWidth", "stroke-width"];
/** deck.gl's colours for a feature that names none. */
const DEFAULT_COLOR = "rgba(0,0,0,1)";
const TRANSPARENT = "rgba(0,0,0,0)";
/** Colours a data value may name: hex, a CSS name or rgb()/rgba() (nothing else reaches a style). */
const CSS_COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\(\s*[\d.%]+\s*(,\s*[\d.%]+\s*){2,3}\))$/i;

/** A colour from a feature property: CSS text, or deck.gl's `[r, g, b, a?]` (0–255). */
function colorOf(value: unknown): string | null {
  if (typeof value === "string") return CSS_COLOR.test(value.trim()) ? value.trim() : null;
  if (Array.isArray(value) && value.length >= 3 && value.length <= 4 && value.every(Number.isFinite)) {
    const [r, g, b, a = 255] = value as number[];
    return `rgba(${r},${g},${b},${a / 255})`;
  }
  return null;
}

/** A picker's colour when it is visible (alpha above 0): it then replaces every feature's own. */
function pickerOverride(value: unknown): string | null {
  const alpha = (value as { a?: number } | null | undefined)?.a ?? 1;
  return alpha > 0 ? pickerColor(value, "") || null : null;
}

const firstOf = (props: Props, keys: string[]) => keys.map((k) => props[k]).find((v) => v !== undefined);

const isGeometry = (value: Record<string, unknown>): value is Geometry & Record<string, unknown> =>
  typeof value.type === "string" && Array.isArray(value.coordinates);

/** Every geometry under a GeoJSON value, with the properties of the feature it belongs to. */
function collect(value: unknown, props: Props, out: Shape[]): void {
  if (!value || typeof value !== "object" || Array.isArray(value)) return;
  const node = value as Record<string, unknown>;
  if (node.type === "FeatureCollection" && Array.isArray(node.features)) {
    for (const feature of node.features) collect(feature, {}, out);
  } else if (node.type === "Feature") {
    const own = node.properties && typeof node.properties === "object" ? (node.properties as Props) : {};
    collect(node.geometry, own, out);
  } else if (node.type === "GeometryCollection" && Array.isArray(node.geometries)) {
    for (const geometry of node.geometries) collect(geometry, props, out);
  } else if (isGeometry(node)) {
    out.push({ geometry: node, props });
  }
}

/** A row's GeoJSON value: parsed when it is text; text that is not JSON draws nothing. */
function parsed(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

const isPosition = (p: unknown): p is Position =>
  Array.isArray(p) && p.length >= 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]);

/** The chart's line width in pixels (`line_width_unit` meters read at city scale, as deck_path does). */
function lineWidth(fd: FormData, own: unknown): number {
  const w = num(own) ?? num(fd.line_width) ?? 1;
  const px = fd.line_width_unit === "meters" ? w / 50 : w;
  return Math.min(Math.max(px, 0.5), 12);
}

export const deckGeoJsonFigure: MapFigureBuilder = (fd, results) => {
  const column = String(fd.geojson ?? "");
  const shapes: Shape[] = [];
  for (const row of rowsOf(results)) collect(parsed(row[column]), {}, shapes);

  const fillOverride = pickerOverride(fd.fill_color_picker);
  const strokeOverride = pickerOverride(fd.stroke_color_picker);
  const filled = fd.filled !== false;
  const stroked = Boolean(fd.stroked);
  const fillOf = (props: Props) => fillOverride ?? colorOf(firstOf(props, FILL_KEYS)) ?? DEFAULT_COLOR;
  const strokeOf = (props: Props) => strokeOverride ?? colorOf(firstOf(props, STROKE_KEYS)) ?? DEFAULT_COLOR;
  const nameOf = (props: Props) =>
    props.name === undefined || props.name === null ? "" : String(props.name);

  const polygons: Feature[] = [];
  const polygonProps: Props[] = [];
  const lines = new Map<
    string,
    { color: string; width: number; lon: (number | null)[]; lat: (number | null)[] }
  >();
  const points: { position: Position; props: Props }[] = [];
  const addLine = (coordinates: unknown, props: Props) => {
    const path = Array.isArray(coordinates) ? coordinates.filter(isPosition) : [];
    if (path.length < 2) return;
    const color = strokeOf(props);
    const width = lineWidth(fd, firstOf(props, WIDTH_KEYS));
    const key = `${color}|${width}`;
    let group = lines.get(key);
    if (!group) {
      group = { color, width, lon: [], lat: [] };
      lines.set(key, group);
    }
    if (group.lon.length > 0) {
      group.lon.push(null);
      group.lat.push(null);
    }
    for (const p of path) {
      group.lon.push(p[0]);
      group.lat.push(p[1]);
    }
  };
  for (const { geometry, props } of shapes) {
    if (geometry.type === "Polygon" || geometry.type === "MultiPolygon") {
      polygons.push({ type: "Feature", id: String(polygons.length), properties: {}, geometry });
      polygonProps.push(props);
    } else if (geometry.type === "LineString") addLine(geometry.coordinates, props);
    else if (geometry.type === "MultiLineString")
      for (const part of geometry.coordinates) addLine(part, props);
    else if (geometry.type === "Point" && isPosition(geometry.coordinates))
      points.push({ position: geometry.coordinates, props });
    else if (geometry.type === "MultiPoint")
      for (const p of geometry.coordinates) if (isPosition(p)) points.push({ position: p, props });
  }

  const data: Trace[] = [];
  if (polygons.length > 0) {
    // One trace for every polygon: each fill colour is a step of the colour scale, picked by z.
    const fills = polygonProps.map((props) => (filled ? fillOf(props) : TRANSPARENT));
    const palette = [...new Set(fills)];
    const step = (i: number) => (palette.length === 1 ? 0 : i / (palette.length - 1));
    const collection: FeatureCollection = rewoundForD3({ type: "FeatureCollection", features: polygons });
    data.push({
      type: "choropleth",
      geojson: collection,
      featureidkey: "id",
      locationmode: "geojson-id",
      locations: polygons.map((f) => String(f.id)),
      z: fills.map((c) => palette.indexOf(c)),
      zmin: 0,
      zmax: Math.max(palette.length - 1, 1),
      colorscale:
        palette.length === 1
          ? [
              [0, palette[0]],
              [1, palette[0]],
            ]
          : palette.map((c, i) => [step(i), c]),
      showscale: false,
      text: polygonProps.map(nameOf),
      marker: {
        line: {
          width: stroked ? polygonProps.map((props) => lineWidth(fd, firstOf(props, WIDTH_KEYS))) : 0,
          color: polygonProps.map(strokeOf),
        },
      },
      hovertemplate: "%{text}<extra></extra>",
    });
  }
  for (const group of lines.values())
    data.push({
      type: "scattergeo",
      mode: "lines",
      lon: group.lon,
      lat: group.lat,
      line: { width: group.width, color: group.color },
      hoverinfo: "skip",
    });
  if (points.length > 0) {
    // deck.gl's points are a metre wide times `point_radius_scale`: a few pixels at a city's scale.
    const size = Math.min(Math.max(6 + (num(fd.point_radius_scale) ?? 0) / 50, 4), 24);
    data.push({
      type: "scattergeo",
      mode: "markers",
      lon: points.map((p) => p.position[0]),
      lat: points.map((p) => p.position[1]),
      text: points.map((p) => nameOf(p.props)),
      marker: {
        size,
        color: points.map((p) => (filled ? fillOf(p.props) : TRANSPARENT)),
        line: { width: stroked ? 1 : 0, color: points.map((p) => strokeOf(p.props)) },
      },
      hovertemplate: "%{text}<extra></extra>",
    });
  }
  return mapFigure(data);
};
