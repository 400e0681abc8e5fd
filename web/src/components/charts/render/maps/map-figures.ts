import type { QueryColumn, QueryMetric } from "@strata/contracts";
import { columnLabel, metricLabel, radiusMetric } from "@strata/contracts/chart-query";
import { COUNTRY_CODES, IOC_TO_ALPHA3 } from "@strata/contracts/countries";
import { schemeColors } from "../../colors";
import { numberFormatter } from "../../format/number-format";
import type { ChartDataResult, FormData } from "../../types";
import { CROSS_FILTER_BY_CUSTOMDATA } from "../plotly/figures/highlight";
import type { Trace } from "../plotly/figures/types";
import { type Bin, extentOf, gridBins, hexBins, pixelGridBins, type WeightedPoint } from "./binning";
import { CROSS_FILTER_BY_PICK, type DeckPick } from "./deck-cross-filter";
import { decodeLine, type LonLat, pickerColor, rowPosition, type SpatialConfig } from "./geo-decode";
import { deckGeoJsonFigure } from "./geojson-figure";
import type { Feature, FeatureCollection, Geometry } from "./geojson-types";
import { type MapFigureBuilder, mapFigure, num, rowsOf } from "./map-frame";
import { zoomFor } from "./map-zoom";

type Row = Record<string, unknown>;

const labelOf = (m: unknown) => (m ? metricLabel(m as QueryMetric) : "");

/** Nominal map width for screen-space cells (the figure is built before it is laid out). */
const NOMINAL_WIDTH_PX = 800;

/**
 * Superset's sequential scheme names as Plotly colour scales, low → high (their look, not their
 * exact stops); unknown names fall back to the given default.
 */
const LINEAR: Record<string, string[]> = {
  superset_seq_1: ["#EEF5FB", "#A6D1E6", "#1A85A0", "#0B4F63"],
  superset_seq_2: ["#F5EEF8", "#C9A6DA", "#7C4B9C", "#3F1F57"],
  blue_white_yellow: ["#00D1C1", "#FFFFFF", "#FFB400"],
  fire: ["#FFFFCC", "#FD8D3C", "#BD0026", "#2B0000"],
  white_black: ["#FFFFFF", "#000000"],
  black_white: ["#000000", "#FFFFFF"],
  dark_blue: ["#EBF5F8", "#6BB1CC", "#007A87", "#003F4A"],
  pink_grey: ["#E75F75", "#E9E9E9", "#555555"],
  greens: ["#EDF8E9", "#74C476", "#006D2C"],
  purples: ["#F2F0F7", "#9E9AC8", "#54278F"],
  oranges: ["#FEEDDE", "#FD8D3C", "#A63603"],
  red_yellow_blue: ["#D7191C", "#FFFFBF", "#2C7BB6"],
  wasabi: ["#FFFFFF", "#D5E8A6", "#6A961F"],
  schemeRdYlGn: ["#D73027", "#FEE08B", "#1A9850"],
  schemeYlOrRd: ["#FFFFCC", "#FEB24C", "#F03B20", "#800026"],
  schemeBlues: ["#EFF3FF", "#6BAED6", "#08519C"],
  schemeGreens: ["#EDF8E9", "#74C476", "#006D2C"],
  schemeReds: ["#FEE5D9", "#FB6A4A", "#A50F15"],
};

function colorScale(name: unknown, fallback = "schemeYlOrRd") {
  const colors = LINEAR[String(name)] ?? LINEAR[fallback] ?? LINEAR.schemeYlOrRd;
  return { colorscale: colors.map((c, i) => [i / (colors.length - 1), c]) };
}

/** A one-colour ramp from the picker's colour faint to full (deck.gl's single-colour ranges). */
function pickerScale(value: unknown): [number, string][] {
  const c = (value ?? {}) as { r?: number; g?: number; b?: number };
  const [r, g, b] = [c.r ?? 0, c.g ?? 122, c.b ?? 135];
  return [
    [0, `rgba(${r},${g},${b},0.25)`],
    [1, `rgba(${r},${g},${b},1)`],
  ];
}

