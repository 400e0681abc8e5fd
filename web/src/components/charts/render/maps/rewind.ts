import type { FeatureCollection } from "./geojson-types";

/** Signed area of a [lon, lat] ring: positive when it runs clockwise on the map. */
function clockwiseArea(ring: number[][]): number {
  let area = 0;
  for (let i = 0; i < ring.length - 1; i++)
    area += (ring[i + 1][0] - ring[i][0]) * (ring[i + 1][1] + ring[i][1]);
  return area;
}

/**
 * Plotly's geo subplot (d3-geo) fills inside a clockwise exterior ring and takes an anticlockwise
 * one for "the whole globe but this": GeoJSON written the RFC 7946 way (anticlockwise exteriors)
 * is rewound so every boundary file draws whichever way it was written.
 */
export function rewoundForD3(collection: FeatureCollection): FeatureCollection {
  const polygon = (rings: number[][][]) =>
    rings.map((ring, i) => (clockwiseArea(ring) > 0 === (i === 0) ? ring : [...ring].reverse()));
  return {
    ...collection,
    features: collection.features.map((f) => {
      const g = f.geometry;
      if (g?.type === "Polygon") return { ...f, geometry: { ...g, coordinates: polygon(g.coordinates) } };
      if (g?.type === "MultiPolygon")
        return { ...f, geometry: { ...g, coordinates: g.coordinates.map(polygon) } };
      return f;
    }),
  };
}
