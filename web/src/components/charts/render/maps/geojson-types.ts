/** The GeoJSON shapes the maps read and build (the subset they use). */
export type Position = number[];

export type Geometry =
  | { type: "Polygon"; coordinates: Position[][] }
  | { type: "MultiPolygon"; coordinates: Position[][][] }
  | { type: "LineString"; coordinates: Position[] }
  | { type: "MultiLineString"; coordinates: Position[][] }
  | { type: "Point"; coordinates: Position }
  | { type: "MultiPoint"; coordinates: Position[] }
  | { type: "GeometryCollection"; geometries: Geometry[] };

export interface Feature {
  type: "Feature";
  id?: string | number;
  properties: Record<string, unknown> | null;
  geometry: Geometry | null;
}

export interface FeatureCollection {
  type: "FeatureCollection";
  features: Feature[];
}