const polygonFeature = (id: string, ring: LonLat[], properties: Record<string, unknown> = {}): Feature => ({
  type: "Feature",
  id,
  properties,
  geometry: { type: "Polygon", coordinates: [ring] },
});

/** Plotly's choropleth needs rings wound clockwise (d3-geo's exterior) to fill the inside. */
function clockwise(ring: LonLat[]): LonLat[] {
  let area = 0;
  for (let i = 0; i < ring.length - 1; i++)
    area += (ring[i + 1][0] - ring[i][0]) * (ring[i + 1][1] + ring[i][1]);
  return area >= 0 ? ring : [...ring].reverse();
}

function closed(ring: LonLat[]): LonLat[] {
  if (ring.length < 3) return ring;
  const [a, b] = [ring[0], ring[ring.length - 1]];
  return a[0] === b[0] && a[1] === b[1] ? ring : [...ring, a];
}

/**
 * Aggregated cells as one choropleth trace (one path per cell), each carrying what a click on it
 * cross-filters by.
 */
function binsTrace(
  bins: Bin[],
  picks: (DeckPick | null)[],
  scale: Record<string, unknown>,
  valueName: string,
  opacity = 0.85,
): Trace {
  const features = bins.map((bin, i) => polygonFeature(String(i), clockwise(bin.ring)));
  return {
    type: "choropleth",
    geojson: { type: "FeatureCollection", features },
    featureidkey: "id",
    locationmode: "geojson-id",
    locations: features.map((f) => String(f.id)),
    z: bins.map((b) => b.value),
    text: bins.map((b) => String(b.count)),
    customdata: picks,
    meta: CROSS_FILTER_BY_PICK,
    ...scale,
    marker: { line: { width: 0.2, color: "rgba(255,255,255,0.6)" }, opacity },
    colorbar: { thickness: 10, len: 0.6 },
    hovertemplate: `${valueName}: %{z}<br>points: %{text}<extra></extra>`,
  };
}

/** deck.gl's hex and grid cells pick as their first point (Superset filters by its position). */
const firstPointPicks = (bins: Bin[]): (DeckPick | null)[] =>
  bins.map((b) => (b.first ? { kind: "point", position: b.first.position, raw: b.first.raw } : null));

/** Screen-space cells have no point: a click picks the cell's centre, at the zoom the map shows. */
function areaPicks(fd: FormData, bins: Bin[], points: WeightedPoint[]): DeckPick[] {
  const zoom = fixedViewport(fd)?.zoom ?? zoomFor(extentOf(points.map((p) => p.position)));
  return bins.map((b) => {
    const box = extentOf(b.ring);
    const position: LonLat = box ? [(box[0][0] + box[1][0]) / 2, (box[0][1] + box[1][1]) / 2] : [0, 0];
    return { kind: "area", position, zoom };
  });
}

/** The row's value of a spatial control's single column (delimited text, geohash), if it has one. */
function singleValue(row: Row, spatial: unknown): unknown {
  const s = (spatial ?? {}) as SpatialConfig;
  const col = s.type === "delimited" ? s.lonlatCol : s.type === "geohash" ? s.geohashCol : undefined;
  return col ? row[col] : undefined;
}

/** A path's or polygon's line column value as a click filters by it: the stored text without spaces. */
function lineValue(raw: unknown, decoded: LonLat[]): string {
  if (typeof raw === "string") return raw.replaceAll(" ", "");
  return JSON.stringify(raw ?? decoded);
}

function weightedPoints(fd: FormData, results: ChartDataResult[]): WeightedPoint[] {
  const metric = labelOf(fd.size);
  const points: WeightedPoint[] = [];
  for (const row of rowsOf(results)) {
    const position = rowPosition(row, fd.spatial);
    if (!position) continue;
    const w = metric ? num(row[metric]) : 1;
    const raw = singleValue(row, fd.spatial);
    points.push({ position, weight: w ?? 0, ...(raw === undefined ? {} : { raw }) });
  }
  return points;
}

const sizeName = (fd: FormData) => labelOf(fd.size) || "count";

// ——— deck.gl layers ———

