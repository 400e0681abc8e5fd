import type { ChartDataResult, FormData } from "../../types";
import type { Figure, Trace } from "../plotly/figures/types";
import { geoLayout } from "./base-map";
import { extentOf } from "./binning";
import type { LonLat } from "./geo-decode";
import type { FeatureCollection } from "./geojson-types";

/** Boundaries a map draws with, loaded lazily before its figure is built. */
export interface MapAssets {
  /** World countries (world-atlas), each with `id` = ISO alpha-3 and `properties.name`. */
  countries?: FeatureCollection;
  /** Country map regions by Superset's `select_country` key, features carrying `properties.ISO`. */
  regions?: Record<string, FeatureCollection>;
}

export type MapFigureBuilder = (fd: FormData, results: ChartDataResult[], assets: MapAssets) => Figure;

/** What every map figure starts from: its rows, numbers read leniently, and the framed figure. */

type Row = Record<string, unknown>;

export const rowsOf = (results: ChartDataResult[]): Row[] =>
  Array.isArray(results[0]?.data) ? (results[0].data as Row[]) : [];

export const num = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : Number(v);
  return v === null || v === undefined || v === "" || !Number.isFinite(n) ? null : n;
};

/** The [lon, lat] box of everything a figure's traces draw (lines, markers, polygons). */
export function figureExtent(data: Trace[]): [LonLat, LonLat] | null {
  const positions: LonLat[] = [];
  for (const trace of data) {
    const lon = trace.lon as (number | null)[] | undefined;
    const lat = trace.lat as (number | null)[] | undefined;
    lon?.forEach((x, i) => {
      if (x !== null && lat?.[i] !== null && lat?.[i] !== undefined) positions.push([x, lat[i]!]);
    });
    const geo = trace.geojson as FeatureCollection | undefined;
    for (const f of geo?.features ?? []) {
      const g = f.geometry;
      const rings =
        g?.type === "Polygon" ? g.coordinates : g?.type === "MultiPolygon" ? g.coordinates.flat() : [];
      for (const ring of rings) for (const p of ring) positions.push([p[0], p[1]]);
    }
  }
  return extentOf(positions);
}

export const mapFigure = (data: Trace[], options: Parameters<typeof geoLayout>[0] = {}): Figure => ({
  data,
  layout: geoLayout({ ...options, extent: options.extent ?? figureExtent(data) }),
});
