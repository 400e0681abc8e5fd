/**
 * Superset's spatial control value: a longitude and a latitude column, one "lat,lon" text column
 * (`delimited`), or a geohash column; `reverseCheckbox` swaps the two coordinates.
 */
export interface SpatialConfig {
  type?: "latlong" | "delimited" | "geohash";
  lonCol?: string;
  latCol?: string;
  lonlatCol?: string;
  geohashCol?: string;
  reverseCheckbox?: boolean;
}

/** The columns a spatial control reads, or [] when it is incomplete. */
export function spatialColumns(spatial: unknown): string[] {
  const s = (spatial ?? {}) as SpatialConfig;
  if (s.type === "latlong") return s.lonCol && s.latCol ? [s.lonCol, s.latCol] : [];
  if (s.type === "delimited") return s.lonlatCol ? [s.lonlatCol] : [];
  if (s.type === "geohash") return s.geohashCol ? [s.geohashCol] : [];
  return [];
}
