import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exploreJsonAsGuest, guestWithChart } from "../support/guest-tokens.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

let s: TestServer;
let admin: string;
const ids: Record<string, number> = {};

const COUNT = { expressionType: "SQL", sqlExpression: "COUNT(*)", label: "count" };
const sum = (column: string, label = `SUM(${column})`) => ({
  expressionType: "SIMPLE",
  column: { column_name: column },
  aggregate: "SUM",
  label,
});

/** POST /superset/explore_json/ with the form data in the body, as Superset's legacy charts send it. */
async function explore(formData: Json, opts: { token?: string; query?: string } = {}) {
  return s.call("POST", `/superset/explore_json/${opts.query ?? ""}`, {
    token: opts.token ?? admin,
    body: { form_data: formData },
  });
}

async function data(formData: Json) {
  const res = await explore(formData);
  const body = await json(res);
  expect(res.status, JSON.stringify(body).slice(0, 400)).toBe(200);
  return body;
}

/** The same numbers straight from DuckDB, to compare against. */
async function raw(sql: string) {
  const core = s.runtime.core;
  const ds = (await core.datasets.all()).find((d) => d.table_name === "birth_names")!;
  const engine = await core.databases.engineOf((await core.databases.find(ds.database_id))!);
  return engine.execute(sql);
}

beforeAll(async () => {
  s = await startTestServer({
    examples: [
      "birth_names",
      "energy_usage",
      "flights",
      "long_lat",
      "birth_france_by_region",
      "covid_vaccines",
    ],
  });
  admin = await s.login(ADMIN.username, ADMIN.password);
  for (const d of await s.runtime.core.datasets.all()) ids[d.table_name] = d.id;
}, 240_000);
afterAll(() => s?.close());

const key = (table: string) => `${ids[table]}__table`;

