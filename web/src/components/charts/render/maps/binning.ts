import type { LonLat } from "./geo-decode";

/** A weighted point: its position and the value it adds to its bin (1, or the size metric). */
export interface WeightedPoint {
  position: LonLat;
  weight: number;
  /** The row's own spatial value when one column holds it (delimited text, geohash). */
  raw?: unknown;
}

/** One aggregated cell: its outline (closed ring, [lon, lat]), value and how many points fell in it. */
export interface Bin {
  ring: LonLat[];
  value: number;
  count: number;
  /** The first point that fell in the cell: what a click on the cell cross-filters by. */
  first?: WeightedPoint;
}

const METERS_PER_DEGREE = 111_320;

/** Superset's `js_agg_function` choices over a bin's weights. */
export function aggregate(values: number[], fn: unknown): number {
  if (!values.length) return 0;
  const name = String(fn ?? "sum");
  const sorted = () => [...values].sort((a, b) => a - b);
  const quantile = (q: number) => {
    const s = sorted();
    const pos = (s.length - 1) * q;
    const lo = Math.floor(pos);
    return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (pos - lo);
  };
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  switch (name) {
    case "count":
      return values.length;
    case "min":
      return Math.min(...values);
    case "max":
      return Math.max(...values);
    case "mean":
      return mean;
    case "median":
      return quantile(0.5);
    case "variance":
      return values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length;
    case "deviation":
      return Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length);
    default: {
      const p = /^p(\d{1,2})$/.exec(name);
      if (p) return quantile(Number(p[1]) / 100);
      return values.reduce((a, b) => a + b, 0);
    }
  }
}

/** The mean latitude: cells are sized in metres at the data's latitude. */
function meanLatitude(points: WeightedPoint[]): number {
  return points.reduce((a, p) => a + p.position[1], 0) / Math.max(points.length, 1);
}

function collect<K>(points: WeightedPoint[], keyOf: (p: LonLat) => K & string) {
  const cells = new Map<string, number[]>();
  const firsts = new Map<string, WeightedPoint>();
  for (const p of points) {
    const key = keyOf(p.position);
    const list = cells.get(key);
    if (list) list.push(p.weight);
    else {
      cells.set(key, [p.weight]);
      firsts.set(key, p);
    }
  }
  return { cells, firsts };
}

/** Square cells of `sizeDeg` = [width, height] in degrees, anchored at (0, 0). */
export function gridBinsDeg(points: WeightedPoint[], sizeDeg: [number, number], aggFn?: unknown): Bin[] {
  const [w, h] = sizeDeg;
  if (!(w > 0 && h > 0)) return [];
  const { cells, firsts } = collect(points, ([lon, lat]) => `${Math.floor(lon / w)}:${Math.floor(lat / h)}`);
  return [...cells].map(([key, weights]) => {
    const [i, j] = key.split(":").map(Number);
    const x = i * w;
    const y = j * h;
    return {
      ring: [
        [x, y],
        [x + w, y],
        [x + w, y + h],
        [x, y + h],
        [x, y],
      ],
      value: aggregate(weights, aggFn),
      count: weights.length,
      first: firsts.get(key),
    };
  });
}

/** Square cells of `meters` on a side (deck.gl's grid layer `cellSize`). */
export function gridBins(points: WeightedPoint[], meters: number, aggFn?: unknown): Bin[] {
  const lat0 = meanLatitude(points);
  const h = meters / METERS_PER_DEGREE;
  const w = h / Math.max(Math.cos((lat0 * Math.PI) / 180), 0.01);
  return gridBinsDeg(points, [w, h], aggFn);
}

/**
 * Pointy-top hexagons of `meters` radius (deck.gl's hexagon layer `radius`). Points are placed
 * on a plane where a degree of longitude is shortened by cos(latitude), so hexagons stay regular
 * on the map; each point goes to the nearer of the two candidate hexagon centres.
 */
export function hexBins(points: WeightedPoint[], meters: number, aggFn?: unknown): Bin[] {
  if (!(meters > 0)) return [];
  const lat0 = meanLatitude(points);
  const k = Math.max(Math.cos((lat0 * Math.PI) / 180), 0.01);
  const r = meters / METERS_PER_DEGREE;
  const dx = r * Math.sqrt(3);
  const dy = r * 1.5;
  const centres = new Map<string, [number, number]>();
  const { cells, firsts } = collect(points, ([lon, lat]) => {
    const x = lon * k;
    const y = lat;
    let row = Math.round(y / dy);
    let col = Math.round(x / dx - (row & 1) / 2);
    const dy0 = y / dy - row;
    // Near a row boundary the other row's hexagon may be closer.
    if (Math.abs(dy0) * 3 > 1) {
      const row2 = row + (dy0 < 0 ? -1 : 1);
      const col2 = Math.round(x / dx - (row2 & 1) / 2);
      const d1 = (x - (col + (row & 1) / 2) * dx) ** 2 + (y - row * dy) ** 2;
      const d2 = (x - (col2 + (row2 & 1) / 2) * dx) ** 2 + (y - row2 * dy) ** 2;
      if (d2 < d1) {
        row = row2;
        col = col2;
      }
    }
    const key = `${col}:${row}`;
    if (!centres.has(key)) centres.set(key, [(col + (row & 1) / 2) * dx, row * dy]);
    return key;
  });
  return [...cells].map(([key, weights]) => {
    const [cx, cy] = centres.get(key)!;
    const ring: LonLat[] = [];
    for (let i = 0; i <= 6; i++) {
      const angle = (Math.PI / 3) * (i % 6) + Math.PI / 6;
      ring.push([(cx + r * Math.cos(angle)) / k, cy + r * Math.sin(angle)]);
    }
    return { ring, value: aggregate(weights, aggFn), count: weights.length, first: firsts.get(key) };
  });
}

/** The [lon, lat] bounding box of positions, or null for none. */
export function extentOf(positions: LonLat[]): [LonLat, LonLat] | null {
  if (!positions.length) return null;
  let [minX, minY] = positions[0];
  let [maxX, maxY] = positions[0];
  for (const [x, y] of positions) {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return [
    [minX, minY],
    [maxX, maxY],
  ];
}

/**
 * Screen-space cells (screen grid, heatmap): `pixels` on a side of a map about `widthPx` wide
 * showing the points' extent, so the number of cells across follows the setting.
 */
export function pixelGridBins(
  points: WeightedPoint[],
  pixels: number,
  widthPx: number,
  aggFn?: unknown,
): Bin[] {
  const extent = extentOf(points.map((p) => p.position));
  if (!extent || !(pixels > 0)) return [];
  const lat0 = meanLatitude(points);
  const k = Math.max(Math.cos((lat0 * Math.PI) / 180), 0.01);
  const spanX = Math.max(extent[1][0] - extent[0][0], ((extent[1][1] - extent[0][1]) / k) * 0.5, 1e-4);
  const w = (spanX * pixels) / Math.max(widthPx, 1);
  return gridBinsDeg(points, [w, w * k], aggFn);
}