/** deck_scatter: a marker per row, coloured by the dimension's categories or the picker colour. */
export const deckScatterFigure: MapFigureBuilder = (fd, results) => {
  const rows = rowsOf(results);
  const radius = labelOf(radiusMetric(fd));
  const dimension = typeof fd.dimension === "string" ? fd.dimension : "";
  const minR = num(fd.min_radius) ?? 2;
  const maxR = Math.max(num(fd.max_radius) ?? 250, minR);
  const values = radius ? rows.map((r) => num(r[radius]) ?? 0) : [];
  const top = Math.max(...values.map(Math.abs), 0) || 1;
  // Metric radii: area proportional to the value, between the min and max radius (pixels).
  const sizeOf = (i: number) =>
    radius
      ? Math.min(maxR, Math.max(minR, 3 + 17 * Math.sqrt(Math.abs(values[i]) / top)))
      : Math.min(maxR, Math.max(minR, 6));
  const groups = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const key = dimension ? String(row[dimension] ?? "") : "";
    const list = groups.get(key);
    if (list) list.push(i);
    else groups.set(key, [i]);
  });
  const palette = schemeColors(fd.color_scheme);
  const data = [...groups].map(([key, indexes], g) => {
    const positions = indexes.map((i) => rowPosition(rows[i], fd.spatial));
    const kept = indexes.filter((_, j) => positions[j] !== null);
    const pos = positions.filter((p): p is LonLat => p !== null);
    return {
      type: "scattergeo",
      mode: "markers",
      name: key || "points",
      lon: pos.map((p) => p[0]),
      lat: pos.map((p) => p[1]),
      marker: {
        size: kept.map(sizeOf),
        color: dimension ? palette[g % palette.length] : pickerColor(fd.color_picker),
        line: { width: 0 },
      },
      ...(radius
        ? { customdata: kept.map((i) => values[i]), hovertemplate: `${radius}: %{customdata}<extra></extra>` }
        : {}),
    } satisfies Trace;
  });
  const figure = mapFigure(data);
  return { ...figure, layout: { ...figure.layout, showlegend: Boolean(dimension) } };
};

/** deck_hex: hexagons of `grid_size` metres, valued by `js_agg_function` over the points' sizes. */
export const deckHexFigure: MapFigureBuilder = (fd, results) => {
  const bins = hexBins(weightedPoints(fd, results), num(fd.grid_size) ?? 40, fd.js_agg_function);
  return mapFigure([
    binsTrace(bins, firstPointPicks(bins), { colorscale: pickerScale(fd.color_picker) }, sizeName(fd)),
  ]);
};

/** deck_grid: square cells of `grid_size` metres. */
export const deckGridFigure: MapFigureBuilder = (fd, results) => {
  const bins = gridBins(weightedPoints(fd, results), num(fd.grid_size) ?? 200, fd.js_agg_function);
  return mapFigure([
    binsTrace(bins, firstPointPicks(bins), { colorscale: pickerScale(fd.color_picker) }, sizeName(fd)),
  ]);
};

/** deck_screengrid: square cells of `grid_size` pixels (summed sizes). */
export const deckScreengridFigure: MapFigureBuilder = (fd, results) => {
  const points = weightedPoints(fd, results);
  const bins = pixelGridBins(points, num(fd.grid_size) ?? 20, NOMINAL_WIDTH_PX);
  return mapFigure([
    binsTrace(
      bins,
      areaPicks(fd, bins, points),
      { colorscale: pickerScale(fd.color_picker) },
      sizeName(fd),
      0.8,
    ),
  ]);
};

/** deck_heatmap: point density as fine cells of half the `radius_pixels`, coloured by the scheme. */
export const deckHeatmapFigure: MapFigureBuilder = (fd, results) => {
  const radius = num(fd.radius_pixels) ?? 30;
  const agg = String(fd.aggregation ?? "SUM").toUpperCase() === "MEAN" ? "mean" : "sum";
  const intensity = num(fd.intensity) ?? 1;
  const points = weightedPoints(fd, results);
  const bins = pixelGridBins(points, Math.max(radius / 2, 2), NOMINAL_WIDTH_PX, agg).map((b) => ({
    ...b,
    value: b.value * intensity,
  }));
  return mapFigure([
    binsTrace(bins, areaPicks(fd, bins, points), colorScale(fd.linear_color_scheme), sizeName(fd), 0.75),
  ]);
};

