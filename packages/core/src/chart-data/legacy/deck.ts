import type { DeckLayerData, QueryColumn } from "@strata/contracts";
import { decodePolyline, geohashCentre, geohashRing, parseDelimitedPoint } from "./geo.ts";
import {
  epochMs,
  type FormData,
  invalidForm,
  type LegacyContext,
  type LegacyViz,
  labelOfColumn,
  labelOfMetric,
  legacyQuery,
  list,
  metricLabels,
  numeric,
  orderDesc,
  type Row,
  single,
  TIMESTAMP,
  uniqueColumns,
  uniqueMetrics,
} from "./viz.ts";

/**
 * deck.gl layers. Each reads its positions from a spatial control (`{type: latlong, lonCol,
 * latCol}`, `{type: delimited, lonlatCol}` or `{type: geohash, geohashCol}`) and answers
 * `{features, mapboxApiKey, metricLabels}`, one feature per row with the layer's properties.
 */
interface Spatial {
  type?: string;
  lonCol?: string;
  latCol?: string;
  lonlatCol?: string;
  geohashCol?: string;
  reverseCheckbox?: boolean;
}

function spatialOf(fd: FormData, key: string): Spatial {
  const spatial = fd[key];
  if (!spatial || typeof spatial !== "object" || Array.isArray(spatial)) throw invalidForm("Bad spatial key");
  return spatial as Spatial;
}

function spatialColumns(fd: FormData, key: string): string[] {
  const s = spatialOf(fd, key);
  const cols =
    s.type === "latlong"
      ? [s.lonCol, s.latCol]
      : s.type === "delimited"
        ? [s.lonlatCol]
        : s.type === "geohash"
          ? [s.geohashCol]
          : [];
  if (cols.some((c) => typeof c !== "string" || !c)) throw invalidForm(`Pick the columns of ${key}`);
  return cols as string[];
}

/** A row's position for the spatial key, the encoded column dropped as viz.py drops it. */
function placeRow(fd: FormData, key: string, row: Row): void {
  const s = spatialOf(fd, key);
  let position: unknown = null;
  try {
    if (s.type === "latlong") {
      position = [numeric(row[s.lonCol!]), numeric(row[s.latCol!])];
    } else if (s.type === "delimited") {
      position = parseDelimitedPoint(row[s.lonlatCol!]);
      delete row[s.lonlatCol!];
    } else if (s.type === "geohash") {
      const hash = row[s.geohashCol!];
      position = typeof hash === "string" && hash ? geohashCentre(hash) : null;
      delete row[s.geohashCol!];
    }
  } catch (e) {
    throw invalidForm((e as Error).message);
  }
  if (s.reverseCheckbox && Array.isArray(position)) position = [...position].reverse();
  row[key] = position;
}

interface DeckSpec {
  spatialKeys: string[];
  /** The layer's time column: only when a time grain is picked (viz.py's is_timeseries). */
  timeseries?: boolean;
  metrics(fd: FormData): unknown[];
  /** Columns the query adds to the spatial ones. */
  extraColumns?(fd: FormData): unknown[];
  properties(row: Row, fd: FormData, metricLabel: string | null): Record<string, unknown>;
  /** The reply beyond `features` (arc answers only the features and the key). */
  withLabels?: boolean;
  /** The metric whose value the properties read (viz.py's `self.metric`). */
  metric?(fd: FormData): unknown;
}