describe("explore_json answers legacy viz types in viz.py's shape", () => {
  it("world_map: countries by IOC code, resolved to ISO alpha-3 with m1/m2", async () => {
    const body = await data({
      datasource: key("covid_vaccines"),
      viz_type: "world_map",
      entity: "ioc_country_code",
      country_fieldtype: "cioc",
      metric: COUNT,
      secondary_metric: COUNT,
      sort_by_metric: true,
      row_limit: 500,
    });
    // The top-level keys of viz.py's payload.
    for (const k of [
      "cache_key",
      "cached_dttm",
      "cache_timeout",
      "form_data",
      "is_cached",
      "query",
      "status",
      "rowcount",
    ]) {
      expect(body).toHaveProperty(k);
    }
    expect(body.status).toBe("success");
    expect(body.form_data.viz_type).toBe("world_map");
    const rows = body.data as Json[];
    expect(rows.length).toBe(body.rowcount);
    const usa = rows.find((r) => r.country === "USA")!;
    expect(usa).toMatchObject({ name: "United States", m1: usa.m2, latitude: 38, longitude: -97 });
    const expected = await raw(`SELECT COUNT(*) FROM covid_vaccines WHERE ioc_country_code = 'USA'`);
    expect(usa.m1).toBe(Number(expected.data[0][0]));
    // Sorted by the metric, descending.
    expect(rows.map((r) => r.m1)).toEqual([...rows.map((r) => r.m1)].sort((a, b) => b - a));
    // IOC codes that differ from ISO (GER → DEU) resolve; unknown codes answer XXX.
    const codes = (await raw(`SELECT DISTINCT ioc_country_code FROM covid_vaccines`)).data[0] as string[];
    expect(codes).toContain("GER");
    expect(rows.some((r) => r.country === "DEU")).toBe(true);
  });

  it("country_map: country_id and metric per region", async () => {
    const body = await data({
      datasource: key("birth_france_by_region"),
      viz_type: "country_map",
      select_country: "france",
      entity: "DEPT_ID",
      metric: sum("2004", "births"),
      row_limit: 200,
    });
    const expected = await raw(`SELECT SUM("2004") FROM birth_france_by_region WHERE DEPT_ID = 'FR-75'`);
    expect(body.data).toContainEqual({ country_id: "FR-75", metric: Number(expected.data[0][0]) });
    expect(Object.keys(body.data[0])).toEqual(["country_id", "metric"]);
  });

  it("cal_heatmap: per metric, values keyed by epoch seconds, with the calendar's range", async () => {
    const body = await data({
      datasource: key("birth_names"),
      viz_type: "cal_heatmap",
      granularity_sqla: "ds",
      time_range: "2000-01-01 : 2002-01-01",
      domain_granularity: "year",
      subdomain_granularity: "month",
      metrics: [COUNT],
    });
    const expected = await raw(
      `SELECT COUNT(*) FROM birth_names WHERE ds >= '2000-01-01' AND ds < '2002-01-01' AND ds < '2000-02-01'`,
    );
    expect(body.data).toMatchObject({
      start: Date.UTC(2000, 0, 1),
      domain: "year",
      subdomain: "month",
      range: 3,
    });
    const counts = body.data.data.count as Record<string, number>;
    expect(counts[`${Date.UTC(2000, 0, 1) / 1000}.0`]).toBe(Number(expected.data[0][0]));
    expect(body.from_dttm).toBe(Date.UTC(2000, 0, 1));
  });

  it("chord: nodes and the square matrix of flows", async () => {
    const body = await data({
      datasource: key("energy_usage"),
      viz_type: "chord",
      groupby: "source",
      columns: "target",
      metric: sum("value", "sum__value"),
      row_limit: 1000,
    });
    const { nodes, matrix } = body.data as { nodes: string[]; matrix: number[][] };
    expect(matrix).toHaveLength(nodes.length);
    expect(matrix.every((row) => row.length === nodes.length)).toBe(true);
    const [source, target, value] = (
      await raw(`SELECT source, target, SUM(value) FROM energy_usage GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`)
    ).data.map((c) => c[0]);
    expect(matrix[nodes.indexOf(target as string)][nodes.indexOf(source as string)]).toBeCloseTo(
      Number(value),
    );
  });

  it("paired_ttest: each metric's series per group", async () => {
    const body = await data({
      datasource: key("birth_names"),
      viz_type: "paired_ttest",
      granularity_sqla: "ds",
      time_grain_sqla: "P1Y",
      time_range: "No filter",
      groupby: ["gender"],
      metrics: [sum("num", "sum__num")],
    });
    const series = body.data.sum__num as { group: string[]; values: { x: number; y: number }[] }[];
    expect(series.map((g) => g.group)).toEqual([["boy"], ["girl"]]);
    const expected = await raw(
      `SELECT date_trunc('year', ds) AS y, SUM(num) FROM birth_names WHERE gender = 'boy' GROUP BY 1 ORDER BY 1 LIMIT 1`,
    );
    expect(series[0].values[0]).toEqual({
      x: new Date(`${String(expected.data[0][0]).replace(" ", "T").slice(0, 19)}Z`).getTime(),
      y: Number(expected.data[1][0]),
    });
  });

  it("time_table: records keyed by time as pandas prints it", async () => {
    const body = await data({
      datasource: key("birth_names"),
      viz_type: "time_table",
      granularity_sqla: "ds",
      time_grain_sqla: "P1Y",
      time_range: "2000-01-01 : 2002-01-01",
      groupby: ["gender"],
      metrics: [sum("num", "sum__num")],
    });
    expect(body.data.is_group_by).toBe(true);
    expect(body.data.columns).toEqual(["boy", "girl"]);
    const expected = await raw(
      `SELECT SUM(num) FROM birth_names WHERE gender = 'girl' AND ds >= '2001-01-01' AND ds < '2002-01-01'`,
    );
    expect(body.data.records["2001-01-01 00:00:00"].girl).toBe(Number(expected.data[0][0]));
  });

  it("deck_scatter: a feature per point of long_lat, with the Mapbox key and metric labels", async () => {
    const body = await data({
      datasource: key("long_lat"),
      viz_type: "deck_scatter",
      spatial: { type: "latlong", lonCol: "LON", latCol: "LAT" },
      point_radius_fixed: { type: "fix", value: 300 },
      dimension: "occupancy",
      row_limit: 20,
      time_range: "No filter",
    });
    expect(body.data).toMatchObject({ mapboxApiKey: "", metricLabels: [] });
    const features = body.data.features as Json[];
    expect(features).toHaveLength(20);
    expect(features[0]).toEqual({
      metric: null,
      radius: 300,
      cat_color: expect.any(Number),
      position: [expect.any(Number), expect.any(Number)],
      __timestamp: null,
    });
    // Positions are [longitude, latitude]: San Francisco.
    expect(features[0].position[0]).toBeCloseTo(-122.4, 0);
    expect(features[0].position[1]).toBeCloseTo(37.7, 0);
    expect(body.query).toContain("IS NOT NULL");
  });

  it("deck_grid over a geohash column weighs each cell by the size metric", async () => {
    const body = await data({
      datasource: key("long_lat"),
      viz_type: "deck_grid",
      spatial: { type: "geohash", geohashCol: "geohash" },
      size: COUNT,
      row_limit: 5,
    });
    expect(body.data.metricLabels).toEqual(["count"]);
    const f = body.data.features[0];
    expect(f.weight).toBeGreaterThanOrEqual(1);
    expect(f.position[0]).toBeCloseTo(-122.4, 0);
  });

  it("deck_arc: flights from origin to destination", async () => {
    const body = await data({
      datasource: key("flights"),
      viz_type: "deck_arc",
      start_spatial: { type: "latlong", lonCol: "LONGITUDE", latCol: "LATITUDE" },
      end_spatial: { type: "latlong", lonCol: "LONGITUDE_DEST", latCol: "LATITUDE_DEST" },
      dimension: "AIRLINE",
      row_limit: 10,
    });
    expect(Object.keys(body.data).sort()).toEqual(["features", "mapboxApiKey"]);
    const f = body.data.features[0];
    expect(f).toEqual({
      sourcePosition: [expect.any(Number), expect.any(Number)],
      targetPosition: [expect.any(Number), expect.any(Number)],
      cat_color: expect.any(String),
      __timestamp: null,
    });
  });

  it("deck_multi lists the layers' saved charts the caller may read", async () => {
    const params = {
      viz_type: "deck_scatter",
      spatial: { type: "latlong", lonCol: "LON", latCol: "LAT" },
      datasource: key("long_lat"),
    };
    const created = await json(
      await s.call("POST", "/api/v1/chart/", {
        token: admin,
        body: {
          slice_name: "Scatter layer",
          viz_type: "deck_scatter",
          datasource_id: ids.long_lat,
          datasource_type: "table",
          params: JSON.stringify(params),
        },
      }),
    );
    const body = await data({ viz_type: "deck_multi", deck_slices: [created.id, 999_999] });
    expect(body.data.mapboxApiKey).toBe("");
    expect(body.data.slices).toHaveLength(1);
    expect(body.data.slices[0]).toMatchObject({
      slice_id: created.id,
      slice_name: "Scatter layer",
      form_data: { viz_type: "deck_scatter", slice_id: created.id, spatial: params.spatial },
    });
    const gamma = await userWithRoles(s, admin, "multigamma", ["Gamma"]);
    const res = await explore({ viz_type: "deck_multi", deck_slices: [created.id] }, { token: gamma });
    expect(res.status).toBe(200);
    const hidden = await json(res);
    expect(hidden.data?.slices ?? []).toEqual([]);
  });
});

