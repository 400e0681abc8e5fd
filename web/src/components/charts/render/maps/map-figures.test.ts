import { describe, expect, it } from "vitest";
import type { FeatureCollection } from "./geojson-types";
import { countryAlpha3, featureCentre, MAP_FIGURES } from "./map-figures";
import { figureExtent } from "./map-frame";
import { fd, LATLONG, result } from "./map-test-data";

const square = (x: number, y: number) => [
  [x, y],
  [x + 1, y],
  [x + 1, y + 1],
  [x, y + 1],
  [x, y],
];
const regions: FeatureCollection = {
  type: "FeatureCollection",
  features: ["FR-01", "FR-02", "FR-03"].map((iso, i) => ({
    type: "Feature",
    properties: { ISO: iso, NAME_1: `Dept ${i}` },
    geometry: { type: "Polygon", coordinates: [square(i, 45)] },
  })),
};
const countries: FeatureCollection = {
  type: "FeatureCollection",
  features: ["FRA", "DEU", "USA"].map((id, i) => ({
    type: "Feature",
    id,
    properties: { name: id },
    geometry: { type: "Polygon", coordinates: [square(i * 10, 40)] },
  })),
};

describe("map figures", () => {
  it("deck_scatter: a marker per located row; one trace per category of the dimension", () => {
    const rows = [
      { LON: -122.4, LAT: 37.7, kind: "a" },
      { LON: -122.5, LAT: 37.8, kind: "b" },
      { LON: -122.6, LAT: 37.9, kind: "a" },
      { LON: null, LAT: 37.9, kind: "a" },
    ];
    const plain = MAP_FIGURES.deck_scatter(fd("deck_scatter", { spatial: LATLONG }), [result(rows)], {});
    expect(plain.data).toHaveLength(1);
    expect(plain.data[0]).toMatchObject({ type: "scattergeo", lon: [-122.4, -122.5, -122.6] });
    const split = MAP_FIGURES.deck_scatter(
      fd("deck_scatter", { spatial: LATLONG, dimension: "kind" }),
      [result(rows)],
      {},
    );
    expect(split.data.map((t) => [t.name, (t.lon as number[]).length])).toEqual([
      ["a", 2],
      ["b", 1],
    ]);
    // A city-sized view: plain land, no world-atlas layers (too coarse at this scale).
    expect(split.layout.geo).toMatchObject({ showland: false, fitbounds: "locations" });
  });

  it("deck_scatter: metric radii grow with the value between min and max radius", () => {
    const rows = [
      { LON: 1, LAT: 1, "SUM(x)": 1 },
      { LON: 2, LAT: 2, "SUM(x)": 100 },
    ];
    const fig = MAP_FIGURES.deck_scatter(
      fd("deck_scatter", {
        spatial: LATLONG,
        point_radius_fixed: {
          type: "metric",
          value: {
            expressionType: "SIMPLE",
            column: { column_name: "x" },
            aggregate: "SUM",
            label: "SUM(x)",
          },
        },
        min_radius: 2,
        max_radius: 15,
      }),
      [result(rows)],
      {},
    );
    const sizes = (fig.data[0].marker as { size: number[] }).size;
    expect(sizes[0]).toBeLessThan(sizes[1]);
    expect(sizes[1]).toBe(15);
  });

  it("aggregating layers draw one polygon per cell whose values add up to the points' weights", () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({
      LON: -122.45 + (i % 10) * 0.01,
      LAT: 37.75 + Math.floor(i / 10) * 0.01,
      count: 2,
    }));
    for (const viz of ["deck_hex", "deck_grid", "deck_screengrid", "deck_heatmap"]) {
      const fig = MAP_FIGURES[viz](
        fd(viz, { spatial: LATLONG, size: "count", grid_size: 800 }),
        [result(rows)],
        {},
      );
      const trace = fig.data[0] as {
        type: string;
        z: number[];
        locations: string[];
        geojson: FeatureCollection;
      };
      expect(trace.type).toBe("choropleth");
      expect(trace.locations).toHaveLength(trace.geojson.features.length);
      expect(trace.z.reduce((a, b) => a + b, 0)).toBe(100);
    }
  });

  it("deck_arc: one line per row with both ends, gaps between arcs, a trace per colour", () => {
    const spatial = (lon: string, lat: string) => ({ type: "latlong", lonCol: lon, latCol: lat });
    const rows = [
      { a: -100, b: 40, c: -80, d: 35, airline: "AA" },
      { a: -110, b: 45, c: -90, d: 30, airline: "UA" },
      { a: -110, b: null, c: -90, d: 30, airline: "UA" },
    ];
    const fig = MAP_FIGURES.deck_arc(
      fd("deck_arc", {
        start_spatial: spatial("a", "b"),
        end_spatial: spatial("c", "d"),
        dimension: "airline",
      }),
      [result(rows)],
      {},
    );
    expect(fig.data.map((t) => [t.name, t.lon])).toEqual([
      ["AA", [-100, -80, null]],
      ["UA", [-110, -90, null]],
    ]);
    expect(fig.layout.geo).toMatchObject({ showland: true, showcountries: true });
  });

  it("deck_path and deck_polygon: a line or region per decodable row", () => {
    const line = JSON.stringify([
      [-122.4, 37.7],
      [-122.3, 37.8],
      [-122.35, 37.9],
    ]);
    const rows = [
      { path: line, name: "A" },
      { path: "[]", name: "B" },
      { path: line, name: "C" },
    ];
    const paths = MAP_FIGURES.deck_path(
      fd("deck_path", { line_column: "path", line_type: "json" }),
      [result(rows)],
      {},
    );
    expect(paths.data.map((t) => [t.type, t.mode, t.name])).toEqual([
      ["scattergeo", "lines", "A"],
      ["scattergeo", "lines", "C"],
    ]);
    const polygons = MAP_FIGURES.deck_polygon(
      fd("deck_polygon", { line_column: "path", line_type: "json", metric: "sum__population" }),
      [result(rows.map((r, i) => ({ ...r, sum__population: i * 10 })))],
      {},
    );
    const trace = polygons.data[0] as { z: number[]; geojson: FeatureCollection };
    expect(trace.z).toEqual([0, 20]);
    // Closed and wound clockwise for d3-geo: the polygon, not the rest of the globe, is filled.
    const ring = (trace.geojson.features[0].geometry as { coordinates: number[][][] }).coordinates[0];
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    expect(ring).toHaveLength(4);
  });

  it("deck_geojson: polygons filled, lines stroked and points marked, in the features' or the pickers' colours", () => {
    const square = [
      [-122.4, 37.7],
      [-122.4, 37.8],
      [-122.3, 37.8],
      [-122.3, 37.7],
      [-122.4, 37.7],
    ];
    const rows = [
      // A feature collection as text, a bare geometry as JSON, text that is not JSON, nothing.
      {
        shape: JSON.stringify({
          type: "FeatureCollection",
          features: [
            {
              type: "Feature",
              properties: { name: "Zone", fillColor: "#ff0000" },
              geometry: { type: "Polygon", coordinates: [square] },
            },
            {
              type: "Feature",
              properties: { "stroke-color": [0, 0, 255] },
              geometry: {
                type: "LineString",
                coordinates: [
                  [-122.4, 37.7],
                  [-122.2, 37.9],
                ],
              },
            },
          ],
        }),
      },
      {
        shape: {
          type: "MultiPoint",
          coordinates: [
            [-122.41, 37.71],
            [-122.42, 37.72],
          ],
        },
      },
      { shape: "{not json" },
      { shape: null },
      {
        shape: JSON.stringify({
          type: "Feature",
          properties: { fill: "url(javascript:x)" },
          geometry: { type: "Polygon", coordinates: [square] },
        }),
      },
    ];
    const own = MAP_FIGURES.deck_geojson(
      fd("deck_geojson", {
        geojson: "shape",
        fill_color_picker: { r: 0, g: 0, b: 0, a: 0 },
        stroke_color_picker: { r: 0, g: 0, b: 0, a: 0 },
      }),
      [result(rows)],
      {},
    );
    expect(own.data.map((t) => [t.type, t.mode])).toEqual([
      ["choropleth", undefined],
      ["scattergeo", "lines"],
      ["scattergeo", "markers"],
    ]);
    const [areas, line, points] = own.data as Record<string, any>[];
    // Each polygon's own colour (an unsafe one falls back to deck.gl's black), picked by z.
    expect(areas.locations).toEqual(["0", "1"]);
    expect(
      areas.z.map(
        (z: number) => areas.colorscale.find((s: [number, string]) => s[0] === z / (areas.zmax || 1))?.[1],
      ),
    ).toEqual(["#ff0000", "rgba(0,0,0,1)"]);
    expect(areas.text).toEqual(["Zone", ""]);
    expect(line.line.color).toBe("rgba(0,0,255,1)");
    expect(points.lon).toEqual([-122.41, -122.42]);

    const picked = MAP_FIGURES.deck_geojson(
      fd("deck_geojson", {
        geojson: "shape",
        fill_color_picker: { r: 3, g: 166, b: 110, a: 1 },
        filled: true,
      }),
      [result(rows)],
      {},
    );
    const fills = picked.data[0] as Record<string, any>;
    expect(fills.colorscale).toEqual([
      [0, "rgba(3,166,110,1)"],
      [1, "rgba(3,166,110,1)"],
    ]);
    // Framed on what it draws.
    expect(picked.layout.geo).toMatchObject({ fitbounds: "locations" });
  });

  it("country_map: every region outlined, rows' regions coloured by the metric; unknown codes left out", () => {
    const rows = [
      { DEPT_ID: "FR-01", Boys: 10 },
      { DEPT_ID: "FR-03", Boys: 30 },
      { DEPT_ID: "XX-99", Boys: 5 },
    ];
    const fig = MAP_FIGURES.country_map(
      fd("country_map", {
        select_country: "france",
        entity: "DEPT_ID",
        metric: { expressionType: "SQL", sqlExpression: "AVG(x)", label: "Boys" },
      }),
      [result(rows)],
      { regions: { france: regions } },
    );
    expect(fig.data[0].locations).toEqual(["FR-01", "FR-02", "FR-03"]);
    expect(fig.data[1]).toMatchObject({
      locations: ["FR-01", "FR-03"],
      z: [10, 30],
      featureidkey: "properties.ISO",
    });
    expect(() =>
      MAP_FIGURES.country_map(fd("country_map", { select_country: "atlantis" }), [result(rows)], {}),
    ).toThrow(/atlantis/);
  });

  it("world_map: countries by ISO/IOC code or name, bubbles at their centres sized by the second metric", () => {
    const rows = [
      { code: "GER", count: 10, total: 1 },
      { code: "USA", count: 30, total: 4 },
      { code: "JAP", count: 5, total: 1 },
    ];
    const fig = MAP_FIGURES.world_map(
      fd("world_map", {
        entity: "code",
        country_fieldtype: "cioc",
        metric: "count",
        secondary_metric: "total",
        show_bubbles: true,
        max_bubble_size: 20,
      }),
      [result(rows)],
      { countries },
    );
    expect(fig.data[1]).toMatchObject({ locations: ["DEU", "USA"], z: [10, 30], customdata: ["GER", "USA"] });
    expect(fig.data[2]).toMatchObject({ type: "scattergeo", lon: [10.5, 20.5], lat: [40.5, 40.5] });
    expect((fig.data[2].marker as { size: number[] }).size).toEqual([10, 20]);
    expect(countryAlpha3("fr", "cca2")).toBe("FRA");
    expect(countryAlpha3("France", "name")).toBe("FRA");
    expect(countryAlpha3("SUI", "cioc")).toBe("CHE");
    expect(countryAlpha3("ZZZ", "cca3")).toBeNull();
  });

  it("finds centres and the extent of what is drawn", () => {
    expect(featureCentre({ type: "Polygon", coordinates: [square(0, 0)] })).toEqual([0.5, 0.5]);
    expect(featureCentre(null)).toBeNull();
    expect(figureExtent([{ lon: [1, null, 3], lat: [5, null, 2] }, { geojson: regions }])).toEqual([
      [0, 2],
      [3, 46],
    ]);
  });
});

