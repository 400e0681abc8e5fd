import type { Figure, Trace } from "../plotly/figures/types";
import { figureExtent } from "./map-frame";
import { zoomFor } from "./map-zoom";

export { zoomFor };

/**
 * Tiled backgrounds, when the server configures them: `MAP_TILE_URL` (an XYZ raster template,
 * e.g. a company tile server) or Superset's `MAPBOX_API_KEY` (Mapbox raster tiles of the chart's
 * `mapbox_style`). Without either, maps keep the shipped land/water background and fetch nothing.
 */
export interface TileSource {
  tiles: string[];
  attribution: string;
}

const XYZ = /^https?:\/\/[^\s]+$/;

/** The tile source for a chart, or null when none is configured (or the setting is unusable). */
export function tileSource(
  conf: Record<string, unknown> | undefined,
  mapboxStyle: unknown,
): TileSource | null {
  const template = typeof conf?.MAP_TILE_URL === "string" ? conf.MAP_TILE_URL.trim() : "";
  if (template && XYZ.test(template) && ["{z}", "{x}", "{y}"].every((p) => template.includes(p))) {
    return { tiles: [template], attribution: "" };
  }
  const key = typeof conf?.MAPBOX_API_KEY === "string" ? conf.MAPBOX_API_KEY.trim() : "";
  if (!key) return null;
  // Superset's styles are `mapbox://styles/{owner}/{style}`; anything else falls back to light.
  const match = /^mapbox:\/\/styles\/([\w-]+)\/([\w-]+)$/.exec(String(mapboxStyle ?? ""));
  const [owner, style] = match ? [match[1], match[2]] : ["mapbox", "light-v10"];
  return {
    tiles: [
      `https://api.mapbox.com/styles/v1/${owner}/${style}/tiles/256/{z}/{x}/{y}?access_token=${encodeURIComponent(key)}`,
    ],
    attribution: "© Mapbox © OpenStreetMap",
  };
}

const GEO_TO_TILE: Record<string, string> = { scattergeo: "scattermap", choropleth: "choroplethmap" };

/**
 * The same figure on Plotly's MapLibre subplot over raster tiles: geo traces become their `map`
 * twins (same data attributes), and the view is the chart's fixed viewport or centres on what is
 * drawn.
 */
export function toTileFigure(
  figure: Figure,
  source: TileSource,
  view: { lon: number; lat: number; zoom: number } | null = null,
): Figure {
  const data: Trace[] = figure.data.map((trace) => {
    const { locationmode: _mode, ...rest } = trace;
    return { ...rest, type: GEO_TO_TILE[String(trace.type)] ?? trace.type };
  });
  const extent = figureExtent(figure.data);
  const { geo: _geo, ...layout } = figure.layout;
  return {
    data,
    layout: {
      ...layout,
      map: {
        style: {
          version: 8,
          sources: {
            tiles: { type: "raster", tiles: source.tiles, tileSize: 256, attribution: source.attribution },
          },
          layers: [{ id: "tiles", type: "raster", source: "tiles" }],
        },
        center: view
          ? { lon: view.lon, lat: view.lat }
          : extent
            ? { lon: (extent[0][0] + extent[1][0]) / 2, lat: (extent[0][1] + extent[1][1]) / 2 }
            : { lon: 0, lat: 20 },
        zoom: view ? view.zoom : zoomFor(extent),
      },
    },
  };
}