/** deck_arc: a great-circle line per row from its start to its end position, coloured by dimension. */
export const deckArcFigure: MapFigureBuilder = (fd, results) => {
  const rows = rowsOf(results);
  const dimension = typeof fd.dimension === "string" ? fd.dimension : "";
  const palette = schemeColors(fd.color_scheme);
  const groups = new Map<
    string,
    { lon: (number | null)[]; lat: (number | null)[]; picks: (DeckPick | null)[] }
  >();
  for (const row of rows) {
    const start = rowPosition(row, fd.start_spatial);
    const end = rowPosition(row, fd.end_spatial);
    if (!start || !end) continue;
    const key = dimension ? String(row[dimension] ?? "") : "";
    const g = groups.get(key) ?? { lon: [], lat: [], picks: [] };
    groups.set(key, g);
    // Gaps (nulls) separate the arcs of one trace: one trace per colour keeps thousands cheap.
    g.lon.push(start[0], end[0], null);
    g.lat.push(start[1], end[1], null);
    // Either end of an arc picks the whole arc (both its ends filter).
    const pick: DeckPick = {
      kind: "arc",
      source: start,
      target: end,
      sourceRaw: singleValue(row, fd.start_spatial),
      targetRaw: singleValue(row, fd.end_spatial),
    };
    g.picks.push(pick, pick, null);
  }
  const width = Math.min(Math.max(num(fd.stroke_width) ?? 1, 0.5), 20);
  const data = [...groups].map(([key, g], i) => ({
    type: "scattergeo",
    mode: "lines",
    name: key || "arcs",
    lon: g.lon,
    lat: g.lat,
    connectgaps: false,
    line: { width, color: dimension ? palette[i % palette.length] : pickerColor(fd.color_picker) },
    opacity: 0.8,
    // No tooltip, but clicks still reach the dashboard ("skip" would drop them too).
    hoverinfo: "none",
    customdata: g.picks,
    meta: CROSS_FILTER_BY_PICK,
  }));
  const figure = mapFigure(data);
  return { ...figure, layout: { ...figure.layout, showlegend: Boolean(dimension) } };
};

/** Superset's line width is in metres by default; a path is drawn 1–12 px wide. */
function pathWidth(fd: FormData): number {
  const w = num(fd.line_width) ?? 150;
  const px = fd.line_width_unit === "pixels" ? w : w / 50;
  return Math.min(Math.max(px, 1), 12);
}

/** deck_path: one line per row, decoded from `line_column` under `line_type`. */
export const deckPathFigure: MapFigureBuilder = (fd, results) => {
  const line = String(fd.line_column ?? "");
  const metric = labelOf(fd.metric);
  const color = pickerColor(fd.color_picker);
  const data: Trace[] = [];
  for (const row of rowsOf(results)) {
    const path = decodeLine(row[line], fd.line_type, Boolean(fd.reverse_long_lat));
    if (path.length < 2) continue;
    const name = String(row.name ?? row[line] ?? "");
    const pick: DeckPick = { kind: "line", value: lineValue(row[line], path) };
    data.push({
      type: "scattergeo",
      mode: "lines",
      name: name.length > 40 ? `${name.slice(0, 40)}…` : name,
      lon: path.map((p) => p[0]),
      lat: path.map((p) => p[1]),
      line: { width: pathWidth(fd), color },
      customdata: path.map(() => pick),
      meta: CROSS_FILTER_BY_PICK,
      hovertemplate: `${name}${metric ? `<br>${metric}: ${String(row[metric] ?? "")}` : ""}<extra></extra>`,
    });
  }
  return mapFigure(data);
};