function deckQuery(fd: FormData, spec: DeckSpec) {
  const spatial = spec.spatialKeys.flatMap((k) => spatialColumns(fd, k));
  const lineColumn = single(fd.line_column);
  const nullFilters =
    fd.filter_nulls === false
      ? []
      : [...new Set([...spatial, ...(typeof lineColumn === "string" && lineColumn ? [lineColumn] : [])])]
          .sort()
          .map((col) => ({ col, op: "IS NOT NULL" as const }));
  const columns = uniqueColumns([
    ...spatial,
    ...list(single(fd.dimension)),
    ...list(fd.js_columns),
    ...(spec.extraColumns?.(fd) ?? []),
  ]).sort((a, b) => (labelOfColumn(a) < labelOfColumn(b) ? -1 : labelOfColumn(a) > labelOfColumn(b) ? 1 : 0));
  const metrics = uniqueMetrics(spec.metrics(fd));
  const timeseries = !!spec.timeseries && !!(fd.time_grain_sqla || fd.granularity) && !!fd.granularity_sqla;
  return legacyQuery(fd, {
    columns: columns as QueryColumn[],
    metrics: metrics.length ? metrics : null,
    timeseries,
    orderby: metrics.length ? [[metrics[0], !orderDesc(fd)]] : [],
    extraFilters: nullFilters,
  });
}

function deckData(rows: Row[], ctx: LegacyContext, spec: DeckSpec): DeckLayerData | null {
  const fd = ctx.formData;
  if (!rows.length) return null;
  const metric = spec.metric ? spec.metric(fd) : single(fd.size);
  const metricLabel = metric ? labelOfMetric(metric) : null;
  const jsColumns = list(fd.js_columns).map(labelOfColumn);
  const features = rows.map((source) => {
    const row: Row = { ...source };
    if (TIMESTAMP in row) row[TIMESTAMP] = epochMs(row[TIMESTAMP]);
    for (const key of spec.spatialKeys) placeRow(fd, key, row);
    const feature = spec.properties(row, fd, metricLabel);
    if (jsColumns.length) feature.extraProps = Object.fromEntries(jsColumns.map((c) => [c, row[c] ?? null]));
    return feature;
  });
  return spec.withLabels === false
    ? { features, mapboxApiKey: ctx.mapboxApiKey }
    : { features, mapboxApiKey: ctx.mapboxApiKey, metricLabels: metricLabels(fd) };
}

const deck = (spec: DeckSpec): LegacyViz => ({
  query: (fd) => deckQuery(fd, spec),
  data: (rows, ctx) => deckData(rows, ctx, spec),
});

const sizeMetric = (fd: FormData) => list(single(fd.size));
const weighted = (row: Row, _fd: FormData, label: string | null) => ({
  position: row.spatial ?? null,
  weight: (label ? row[label] : null) || 1,
});
const radiusSetting = (fd: FormData) =>
  (fd.point_radius_fixed as { type?: string; value?: unknown } | undefined) ?? { type: "fix", value: 500 };

/** deck_scatter: a point per row, its radius fixed or a metric, coloured by a dimension. */
export const deckScatter = deck({
  spatialKeys: ["spatial"],
  timeseries: true,
  metrics: (fd) => (radiusSetting(fd).type === "metric" ? [radiusSetting(fd).value] : []),
  metric: (fd) => (radiusSetting(fd).type === "metric" ? radiusSetting(fd).value : null),
  properties(row, fd, label) {
    const fixed = fd.point_radius_fixed as { type?: string; value?: unknown } | undefined;
    const fixedValue = fixed && fixed.type !== "metric" ? (fixed.value ?? null) : null;
    const dim = labelOfColumn(single(fd.dimension));
    return {
      metric: label ? (row[label] ?? null) : null,
      radius: fixedValue || (label ? (row[label] ?? null) : null),
      cat_color: dim ? (row[dim] ?? null) : null,
      position: row.spatial ?? null,
      [TIMESTAMP]: row[TIMESTAMP] ?? null,
    };
  },
});

/** deck_screengrid: weighted points in screen cells, over time when a grain is picked. */
export const deckScreengrid = deck({
  spatialKeys: ["spatial"],
  timeseries: true,
  metrics: sizeMetric,
  properties: (row, fd, label) => ({
    ...weighted(row, fd, label),
    [TIMESTAMP]: row[TIMESTAMP] || row.__time || null,
  }),
});