describe("boundary winding", () => {
  it("rewinds exteriors clockwise and holes anticlockwise, whatever way the file wrote them", async () => {
    const { rewoundForD3 } = await import("./rewind");
    const anticlockwise = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    const hole = [
      [0.2, 0.2],
      [0.2, 0.8],
      [0.8, 0.8],
      [0.8, 0.2],
      [0.2, 0.2],
    ];
    const out = rewoundForD3({
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          properties: {},
          geometry: { type: "Polygon", coordinates: [anticlockwise, hole] },
        },
      ],
    });
    const [outer, inner] = (out.features[0].geometry as { coordinates: number[][][] }).coordinates;
    expect(outer).toEqual([...anticlockwise].reverse());
    expect(inner).toEqual([...hole].reverse());
  });
});

describe("deck.gl viewports", () => {
  it("fits the data unless the chart keeps its saved viewport (autozoom off)", () => {
    const rows = [{ LON: -122.4, LAT: 37.7 }];
    const viewport = { longitude: -122.4, latitude: 37.75, zoom: 11, bearing: 0, pitch: 0 };
    const fitted = MAP_FIGURES.deck_scatter(
      fd("deck_scatter", { spatial: LATLONG, viewport }),
      [result(rows)],
      {},
    );
    expect(fitted.layout.geo).toMatchObject({ fitbounds: "locations" });
    const fixed = MAP_FIGURES.deck_scatter(
      fd("deck_scatter", { spatial: LATLONG, viewport, autozoom: false }),
      [result(rows)],
      {},
    );
    expect(fixed.layout.geo).not.toHaveProperty("fitbounds");
    expect(fixed.layout.geo).toMatchObject({
      center: { lon: -122.4, lat: 37.75 },
      projection: { type: "mercator", scale: 2 ** 11 * (256 / 800) },
    });
  });
});