/** deck_polygon: one filled polygon per row, coloured by the metric (or the fill colour). */
export const deckPolygonFigure: MapFigureBuilder = (fd, results) => {
  const line = String(fd.line_column ?? "");
  const metric = labelOf(fd.metric);
  const features: Feature[] = [];
  const z: number[] = [];
  const picks: DeckPick[] = [];
  for (const row of rowsOf(results)) {
    const decoded = decodeLine(row[line], fd.line_type, Boolean(fd.reverse_long_lat));
    const ring = closed(decoded);
    if (ring.length < 4) continue;
    features.push(polygonFeature(String(features.length), clockwise(ring)));
    z.push(metric ? (num(row[metric]) ?? 0) : 1);
    picks.push({ kind: "line", value: lineValue(row[line], decoded) });
  }
  const opacity = Math.min(Math.max((num(fd.opacity) ?? 80) / 100, 0.05), 1);
  // Superset draws polygon outlines only when asked (`stroked`, off by default).
  const stroked = Boolean(fd.stroked);
  const filled = fd.filled !== false;
  const fill = pickerColor(fd.fill_color_picker, "rgba(3,166,110,1)");
  const trace: Trace = {
    type: "choropleth",
    geojson: { type: "FeatureCollection", features },
    featureidkey: "id",
    locationmode: "geojson-id",
    locations: features.map((f) => String(f.id)),
    z,
    customdata: picks,
    meta: CROSS_FILTER_BY_PICK,
    ...(metric
      ? colorScale(fd.linear_color_scheme)
      : {
          colorscale: [
            [0, fill],
            [1, fill],
          ],
          showscale: false,
        }),
    marker: {
      opacity: filled ? opacity : 0.05,
      line: {
        width: stroked ? Math.min(num(fd.line_width) ?? 1, 4) : 0,
        color: pickerColor(fd.stroke_color_picker, "#333"),
      },
    },
    colorbar: { thickness: 10, len: 0.6 },
    hovertemplate: metric ? `${metric}: %{z}<extra></extra>` : "<extra></extra>",
  };
  return mapFigure([trace]);
};

// ——— Country and world maps ———

const GREY_SCALE: [number, string][] = [
  [0, "#e6e3dd"],
  [1, "#e6e3dd"],
];

/** Every region in grey: the regions without a value still show (as Superset's maps do). */
function outlineTrace(collection: FeatureCollection, key: string, ids: string[]): Trace {
  return {
    type: "choropleth",
    geojson: collection,
    featureidkey: key,
    locationmode: "geojson-id",
    locations: ids,
    z: ids.map(() => 0),
    colorscale: GREY_SCALE,
    showscale: false,
    marker: { line: { width: 0.5, color: "#ffffff" } },
    hoverinfo: "skip",
  };
}

/** country_map: the metric per region of `select_country`, regions matched by ISO 3166-2 code. */
export const countryMapFigure: MapFigureBuilder = (fd, results, assets) => {
  const country = String(fd.select_country ?? "");
  const regions = assets.regions?.[country];
  if (!regions) throw new Error(`No boundaries are shipped for the country "${country}"`);
  const entity = fd.entity ? columnLabel(fd.entity as QueryColumn) : "";
  const metric = labelOf(fd.metric);
  const known = new Set(regions.features.map((f) => String(f.properties?.ISO)));
  const rows = rowsOf(results).filter((r) => known.has(String(r[entity])));
  const format = numberFormatter((fd.number_format as string) ?? "SMART_NUMBER");
  return mapFigure(
    [
      outlineTrace(regions, "properties.ISO", [...known]),
      {
        type: "choropleth",
        geojson: regions,
        featureidkey: "properties.ISO",
        locationmode: "geojson-id",
        locations: rows.map((r) => String(r[entity])),
        // The row's own entity value: what a click cross-filters by.
        customdata: rows.map((r) => r[entity]),
        meta: CROSS_FILTER_BY_CUSTOMDATA,
        z: rows.map((r) => num(r[metric]) ?? 0),
        text: rows.map((r) => {
          const f = regions.features.find((x) => x.properties?.ISO === r[entity]);
          return `${String(f?.properties?.NAME_1 ?? r[entity])}<br>${metric}: ${format(r[metric])}`;
        }),
        hoverinfo: "text",
        ...colorScale(fd.linear_color_scheme, "superset_seq_1"),
        marker: { line: { width: 0.5, color: "#ffffff" } },
        colorbar: { thickness: 10, len: 0.6 },
      },
    ],
    { basemap: false, resolution: 110, fit: true },
  );
};

