import { describe, expect, it } from "vitest";
import {
  deckArc,
  deckGeoJson,
  deckGrid,
  deckPath,
  deckPolygon,
  deckScatter,
  deckScreengrid,
} from "./deck.ts";
import { decodePolyline, geohashCentre } from "./geo.ts";
import type { FormData, LegacyContext } from "./viz.ts";

const ctx = (formData: FormData): LegacyContext => ({
  formData,
  fromDttm: null,
  toDttm: null,
  mapboxApiKey: "pk.x",
});
const latlong = { type: "latlong", lonCol: "LON", latCol: "LAT" };

describe("deck_scatter", () => {
  const fd = {
    spatial: latlong,
    point_radius_fixed: { type: "fix", value: 1000 },
    dimension: "CITY",
    row_limit: 5,
  };

  it("selects the position columns (and the dimension) without nulls, as raw rows", () => {
    const q = deckScatter.query(fd);
    expect(q).toMatchObject({
      columns: ["CITY", "LAT", "LON"],
      metrics: null,
      is_timeseries: false,
      row_limit: 5,
    });
    expect(q.filters).toEqual([
      { col: "LAT", op: "IS NOT NULL" },
      { col: "LON", op: "IS NOT NULL" },
    ]);
    expect(() => deckScatter.query({})).toThrow(/spatial/);
  });

  it("aggregates by the radius metric when the radius is one", () => {
    const q = deckScatter.query({ ...fd, point_radius_fixed: { type: "metric", value: "count" } });
    expect(q).toMatchObject({ metrics: ["count"], orderby: [["count", false]] });
  });

  it("answers a feature per row with position, radius and colour", () => {
    const data = deckScatter.data([{ LON: "2.35", LAT: 48.85, CITY: "Paris" }], ctx(fd));
    expect(data).toEqual({
      features: [
        { metric: null, radius: 1000, cat_color: "Paris", position: [2.35, 48.85], __timestamp: null },
      ],
      mapboxApiKey: "pk.x",
      metricLabels: [],
    });
  });
});

describe("the other layers", () => {
  it("screengrid and grid weigh each point by the size metric (1 without)", () => {
    const fd = { spatial: { type: "geohash", geohashCol: "gh" }, size: "count" };
    expect(deckGrid.query(fd)).toMatchObject({ columns: ["gh"], metrics: ["count"] });
    const [lon, lat] = geohashCentre("u09tvw");
    expect(deckGrid.data([{ gh: "u09tvw", count: 4 }], ctx(fd))).toEqual({
      features: [{ position: [lon, lat], weight: 4 }],
      mapboxApiKey: "pk.x",
      metricLabels: ["count"],
    });
    expect(lat).toBeCloseTo(48.86, 1);
    expect(lon).toBeCloseTo(2.35, 1);
    const grid = deckScreengrid.data([{ gh: "u09tvw", count: 0 }], ctx(fd)) as { features: unknown[] };
    expect(grid.features[0]).toEqual({ position: [lon, lat], weight: 1, __timestamp: null });
  });

  it("arc joins two positions per row and answers no metric labels", () => {
    const fd = {
      start_spatial: { type: "latlong", lonCol: "LONGITUDE", latCol: "LATITUDE" },
      end_spatial: { type: "latlong", lonCol: "LONGITUDE_DEST", latCol: "LATITUDE_DEST" },
    };
    expect(deckArc.query(fd).columns).toEqual(["LATITUDE", "LATITUDE_DEST", "LONGITUDE", "LONGITUDE_DEST"]);
    expect(
      deckArc.data([{ LONGITUDE: 1, LATITUDE: 2, LONGITUDE_DEST: 3, LATITUDE_DEST: 4 }], ctx(fd)),
    ).toEqual({
      features: [{ sourcePosition: [1, 2], targetPosition: [3, 4], cat_color: null, __timestamp: null }],
      mapboxApiKey: "pk.x",
    });
  });

  it("path and polygon decode their line column; geojson parses its column", () => {
    const fd = { line_column: "polyline", line_type: "polyline", metric: "count" };
    expect(deckPath.query(fd).columns).toEqual(["polyline"]);
    const encoded = "_p~iF~ps|U_ulLnnqC_mqNvxq`@";
    expect(decodePolyline(encoded)).toEqual([
      [38.5, -120.2],
      [40.7, -120.95],
      [43.252, -126.453],
    ]);
    const path = deckPath.data([{ polyline: encoded, name: "x" }], ctx(fd)) as {
      features: Record<string, unknown>[];
    };
    expect(path.features[0]).toEqual({ name: "x", path: decodePolyline(encoded), __timestamp: null });
    const polygon = deckPolygon.data(
      [{ contour: "[[1,2],[3,4]]", population: 9 }],
      ctx({
        line_column: "contour",
        line_type: "json",
        point_radius_fixed: { type: "metric", value: "population" },
      }),
    ) as { features: Record<string, unknown>[] };
    expect(polygon.features[0]).toEqual({
      population: 9,
      polygon: [
        [1, 2],
        [3, 4],
      ],
      __timestamp: null,
      elevation: 9,
    });
    const geo = deckGeoJson.data([{ g: '{"type":"Point","coordinates":[1,2]}' }], ctx({ geojson: "g" }));
    expect(geo).toMatchObject({ features: [{ type: "Point", coordinates: [1, 2] }] });
    expect(() => deckGeoJson.data([{ g: "{not json" }], ctx({ geojson: "g" }))).toThrow(/not JSON/);
  });
});