describe("what stays as it was", () => {
  it("other viz types keep the plain item, CSV stays a file, and GET works", async () => {
    const pie = await data({
      datasource: key("birth_names"),
      viz_type: "pie",
      groupby: ["gender"],
      metric: COUNT,
      row_limit: 10,
    });
    expect(pie.colnames).toEqual(["gender", "count"]);
    expect(pie.data).toHaveLength(2);

    const fd = {
      datasource: key("energy_usage"),
      viz_type: "chord",
      groupby: "source",
      columns: "target",
      metric: sum("value", "sum__value"),
    };
    const csv = await explore(fd, { query: "?csv=true" });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect((await csv.text()).split("\n")[0]).toContain("source");

    const get = await s.call(
      "GET",
      `/superset/explore_json/?form_data=${encodeURIComponent(JSON.stringify(fd))}`,
      {
        token: admin,
      },
    );
    expect(get.status).toBe(200);
    expect((await json(get)).data.nodes.length).toBeGreaterThan(0);
  });

  it("refuses callers without access to the dataset, as before", async () => {
    const gamma = await userWithRoles(s, admin, "legacyjsongamma", ["Gamma"]);
    const res = await explore(
      { datasource: key("birth_names"), viz_type: "world_map", entity: "state", metric: COUNT },
      { token: gamma },
    );
    expect(res.status).toBe(404);
    expect((await json(res)).errors?.[0]?.error_type).toBe("DATASOURCE_SECURITY_ACCESS_ERROR");
  });

  it("answers bad form data with a 400 in Superset's shape, never a 500", async () => {
    const cases: [Json, RegExp][] = [
      [{ viz_type: "country_map", entity: "DEPT_ID", metric: COUNT }, /Must specify a country/],
      [{ viz_type: "deck_scatter" }, /spatial/],
      [{ viz_type: "cal_heatmap", metrics: [COUNT] }, /Datetime column/],
      [{ viz_type: "time_table", granularity_sqla: "ds" }, /at least one metric/],
      [{ viz_type: "bubble", entity: "name", x: COUNT, y: COUNT, size: COUNT }, /3 different metric labels/],
      [
        { viz_type: "chord", groupby: "source", columns: "target", metric: { nonsense: true } },
        /Invalid form data|metric/i,
      ],
      [{ viz_type: "deck_multi", deck_slices: ["x"] }, /chart ids/],
      [
        {
          viz_type: "country_map",
          select_country: "france",
          entity: "DEPT_ID",
          metric: { expressionType: "SIMPLE" },
        },
        /Invalid form data/,
      ],
      [
        { viz_type: "deck_path", line_column: "name", line_type: "json", row_limit: 3 },
        /json path could not be read/,
      ],
    ];
    for (const [fd, message] of cases) {
      const res = await explore({ datasource: key("birth_names"), ...fd });
      const body = await json(res);
      expect(res.status, JSON.stringify(fd)).toBe(400);
      expect(String(body.message), JSON.stringify(fd)).toMatch(message);
      expect(body.errors?.[0]?.error_type, JSON.stringify(fd)).toBe("VIZ_GET_DF_ERROR");
    }
  });
});