type CodeField = "cca2" | "cca3" | "cioc" | "name";
const CODE_INDEX: Record<CodeField, Map<string, string>> = {
  cca2: new Map(COUNTRY_CODES.map(([, a2, a3]) => [a2, a3])),
  cca3: new Map(COUNTRY_CODES.map(([, , a3]) => [a3, a3])),
  cioc: new Map([...COUNTRY_CODES.map(([, , a3]) => [a3, a3] as const), ...Object.entries(IOC_TO_ALPHA3)]),
  name: new Map(COUNTRY_CODES.map(([, , a3, name]) => [name.toLowerCase(), a3])),
};

/** A row's country as ISO alpha-3 under Superset's `country_fieldtype`, or null. */
export function countryAlpha3(value: unknown, field: unknown): string | null {
  const f = (["cca2", "cca3", "cioc", "name"].includes(String(field)) ? field : "cca2") as CodeField;
  const raw = String(value ?? "").trim();
  return CODE_INDEX[f].get(f === "name" ? raw.toLowerCase() : raw.toUpperCase()) ?? null;
}

/** The centre of a feature's largest ring (a bubble's place on the map). */
export function featureCentre(geometry: Geometry | null | undefined): LonLat | null {
  if (!geometry) return null;
  const polygons =
    geometry.type === "Polygon"
      ? [geometry.coordinates]
      : geometry.type === "MultiPolygon"
        ? geometry.coordinates
        : [];
  let best: { area: number; x: number; y: number } | null = null;
  for (const polygon of polygons) {
    const ring = polygon[0] ?? [];
    let a = 0;
    let cx = 0;
    let cy = 0;
    for (let i = 0; i < ring.length - 1; i++) {
      const [x0, y0] = ring[i];
      const [x1, y1] = ring[i + 1];
      const cross = x0 * y1 - x1 * y0;
      a += cross;
      cx += (x0 + x1) * cross;
      cy += (y0 + y1) * cross;
    }
    if (a !== 0 && (!best || Math.abs(a) > best.area))
      best = { area: Math.abs(a), x: cx / (3 * a), y: cy / (3 * a) };
  }
  return best ? [best.x, best.y] : null;
}

/** world_map: countries coloured by the metric, optional bubbles sized by the secondary metric. */
export const worldMapFigure: MapFigureBuilder = (fd, results, assets) => {
  const countries = assets.countries;
  if (!countries) throw new Error("World boundaries are not loaded");
  const entity = fd.entity ? columnLabel(fd.entity as QueryColumn) : "";
  const metric = labelOf(fd.metric);
  const secondary = labelOf(fd.secondary_metric) || metric;
  const byId = new Map(countries.features.map((f) => [String(f.id), f]));
  const rows = rowsOf(results)
    .map((r) => ({ row: r, id: countryAlpha3(r[entity], fd.country_fieldtype) }))
    .filter((r): r is { row: Row; id: string } => r.id !== null && byId.has(r.id));
  const format = numberFormatter((fd.y_axis_format as string) ?? "SMART_NUMBER");
  const byCountry = fd.color_by === "country";
  const palette = schemeColors(fd.color_scheme);
  const text = rows.map(
    ({ row, id }) => `${String(byId.get(id)?.properties?.name ?? id)}<br>${metric}: ${format(row[metric])}`,
  );
  const data: Trace[] = [
    outlineTrace(countries, "id", [...byId.keys()]),
    {
      type: "choropleth",
      geojson: countries,
      featureidkey: "id",
      locationmode: "geojson-id",
      locations: rows.map((r) => r.id),
      // The row's own entity value (e.g. an IOC code, not the ISO one drawn): what a click filters by.
      customdata: rows.map(({ row }) => row[entity]),
      meta: CROSS_FILTER_BY_CUSTOMDATA,
      z: rows.map(({ row }, i) => (byCountry ? i : (num(row[metric]) ?? 0))),
      text,
      hoverinfo: "text",
      ...(byCountry
        ? {
            colorscale: rows.map((_, i) => [
              rows.length > 1 ? i / (rows.length - 1) : 0,
              palette[i % palette.length],
            ]),
            showscale: false,
          }
        : colorScale(fd.linear_color_scheme, "superset_seq_1")),
      marker: { line: { width: 0.4, color: "#ffffff" } },
      colorbar: { thickness: 10, len: 0.6 },
    },
  ];
  if (fd.show_bubbles) {
    const values = rows.map(({ row }) => Math.abs(num(row[secondary]) ?? 0));
    const top = Math.max(...values, 0) || 1;
    const maxSize = num(fd.max_bubble_size) ?? 25;
    const centres = rows.map(({ id }) => featureCentre(byId.get(id)?.geometry));
    const kept = rows.map((_, i) => i).filter((i) => centres[i] !== null);
    data.push({
      type: "scattergeo",
      mode: "markers",
      name: "bubbles",
      lon: kept.map((i) => centres[i]![0]),
      lat: kept.map((i) => centres[i]![1]),
      text: kept.map((i) => text[i]),
      hoverinfo: "text",
      // A bubble filters as its country does.
      customdata: kept.map((i) => rows[i].row[entity]),
      meta: CROSS_FILTER_BY_CUSTOMDATA,
      marker: {
        size: kept.map((i) => Math.max(2, maxSize * Math.sqrt(values[i] / top))),
        color: pickerColor(fd.color_picker, "rgba(0,122,135,0.7)"),
        line: { width: 1, color: "#ffffff" },
      },
    });
  }
  return mapFigure(data, { resolution: 110, fit: false, projection: "natural earth" });
};

