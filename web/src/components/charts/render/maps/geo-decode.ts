import type { SpatialConfig } from "@strata/contracts/chart-query";

// The spatial control and the columns it reads are shared with the query builder.
export { type SpatialConfig, spatialColumns } from "@strata/contracts/chart-query";

/** Positions out of the shapes Superset's map charts read from rows: [longitude, latitude]. */
export type LonLat = [lon: number, lat: number];

const finite = (v: unknown): number | null => {
  if (v === null || v === undefined || v === "") return null;
  const n = typeof v === "number" ? v : Number.parseFloat(String(v));
  return Number.isFinite(n) ? n : null;
};

const BASE32 = "0123456789bcdefghjkmnpqrstuvwxyz";

/** The centre of a geohash cell, or null for text that is not one. */
export function decodeGeohash(hash: string): LonLat | null {
  if (!hash) return null;
  const lat: [number, number] = [-90, 90];
  const lon: [number, number] = [-180, 180];
  let even = true;
  for (const ch of hash.toLowerCase()) {
    const value = BASE32.indexOf(ch);
    if (value < 0) return null;
    for (let bit = 4; bit >= 0; bit--) {
      const range = even ? lon : lat;
      const mid = (range[0] + range[1]) / 2;
      if ((value >> bit) & 1) range[0] = mid;
      else range[1] = mid;
      even = !even;
    }
  }
  return [(lon[0] + lon[1]) / 2, (lat[0] + lat[1]) / 2];
}

/**
 * A row's position under a spatial control. Delimited text is "latitude,longitude" (how
 * Superset's legacy endpoint parsed it, and how the examples' `delimited` column is written).
 */
export function rowPosition(row: Record<string, unknown>, spatial: unknown): LonLat | null {
  const s = (spatial ?? {}) as SpatialConfig;
  let position: LonLat | null = null;
  if (s.type === "latlong" && s.lonCol && s.latCol) {
    const lon = finite(row[s.lonCol]);
    const lat = finite(row[s.latCol]);
    position = lon === null || lat === null ? null : [lon, lat];
  } else if (s.type === "delimited" && s.lonlatCol) {
    const parts = String(row[s.lonlatCol] ?? "")
      .split(",")
      .map(finite);
    position = parts.length === 2 && parts[0] !== null && parts[1] !== null ? [parts[1], parts[0]] : null;
  } else if (s.type === "geohash" && s.geohashCol) {
    position = decodeGeohash(String(row[s.geohashCol] ?? ""));
  }
  if (!position) return null;
  const [lon, lat] = s.reverseCheckbox ? [position[1], position[0]] : position;
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? [lon, lat] : null;
}

/** Google's encoded polyline: coordinate pairs in the order they were encoded. */
export function decodePolyline(text: string): LonLat[] {
  const out: LonLat[] = [];
  let index = 0;
  let a = 0;
  let b = 0;
  const next = (): number | null => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      if (index >= text.length) return null;
      byte = text.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < text.length) {
    const da = next();
    const db = next();
    if (da === null || db === null) break;
    a += da;
    b += db;
    out.push([a / 1e5, b / 1e5]);
  }
  return out;
}

function pairsOf(value: unknown): LonLat[] {
  if (!Array.isArray(value)) return [];
  const pairs: LonLat[] = [];
  for (const p of value) {
    if (Array.isArray(p) && p.length >= 2) {
      const x = finite(p[0]);
      const y = finite(p[1]);
      if (x !== null && y !== null) pairs.push([x, y]);
    }
  }
  return pairs;
}

/**
 * A line or polygon column under Superset's `line_type`: `json` (an array of pairs, or GeoJSON
 * whose first ring is used), `polyline` (encoded), or `geohash` (one cell's centre per hash,
 * comma-separated). `reverse` swaps each pair to [lon, lat].
 */
export function decodeLine(value: unknown, lineType: unknown, reverse = false): LonLat[] {
  let pairs: LonLat[] = [];
  if (lineType === "polyline") pairs = decodePolyline(String(value ?? ""));
  else if (lineType === "geohash") {
    pairs = String(value ?? "")
      .split(/[,\s]+/)
      .map((h) => decodeGeohash(h))
      .filter((p): p is LonLat => p !== null);
  } else {
    let parsed: unknown = value;
    if (typeof value === "string") {
      try {
        parsed = JSON.parse(value);
      } catch {
        return [];
      }
    }
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      const coords = (parsed as { coordinates?: unknown }).coordinates;
      // A GeoJSON polygon's first ring; a line string's points.
      parsed = Array.isArray(coords) && Array.isArray(coords[0]?.[0]) ? coords[0] : coords;
    }
    pairs = pairsOf(parsed);
  }
  return reverse ? pairs.map(([x, y]) => [y, x]) : pairs;
}

/** `{r,g,b,a}` of Superset's colour picker as a CSS colour (a in 0–1). */
export function pickerColor(value: unknown, fallback = "rgba(0,122,135,1)"): string {
  const c = value as { r?: number; g?: number; b?: number; a?: number } | null | undefined;
  if (!c || typeof c !== "object" || c.r === undefined || c.g === undefined || c.b === undefined)
    return fallback;
  return `rgba(${c.r},${c.g},${c.b},${c.a ?? 1})`;
}