/** deck_grid and deck_hex: weighted points aggregated into cells by the layer. */
export const deckGrid = deck({ spatialKeys: ["spatial"], metrics: sizeMetric, properties: weighted });
export const deckHex = deck({ spatialKeys: ["spatial"], metrics: sizeMetric, properties: weighted });

/** A path column's text → its points, as `line_type` says it is encoded. */
function decodePath(fd: FormData, value: unknown): unknown[] {
  const lineType = String(fd.line_type ?? "json");
  try {
    if (lineType === "json")
      return typeof value === "string" ? (JSON.parse(value) as unknown[]) : (value as unknown[]);
    if (lineType === "polyline") return decodePolyline(String(value ?? ""));
    if (lineType === "geohash") return geohashRing(String(value ?? ""));
  } catch (e) {
    throw invalidForm(`The ${lineType} path could not be read: ${(e as Error).message}`);
  }
  throw invalidForm(`Unknown line type: ${lineType}`);
}

function pathProperties(key: "path" | "polygon") {
  return (row: Row, fd: FormData) => {
    const lineColumn = labelOfColumn(single(fd.line_column));
    let path = decodePath(fd, row[lineColumn]);
    if (fd.reverse_long_lat && Array.isArray(path))
      path = path.map((p) => (Array.isArray(p) ? [p[1], p[0]] : p));
    row[key] = path;
    if (fd.line_type !== "geohash") delete row[lineColumn];
    row[TIMESTAMP] = row[TIMESTAMP] || row.__time || null;
    return row;
  };
}

const lineColumnOf = (fd: FormData) => {
  const c = single(fd.line_column);
  if (!c) throw invalidForm("Pick the column holding the paths (line_column)");
  return [c];
};

/** deck_path: the row itself with its decoded `path`. */
export const deckPath = deck({
  spatialKeys: [],
  timeseries: true,
  metrics: sizeMetric,
  metric: (fd) => single(fd.metric),
  extraColumns: lineColumnOf,
  properties: pathProperties("path"),
});

/** deck_polygon: the row with its decoded `polygon` and an elevation (fixed or a metric). */
export const deckPolygon = deck({
  spatialKeys: [],
  timeseries: true,
  metrics: (fd) => [
    single(fd.metric),
    ...(radiusSetting(fd).type === "metric" ? [radiusSetting(fd).value] : []),
  ],
  metric: (fd) => single(fd.metric),
  extraColumns: lineColumnOf,
  properties(row, fd) {
    const out = pathProperties("polygon")(row, fd);
    const elevation = radiusSetting(fd);
    out.elevation =
      elevation.type === "metric" ? (row[labelOfMetric(elevation.value)] ?? null) : (elevation.value ?? null);
    return out;
  },
});

/** deck_geojson: each row's GeoJSON column, parsed, is the feature. */
export const deckGeoJson = deck({
  spatialKeys: [],
  metrics: () => [],
  extraColumns: (fd) => {
    const c = single(fd.geojson);
    if (!c) throw invalidForm("Pick the GeoJSON column");
    return [c];
  },
  properties(row, fd) {
    const text = row[labelOfColumn(single(fd.geojson))];
    try {
      return (typeof text === "string" ? JSON.parse(text) : (text ?? {})) as Record<string, unknown>;
    } catch {
      throw invalidForm("The GeoJSON column holds text that is not JSON");
    }
  },
});

/** deck_arc: an arc per row from `start_spatial` to `end_spatial`. */
export const deckArc = deck({
  spatialKeys: ["start_spatial", "end_spatial"],
  timeseries: true,
  withLabels: false,
  metrics: sizeMetric,
  properties(row, fd) {
    const dim = labelOfColumn(single(fd.dimension));
    return {
      sourcePosition: row.start_spatial ?? null,
      targetPosition: row.end_spatial ?? null,
      cat_color: dim ? (row[dim] ?? null) : null,
      [TIMESTAMP]: row[TIMESTAMP] ?? null,
    };
  },
});