/** A deck.gl chart's saved view (`viewport`) when it asks not to fit its data (`autozoom: false`). */
export function fixedViewport(fd: FormData): { lon: number; lat: number; zoom: number } | null {
  if (fd.autozoom !== false) return null;
  const v = (fd.viewport ?? {}) as { longitude?: unknown; latitude?: unknown; zoom?: unknown };
  const [lon, lat, zoom] = [num(v.longitude), num(v.latitude), num(v.zoom)];
  return lon === null || lat === null || zoom === null ? null : { lon, lat, zoom };
}

/**
 * The saved view on the geo subplot: centred there, scaled so the map spans what a web-mercator
 * zoom shows across the nominal width (Plotly's scale 1 spans the whole world).
 */
const withViewport =
  (build: MapFigureBuilder): MapFigureBuilder =>
  (fd, results, assets) => {
    const figure = build(fd, results, assets);
    const view = fixedViewport(fd);
    if (!view) return figure;
    const { fitbounds: _fit, ...geo } = figure.layout.geo as Record<string, unknown>;
    const scale = Math.max(1, (2 ** view.zoom * 256) / NOMINAL_WIDTH_PX);
    return {
      ...figure,
      layout: {
        ...figure.layout,
        geo: {
          ...geo,
          center: { lon: view.lon, lat: view.lat },
          projection: { ...(geo.projection as object), scale },
        },
      },
    };
  };

/** Form data + chart data + boundaries → a Plotly figure, per map visualisation. */
export const MAP_FIGURES: Record<string, MapFigureBuilder> = {
  deck_scatter: withViewport(deckScatterFigure),
  deck_hex: withViewport(deckHexFigure),
  deck_grid: withViewport(deckGridFigure),
  deck_screengrid: withViewport(deckScreengridFigure),
  deck_heatmap: withViewport(deckHeatmapFigure),
  deck_arc: withViewport(deckArcFigure),
  deck_path: withViewport(deckPathFigure),
  deck_polygon: withViewport(deckPolygonFigure),
  deck_geojson: withViewport(deckGeoJsonFigure),
  country_map: countryMapFigure,
  world_map: worldMapFigure,
};

/** Which boundaries a map needs before it can be drawn. */
export function assetsNeeded(fd: FormData): { world: 50 | 110; regions: string | null; countries: boolean } {
  if (fd.viz_type === "country_map")
    return { world: 110, regions: String(fd.select_country ?? ""), countries: false };
  if (fd.viz_type === "world_map") return { world: 110, regions: null, countries: true };
  return { world: 50, regions: null, countries: false };
}
