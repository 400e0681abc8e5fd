import { describe, expect, it } from "vitest";
import { buildQueries } from "../build-query.ts";
import type { FormData } from "../types.ts";

const fd = (viz_type: string, extra: Partial<FormData> = {}): FormData => ({
  datasource: "3__table",
  viz_type,
  adhoc_filters: [],
  row_limit: 5000,
  ...extra,
});
const LAT_LON = { type: "latlong", lonCol: "LON", latCol: "LAT" };
const notNull = (...cols: string[]) => cols.map((col) => ({ col, op: "IS NOT NULL" }));

describe("map queries (Superset's deck.gl buildQuery and legacy map endpoints)", () => {
  it("deck_scatter: positions (required), the dimension and js_columns; the radius metric only when set", () => {
    const [q] = buildQueries(
      fd("deck_scatter", {
        spatial: LAT_LON,
        dimension: "kind",
        js_columns: ["NUMBER"],
        point_radius_fixed: { type: "fix", value: 1000 },
      }),
    );
    expect(q).toMatchObject({
      columns: ["LON", "LAT", "kind", "NUMBER"],
      metrics: [],
      row_limit: 5000,
      is_timeseries: false,
    });
    expect(q.filters).toEqual(notNull("LON", "LAT"));
    const [m] = buildQueries(
      fd("deck_scatter", { spatial: LAT_LON, point_radius_fixed: { type: "metric", value: "count" } }),
    );
    expect(m).toMatchObject({ metrics: ["count"], orderby: [["count", false]] });
  });

  it("aggregating layers group the positions by the size metric", () => {
    for (const viz of ["deck_hex", "deck_grid", "deck_screengrid", "deck_heatmap"]) {
      const [q] = buildQueries(
        fd(viz, { spatial: { type: "delimited", lonlatCol: "delimited" }, size: "count" }),
      );
      expect(q).toMatchObject({ columns: ["delimited"], metrics: ["count"], filters: notNull("delimited") });
    }
    const [g] = buildQueries(fd("deck_grid", { spatial: { type: "geohash", geohashCol: "geohash" } }));
    expect(g).toMatchObject({ columns: ["geohash"], metrics: [] });
  });

  it("deck_arc: both ends' columns, each required", () => {
    const [q] = buildQueries(
      fd("deck_arc", {
        start_spatial: { type: "latlong", lonCol: "LONGITUDE", latCol: "LATITUDE" },
        end_spatial: { type: "latlong", lonCol: "LONGITUDE_DEST", latCol: "LATITUDE_DEST" },
        dimension: "AIRLINE",
      }),
    );
    expect(q.columns).toEqual(["LONGITUDE", "LATITUDE", "LONGITUDE_DEST", "LATITUDE_DEST", "AIRLINE"]);
    expect(q.filters).toEqual(notNull("LONGITUDE", "LATITUDE", "LONGITUDE_DEST", "LATITUDE_DEST"));
  });

  it("deck_path and deck_polygon: the line column, with the metric(s) when set", () => {
    const [p] = buildQueries(
      fd("deck_path", { line_column: "path_json", line_type: "json", js_columns: ["color"] }),
    );
    expect(p).toMatchObject({ columns: ["path_json", "color"], metrics: [], filters: notNull("path_json") });
    const [poly] = buildQueries(
      fd("deck_polygon", {
        line_column: "contour",
        metric: "sum__population",
        point_radius_fixed: { type: "metric", value: "count" },
      }),
    );
    expect(poly).toMatchObject({ columns: ["contour"], metrics: ["sum__population", "count"] });
    const [keepNulls] = buildQueries(fd("deck_polygon", { line_column: "contour", filter_nulls: false }));
    expect(keepNulls.filters).toEqual([]);
  });

  it("deck_geojson: the GeoJSON column of every row, null ones left out unless asked", () => {
    const [q] = buildQueries(fd("deck_geojson", { geojson: "shape", js_columns: ["name"], row_limit: 50 }));
    expect(q).toMatchObject({
      columns: ["shape", "name"],
      metrics: [],
      filters: notNull("shape"),
      row_limit: 50,
    });
    const [keepNulls] = buildQueries(fd("deck_geojson", { geojson: "shape", filter_nulls: false }));
    expect(keepNulls.filters).toEqual([]);
  });

  it("country_map and world_map: the metric(s) per entity", () => {
    const [c] = buildQueries(
      fd("country_map", { select_country: "france", entity: "DEPT_ID", metric: "avg__2004" }),
    );
    expect(c).toMatchObject({ columns: ["DEPT_ID"], metrics: ["avg__2004"], filters: notNull("DEPT_ID") });
    const [w] = buildQueries(
      fd("world_map", { entity: "country_code", metric: "count", secondary_metric: "count" }),
    );
    expect(w).toMatchObject({ columns: ["country_code"], metrics: ["count"], orderby: [["count", false]] });
    const [w2] = buildQueries(
      fd("world_map", { entity: "country_code", metric: "count", secondary_metric: "sum__x" }),
    );
    expect(w2.metrics).toEqual(["count", "sum__x"]);
  });
});
