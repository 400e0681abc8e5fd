import type { Layout } from "../plotly/figures/types";

/**
 * The background every map is drawn on: Plotly's `geo` subplot (SVG, no WebGL) with land and
 * borders from the shipped world-atlas topology (registered as Plotly's "world" topojson), and
 * water as the background colour. Nothing is fetched from a map or tile service.
 */
export const WATER = "#d4e4ef";
export const LAND = "#f4f1ea";
const BORDER = "#c8c1b4";

/** Which shipped topology a map needs: 50 m detail for city-scale maps, 110 m for the world. */
export type Resolution = 50 | 110;

export interface GeoLayoutOptions {
  resolution?: Resolution;
  /** Draw land, borders and coastlines (country maps show only their regions). */
  basemap?: boolean;
  /** Fit the view to the drawn marks (else the whole world). */
  fit?: boolean;
  projection?: string;
  /** The drawn marks' [lon, lat] box: a city-sized view gets a plain land background. */
  extent?: [[number, number], [number, number]] | null;
}

/**
 * Below about a degree and a half across, world-atlas coastlines (50 m at best) are coarser
 * than the data: points would seem to fall in the sea. Such views get plain land instead.
 */
const CITY_SPAN_DEG = 1.5;

export function isCityScale(extent: GeoLayoutOptions["extent"]): boolean {
  if (!extent) return false;
  return extent[1][0] - extent[0][0] < CITY_SPAN_DEG && extent[1][1] - extent[0][1] < CITY_SPAN_DEG;
}

export function geoLayout({
  resolution = 50,
  basemap = true,
  fit = true,
  projection = "mercator",
  extent,
}: GeoLayoutOptions = {}): Layout {
  const plain = basemap && isCityScale(extent);
  const layers = basemap && !plain;
  return {
    autosize: true,
    margin: { l: 0, r: 0, t: 0, b: 0 },
    paper_bgcolor: "rgba(0,0,0,0)",
    showlegend: false,
    geo: {
      scope: "world",
      resolution,
      projection: { type: projection },
      ...(fit ? { fitbounds: "locations" } : {}),
      bgcolor: plain ? LAND : basemap ? WATER : "rgba(0,0,0,0)",
      showland: layers,
      landcolor: LAND,
      showcountries: layers,
      countrycolor: BORDER,
      showcoastlines: layers,
      coastlinecolor: BORDER,
      showocean: false,
      showlakes: false,
      showrivers: false,
      showsubunits: false,
      showframe: false,
      lataxis: { showgrid: false },
      lonaxis: { showgrid: false },
    },
  };
}
