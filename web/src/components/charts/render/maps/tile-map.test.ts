import { describe, expect, it } from "vitest";
import type { Figure } from "../plotly/figures/types";
import { tileSource, toTileFigure, zoomFor } from "./tile-map";

describe("tiled map backgrounds", () => {
  it("uses nothing unless the server configures a tile template or a Mapbox key", () => {
    expect(tileSource(undefined, "mapbox://styles/mapbox/light-v9")).toBeNull();
    expect(tileSource({ MAPBOX_API_KEY: "", MAP_TILE_URL: "" }, undefined)).toBeNull();
    // Not an XYZ template: ignored rather than half-working.
    expect(tileSource({ MAP_TILE_URL: "https://tiles.example.test/static.png" }, undefined)).toBeNull();
    expect(tileSource({ MAP_TILE_URL: "javascript:{z}{x}{y}" }, undefined)).toBeNull();
  });

  it("prefers the tile template, else Mapbox raster tiles of the chart's style", () => {
    const template = "https://tiles.example.test/{z}/{x}/{y}.png";
    expect(tileSource({ MAP_TILE_URL: template, MAPBOX_API_KEY: "pk.x" }, undefined)?.tiles).toEqual([
      template,
    ]);
    expect(tileSource({ MAPBOX_API_KEY: "pk.a b" }, "mapbox://styles/mapbox/dark-v9")?.tiles).toEqual([
      "https://api.mapbox.com/styles/v1/mapbox/dark-v9/tiles/256/{z}/{x}/{y}?access_token=pk.a%20b",
    ]);
    expect(tileSource({ MAPBOX_API_KEY: "pk" }, "tile://other")?.tiles[0]).toContain("/mapbox/light-v10/");
  });

  it("moves geo traces onto the MapLibre subplot over the tiles, centred on the data", () => {
    const figure: Figure = {
      data: [
        { type: "scattergeo", lon: [-122.5, -122.3], lat: [37.7, 37.8], mode: "markers" },
        {
          type: "choropleth",
          locationmode: "geojson-id",
          geojson: { type: "FeatureCollection", features: [] },
          z: [],
        },
      ],
      layout: { geo: { fitbounds: "locations" }, margin: { l: 0 } },
    };
    const tiled = toTileFigure(figure, { tiles: ["https://t.test/{z}/{x}/{y}.png"], attribution: "" });
    expect(tiled.data.map((t) => t.type)).toEqual(["scattermap", "choroplethmap"]);
    expect(tiled.data[1]).not.toHaveProperty("locationmode");
    expect(tiled.layout).not.toHaveProperty("geo");
    const map = tiled.layout.map as {
      center: { lon: number; lat: number };
      zoom: number;
      style: { sources: unknown };
    };
    expect(map.center.lon).toBeCloseTo(-122.4);
    expect(map.center.lat).toBeCloseTo(37.75);
    expect(map.zoom).toBeGreaterThan(9);
    expect(map.style.sources).toEqual({
      tiles: { type: "raster", tiles: ["https://t.test/{z}/{x}/{y}.png"], tileSize: 256, attribution: "" },
    });
  });

  it("zooms out for wide extents", () => {
    expect(
      zoomFor([
        [-125, 25],
        [-65, 50],
      ]),
    ).toBeLessThan(4);
    expect(zoomFor(null)).toBe(1);
  });
});
