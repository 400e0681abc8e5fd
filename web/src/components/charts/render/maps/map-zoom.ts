import type { LonLat } from "./geo-decode";

/** The zoom that shows a [lon, lat] box in a map about `widthPx` wide (web mercator tiles of 256 px). */
export function zoomFor(extent: [LonLat, LonLat] | null, widthPx = 800, heightPx = 400): number {
  if (!extent) return 1;
  const [[x0, y0], [x1, y1]] = extent;
  const merc = (lat: number) =>
    Math.log(Math.tan(Math.PI / 4 + (Math.max(Math.min(lat, 85), -85) * Math.PI) / 360));
  const lonZoom = Math.log2((widthPx * 360) / (256 * Math.max(x1 - x0, 1e-6)));
  const latZoom = Math.log2((heightPx * 2 * Math.PI) / (256 * Math.max(merc(y1) - merc(y0), 1e-6)));
  return Math.max(0, Math.min(18, Math.min(lonZoom, latZoom) - 0.3));
}