describe("shipped country boundaries", () => {
  it("has a file of ISO 3166-2 regions, wound for d3-geo, for every country the control offers", async () => {
    const { COUNTRY_MAP_KEYS } = await import("./countries");
    const files = import.meta.glob<FeatureCollection>("./boundaries/*.json", {
      eager: true,
      import: "default",
    });
    const keys = Object.keys(files).map((p) => p.replace(/^.*\/(.+)\.json$/, "$1"));
    expect([...keys].sort()).toEqual([...COUNTRY_MAP_KEYS].sort());
    for (const [path, collection] of Object.entries(files)) {
      expect(collection.features.length, path).toBeGreaterThan(0);
      for (const f of collection.features) {
        expect(String(f.properties?.ISO), path).toMatch(/^[A-Z]{2}-[A-Z0-9]+$/);
        const g = f.geometry as { type: string; coordinates: number[][][] | number[][][][] };
        const outer = (g.type === "Polygon" ? g.coordinates[0] : g.coordinates[0][0]) as number[][];
        let area = 0;
        for (let i = 0; i < outer.length - 1; i++)
          area += (outer[i + 1][0] - outer[i][0]) * (outer[i + 1][1] + outer[i][1]);
        expect(area, `${path} ${f.properties?.ISO}`).toBeGreaterThan(0);
      }
    }
    const france = files["./boundaries/france.json"];
    expect(france.features).toHaveLength(96);
  });
});