describe("explore_json for an embedded guest", () => {
  it("runs a legacy chart's own query (deck.gl positions included) and refuses another", async () => {
    const params = {
      viz_type: "deck_scatter",
      datasource: key("long_lat"),
      spatial: { type: "latlong", lonCol: "LON", latCol: "LAT" },
      point_radius_fixed: { type: "fix", value: 300 },
      dimension: "occupancy",
      row_limit: 20,
      time_range: "No filter",
    };
    const { chartId, guest } = await guestWithChart(s, admin, "Embedded deck", {
      name: "Embedded points",
      vizType: "deck_scatter",
      datasetId: ids.long_lat,
      params,
    });
    const asGuest = (formData: Json) => exploreJsonAsGuest(s, guest, formData);

    const ok = await asGuest({ ...params, slice_id: chartId });
    const body = await json(ok);
    expect(ok.status, JSON.stringify(body).slice(0, 400)).toBe(200);
    expect(body.data.features).toHaveLength(20);
    expect(body.query).toBeNull();

    // The same chart asked for other columns: not the chart's query.
    const other = await asGuest({
      ...params,
      slice_id: chartId,
      spatial: { type: "latlong", lonCol: "LAT", latCol: "LON" },
      dimension: "radius_miles",
    });
    expect(other.status).toBe(403);
    expect((await json(other)).errors[0].error_type).toBe("CHART_SECURITY_ACCESS_ERROR");
  });
});
