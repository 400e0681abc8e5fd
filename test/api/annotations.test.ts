import { encodeRison } from "@strata/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRoleWith } from "../support/roles.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
const q = (v: unknown) => encodeURIComponent(encodeRison(v));

let s: TestServer;
let admin: string;
let gamma: string;
let alpha: string;
let birth: number;

const LAYERS = "/api/v1/annotation_layer";
const annotationsOf = (layerId: number) => `${LAYERS}/${layerId}/annotation`;

async function createLayer(name: string, descr: string | null = null, token = admin): Promise<number> {
  const res = await s.call("POST", `${LAYERS}/`, { token, body: { name, descr } });
  expect(res.status).toBe(201);
  return (await json(res)).id;
}

async function createAnnotation(layerId: number, body: Record<string, unknown>): Promise<number> {
  const res = await s.call("POST", `${annotationsOf(layerId)}/`, { token: admin, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).id;
}

/** Births per year over the 1990s, with the given annotation layers on the query. */
const birthsByYear = (layers: unknown[], range = "1990-01-01 : 2000-01-01") => ({
  datasource: { id: birth, type: "table" },
  queries: [
    {
      columns: [
        {
          columnType: "BASE_AXIS",
          sqlExpression: "ds",
          label: "ds",
          expressionType: "SQL",
          timeGrain: "P1Y",
        },
      ],
      metrics: ["count"],
      filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: range }],
      orderby: [["count", false]],
      row_limit: 100,
      annotation_layers: layers,
    },
  ],
  result_format: "json",
  result_type: "full",
});

/** A TIME_SERIES layer drawing a line chart's series, over the range of the chart it is drawn on. */
const lineLayer = (name: string, chartId: number) => ({
  name,
  annotationType: "TIME_SERIES",
  sourceType: "line",
  value: chartId,
  show: true,
  overrides: { time_range: null },
});

async function chartData(body: unknown, token = admin) {
  const res = await s.call("POST", "/api/v1/chart/data", { token, body });
  return { status: res.status, body: await json(res) };
}

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  gamma = await userWithRoles(s, admin, "annotation_gamma", ["Gamma"]);
  alpha = await userWithRoles(s, admin, "annotation_alpha", ["Alpha"]);
  birth = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).ids[0];
});
afterAll(() => s.close());

describe("annotation layers", () => {
  it("creates, reads, lists, updates and deletes a layer", async () => {
    const id = await createLayer("Releases", "Product releases");
    const got = await json(await s.call("GET", `${LAYERS}/${id}`, { token: admin }));
    expect(got).toMatchObject({ id, result: { id, name: "Releases", descr: "Product releases" } });
    expect(got.result.created_by).toMatchObject({ first_name: expect.any(String) });

    const put = await s.call("PUT", `${LAYERS}/${id}`, { token: admin, body: { descr: "Shipped versions" } });
    expect(put.status).toBe(200);
    expect((await json(put)).result).toMatchObject({ name: "Releases", descr: "Shipped versions" });

    const listed = await json(
      await s.call(
        "GET",
        `${LAYERS}/?q=${q({
          filters: [{ col: "name", opr: "annotation_layer_all_text", value: "shipped" }],
          order_column: "name",
          order_direction: "asc",
        })}`,
        { token: admin },
      ),
    );
    expect(listed.count).toBe(1);
    expect(listed.result[0]).toMatchObject({
      id,
      name: "Releases",
      changed_on_delta_humanized: expect.any(String),
    });

    const info = await json(
      await s.call("GET", `${LAYERS}/_info?q=${q({ keys: ["permissions"] })}`, { token: admin }),
    );
    expect(info.permissions).toEqual(expect.arrayContaining(["can_read", "can_write"]));
    const related = await json(await s.call("GET", `${LAYERS}/related/created_by`, { token: admin }));
    expect(related.count).toBeGreaterThan(0);

    expect((await s.call("DELETE", `${LAYERS}/${id}`, { token: admin })).status).toBe(200);
    expect((await s.call("GET", `${LAYERS}/${id}`, { token: admin })).status).toBe(404);
  });

  it("refuses bad input with Superset's error shapes", async () => {
    const missing = await s.call("POST", `${LAYERS}/`, { token: admin, body: { descr: "no name" } });
    expect(missing.status).toBe(400);
    expect((await json(missing)).message).toEqual({ name: ["Missing data for required field."] });
    const unknown = await s.call("POST", `${LAYERS}/`, { token: admin, body: { name: "x", color: "red" } });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).message).toEqual({ color: ["Unknown field."] });
    const notJson = await s.call("POST", `${LAYERS}/`, { token: admin, raw: "{nope" });
    expect(notJson.status).toBe(400);

    await createLayer("Unique layer");
    const dup = await s.call("POST", `${LAYERS}/`, { token: admin, body: { name: "Unique layer" } });
    expect(dup.status).toBe(422);
    expect((await json(dup)).message).toEqual({ name: ["Name must be unique"] });

    expect((await s.call("GET", `${LAYERS}/999999`, { token: admin })).status).toBe(404);
    expect((await s.call("PUT", `${LAYERS}/999999`, { token: admin, body: { name: "z" } })).status).toBe(404);
    expect((await s.call("DELETE", `${LAYERS}/999999`, { token: admin })).status).toBe(404);
    const badOrder = await s.call("GET", `${LAYERS}/?q=${q({ order_column: "password" })}`, { token: admin });
    expect(badOrder.status).toBe(400);
  });

  it("bulk deletes layers, but keeps a layer that still holds annotations", async () => {
    const a = await createLayer("Bulk A");
    const b = await createLayer("Bulk B");
    const full = await createLayer("Bulk full");
    await createAnnotation(full, {
      short_descr: "Keeps its layer",
      start_dttm: "2020-01-01T00:00:00",
      end_dttm: "2020-01-01T00:00:00",
    });
    const refused = await s.call("DELETE", `${LAYERS}/?q=${q([a, full])}`, { token: admin });
    expect(refused.status).toBe(422);
    // Nothing was deleted: every id is checked first.
    expect((await s.call("GET", `${LAYERS}/${a}`, { token: admin })).status).toBe(200);
    const ok = await s.call("DELETE", `${LAYERS}/?q=${q([a, b])}`, { token: admin });
    expect(ok.status).toBe(200);
    expect((await json(ok)).message).toBe("Deleted 2 annotation layers");
    expect((await s.call("DELETE", `${LAYERS}/${full}`, { token: admin })).status).toBe(422);
  });
});

describe("annotations of a layer", () => {
  let layer: number;
  beforeAll(async () => {
    layer = await createLayer("Annotation CRUD");
  });

  it("creates, reads, lists, updates and deletes annotations", async () => {
    const id = await createAnnotation(layer, {
      short_descr: "Launch",
      long_descr: "Version 1 ships",
      start_dttm: "2021-03-01T10:00:00Z",
      end_dttm: "2021-03-02",
      json_metadata: '{"team": "core"}',
    });
    const got = await json(await s.call("GET", `${annotationsOf(layer)}/${id}`, { token: admin }));
    expect(got.result).toMatchObject({
      id,
      short_descr: "Launch",
      long_descr: "Version 1 ships",
      start_dttm: "2021-03-01T10:00:00",
      end_dttm: "2021-03-02T00:00:00",
      json_metadata: '{"team": "core"}',
      layer: { id: layer, name: "Annotation CRUD" },
    });
    // Offsets are converted to UTC.
    const second = await createAnnotation(layer, {
      short_descr: "Offsite",
      start_dttm: "2021-05-01T12:00:00+02:00",
      end_dttm: "2021-05-03T12:00:00+02:00",
    });
    const list = await json(
      await s.call(
        "GET",
        `${annotationsOf(layer)}/?q=${q({ order_column: "start_dttm", order_direction: "desc" })}`,
        {
          token: admin,
        },
      ),
    );
    expect(list.count).toBe(2);
    expect(list.result.map((r: Json) => r.short_descr)).toEqual(["Offsite", "Launch"]);
    expect(list.result[0].start_dttm).toBe("2021-05-01T10:00:00");
    const search = await json(
      await s.call(
        "GET",
        `${annotationsOf(layer)}/?q=${q({ filters: [{ col: "short_descr", opr: "annotation_all_text", value: "ships" }] })}`,
        { token: admin },
      ),
    );
    expect(search.ids).toEqual([id]);

    const put = await s.call("PUT", `${annotationsOf(layer)}/${id}`, {
      token: admin,
      body: { short_descr: "Launch day", end_dttm: "2021-03-05T00:00:00" },
    });
    expect(put.status).toBe(200);
    expect((await json(put)).result).toMatchObject({
      short_descr: "Launch day",
      end_dttm: "2021-03-05T00:00:00",
    });

    expect((await s.call("DELETE", `${annotationsOf(layer)}/${second}`, { token: admin })).status).toBe(200);
    expect((await s.call("GET", `${annotationsOf(layer)}/${second}`, { token: admin })).status).toBe(404);
    const bulk = await s.call("DELETE", `${annotationsOf(layer)}/?q=${q([id])}`, { token: admin });
    expect((await json(bulk)).message).toBe("Deleted 1 annotation");
    expect((await json(await s.call("GET", `${annotationsOf(layer)}/`, { token: admin }))).count).toBe(0);
  });

  it("validates dates, JSON metadata and uniqueness", async () => {
    const post = (body: unknown) => s.call("POST", `${annotationsOf(layer)}/`, { token: admin, body });
    const backwards = await post({
      short_descr: "Backwards",
      start_dttm: "2021-02-01",
      end_dttm: "2021-01-01",
    });
    expect(backwards.status).toBe(422);
    expect((await json(backwards)).message).toEqual({ end_dttm: ["End date must be after start date"] });

    const badDate = await post({ short_descr: "Bad", start_dttm: "2021-02-30", end_dttm: "2021-03-01" });
    expect(badDate.status).toBe(400);
    expect((await json(badDate)).message).toEqual({ start_dttm: ["Not a valid datetime."] });
    const notText = await post({ short_descr: "Bad", start_dttm: 12, end_dttm: "2021-03-01" });
    expect(notText.status).toBe(400);
    const noEnd = await post({ short_descr: "Bad", start_dttm: "2021-03-01" });
    expect(noEnd.status).toBe(400);
    expect((await json(noEnd)).message).toHaveProperty("end_dttm");
    const badJson = await post({
      short_descr: "Bad",
      start_dttm: "2021-03-01",
      end_dttm: "2021-03-01",
      json_metadata: "{not json",
    });
    expect(badJson.status).toBe(400);
    expect((await json(badJson)).message).toEqual({ json_metadata: ["JSON not valid"] });
    const empty = await post({ short_descr: "  ", start_dttm: "2021-03-01", end_dttm: "2021-03-01" });
    expect(empty.status).toBe(400);

    const id = await createAnnotation(layer, {
      short_descr: "Once",
      start_dttm: "2021-03-01",
      end_dttm: "2021-03-02",
    });
    const dup = await post({ short_descr: "Once", start_dttm: "2021-04-01", end_dttm: "2021-04-02" });
    expect(dup.status).toBe(422);
    // An update is checked against the stored start.
    const earlier = await s.call("PUT", `${annotationsOf(layer)}/${id}`, {
      token: admin,
      body: { end_dttm: "2020-01-01" },
    });
    expect(earlier.status).toBe(422);
    const unknownField = await s.call("PUT", `${annotationsOf(layer)}/${id}`, {
      token: admin,
      body: { layer_id: 3 },
    });
    expect(unknownField.status).toBe(400);
  });

  it("answers 404 for a layer or an annotation that does not exist", async () => {
    const body = { short_descr: "Nowhere", start_dttm: "2021-03-01", end_dttm: "2021-03-02" };
    expect((await s.call("GET", `${annotationsOf(999999)}/`, { token: admin })).status).toBe(404);
    expect((await s.call("POST", `${annotationsOf(999999)}/`, { token: admin, body })).status).toBe(404);
    expect((await s.call("GET", `${annotationsOf(layer)}/999999`, { token: admin })).status).toBe(404);
    expect((await s.call("PUT", `${annotationsOf(layer)}/999999`, { token: admin, body })).status).toBe(404);
    expect((await s.call("DELETE", `${annotationsOf(layer)}/999999`, { token: admin })).status).toBe(404);
    // An annotation is reached through its own layer only.
    const other = await createLayer("Other layer");
    const id = await createAnnotation(layer, { ...body, short_descr: "Mine" });
    expect((await s.call("GET", `${annotationsOf(other)}/${id}`, { token: admin })).status).toBe(404);
  });
});

describe("permissions", () => {
  it("lets Gamma read but not write, and Alpha write", async () => {
    const layer = await createLayer("Permissions");
    const id = await createAnnotation(layer, {
      short_descr: "Seen",
      start_dttm: "2021-01-01",
      end_dttm: "2021-01-01",
    });
    expect((await s.call("GET", `${LAYERS}/`, { token: gamma })).status).toBe(200);
    expect((await s.call("GET", `${annotationsOf(layer)}/${id}`, { token: gamma })).status).toBe(200);
    const info = await json(await s.call("GET", `${LAYERS}/_info`, { token: gamma }));
    expect(info.permissions).toEqual(["can_read"]);

    expect((await s.call("POST", `${LAYERS}/`, { token: gamma, body: { name: "Gamma layer" } })).status).toBe(
      403,
    );
    expect((await s.call("PUT", `${LAYERS}/${layer}`, { token: gamma, body: { descr: "x" } })).status).toBe(
      403,
    );
    expect((await s.call("DELETE", `${LAYERS}/?q=${q([layer])}`, { token: gamma })).status).toBe(403);
    const annotation = { short_descr: "Gamma", start_dttm: "2021-01-01", end_dttm: "2021-01-01" };
    expect(
      (await s.call("POST", `${annotationsOf(layer)}/`, { token: gamma, body: annotation })).status,
    ).toBe(403);
    expect((await s.call("DELETE", `${annotationsOf(layer)}/${id}`, { token: gamma })).status).toBe(403);

    const alphaLayer = await createLayer("Alpha layer", null, alpha);
    expect((await s.call("DELETE", `${LAYERS}/${alphaLayer}`, { token: alpha })).status).toBe(200);
    expect((await s.call("GET", `${LAYERS}/`)).status).toBe(401);
  });
});

describe("annotation data in chart data", () => {
  let events: number;
  let intervals: number;
  let launch: number;

  beforeAll(async () => {
    events = await createLayer("Chart events");
    intervals = await createLayer("Chart intervals");
    launch = await createAnnotation(events, {
      short_descr: "Launch",
      long_descr: "The big day",
      start_dttm: "1995-06-01T00:00:00",
      end_dttm: "1995-06-01T00:00:00",
      json_metadata: '{"k": 1}',
    });
    await createAnnotation(events, {
      short_descr: "Too early",
      start_dttm: "1970-01-01",
      end_dttm: "1970-01-01",
    });
    await createAnnotation(intervals, {
      short_descr: "Recession",
      start_dttm: "1998-12-01",
      end_dttm: "2001-06-30",
    });
  });

  const layers = () => [
    {
      name: "Events",
      annotationType: "EVENT",
      sourceType: "NATIVE",
      value: events,
      show: true,
      overrides: {},
    },
    {
      name: "Intervals",
      annotationType: "INTERVAL",
      sourceType: "NATIVE",
      value: String(intervals),
      show: true,
    },
    { name: "Line", annotationType: "FORMULA", sourceType: "", value: "y = 2 * x", show: true },
  ];

  it("returns a NATIVE layer's annotations within the query's time range, in Superset's shape", async () => {
    const { status, body } = await chartData(birthsByYear(layers()));
    expect(status).toBe(200);
    const item = body.result[0];
    expect(item.rowcount).toBe(10);
    expect(Object.keys(item.annotation_data).sort()).toEqual(["Events", "Intervals"]);
    expect(item.annotation_data.Events).toEqual({
      columns: ["start_dttm", "end_dttm", "short_descr", "long_descr", "json_metadata"],
      records: [
        {
          start_dttm: "1995-06-01T00:00:00",
          end_dttm: "1995-06-01T00:00:00",
          short_descr: "Launch",
          long_descr: "The big day",
          json_metadata: '{"k": 1}',
        },
      ],
    });
    // The interval overlaps the range although it ends after it.
    expect(item.annotation_data.Intervals.records.map((r: Json) => r.short_descr)).toEqual(["Recession"]);
  });

  it("shows an edited annotation on the next request although the rows come from the cache", async () => {
    await chartData(birthsByYear(layers()));
    await s.runtime.core.chartData.flush();
    const put = await s.call("PUT", `${annotationsOf(events)}/${launch}`, {
      token: admin,
      body: { short_descr: "Launch (moved)", start_dttm: "1996-02-01", end_dttm: "1996-02-01" },
    });
    expect(put.status).toBe(200);
    const { body } = await chartData(birthsByYear(layers()));
    const item = body.result[0];
    expect(item.is_cached).toBe(true);
    expect(item.annotation_data.Events.records).toEqual([
      expect.objectContaining({ short_descr: "Launch (moved)", start_dttm: "1996-02-01T00:00:00" }),
    ]);
    // Moved out of the range: gone from the next reply.
    await s.call("PUT", `${annotationsOf(events)}/${launch}`, {
      token: admin,
      body: { start_dttm: "2005-01-01", end_dttm: "2005-01-01" },
    });
    const after = (await chartData(birthsByYear(layers()))).body.result[0];
    expect(after.annotation_data.Events.records).toEqual([]);
  });

  it("draws another chart's series as a TIME_SERIES layer", async () => {
    const source = birthsByYear([], "No filter");
    source.queries[0].metrics = [
      { expressionType: "SQL", sqlExpression: "SUM(num)", label: "births" } as never,
    ];
    const chart = await json(
      await s.call("POST", "/api/v1/chart/", {
        token: admin,
        body: {
          slice_name: "Births per year",
          viz_type: "echarts_timeseries_line",
          datasource_id: birth,
          datasource_type: "table",
          params: JSON.stringify({ viz_type: "echarts_timeseries_line", x_axis: "ds", metrics: ["count"] }),
          query_context: JSON.stringify(source),
        },
      }),
    );
    const layer = lineLayer("Births", chart.id);
    const { status, body } = await chartData(birthsByYear([layer]));
    expect(status).toBe(200);
    const series = body.result[0].annotation_data.Births;
    expect(series).toHaveLength(1);
    expect(series[0].key).toBe("births");
    // The time range override takes the 1990s from the chart it is drawn on.
    expect(series[0].values).toHaveLength(10);
    expect(series[0].values[0]).toEqual({ x: expect.stringMatching(/^1990-01-01/), y: expect.any(Number) });

    const missing = { ...layer, name: "Missing", value: 999999 };
    const reply = await chartData(birthsByYear([missing]));
    expect(reply.status).toBe(200);
    expect(reply.body.result[0].annotation_data.Missing).toEqual({ error: "The chart does not exist" });
  });

  it("draws a source chart saved without a query context as its own page would query it: a series per group", async () => {
    // Superset leaves charts never opened in a recent Explore without a query context; the layer
    // must still draw the chart's lines, one per gender, not its rows in one zig-zag series.
    const chart = await json(
      await s.call("POST", "/api/v1/chart/", {
        token: admin,
        body: {
          slice_name: "Births per year by gender",
          viz_type: "echarts_timeseries_line",
          datasource_id: birth,
          datasource_type: "table",
          params: JSON.stringify({
            viz_type: "echarts_timeseries_line",
            x_axis: "ds",
            time_grain_sqla: "P1Y",
            metrics: ["sum__num"],
            groupby: ["gender"],
            adhoc_filters: [],
            row_limit: 10000,
          }),
        },
      }),
    );
    const layer = lineLayer("By gender", chart.id);
    const { status, body } = await chartData(birthsByYear([layer]));
    expect(status, JSON.stringify(body)).toBe(200);
    const series = body.result[0].annotation_data["By gender"] as { key: string; values: Json[] }[];
    expect(series.map((x) => x.key).sort()).toEqual(["boy", "girl"]);
    for (const line of series) {
      // One point a year of the 1990s (the range of the chart it is drawn on), in time order.
      expect(line.values.map((v) => String(v.x).slice(0, 4))).toEqual(
        Array.from({ length: 10 }, (_, i) => String(1990 + i)),
      );
      expect(line.values.every((v) => typeof v.y === "number" && v.y > 0)).toBe(true);
    }
  });

  it("refuses layers the caller cannot read and malformed layers, and tolerates a deleted layer", async () => {
    // A role that reads charts and every dataset, but not annotation layers.
    await createRoleWith(s, admin, "Charts only", [
      ["can_read", "Chart"],
      ["can_read", "Dataset"],
      ["all_datasource_access", "all_datasource_access"],
    ]);
    const chartsOnly = await userWithRoles(s, admin, "charts_only", ["Charts only"]);
    expect((await chartData(birthsByYear([]), chartsOnly)).status).toBe(200);
    const refused = await chartData(birthsByYear(layers()), chartsOnly);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain("AnnotationLayer");
    // A formula needs no data: allowed.
    expect((await chartData(birthsByYear([layers()[2]]), chartsOnly)).status).toBe(200);
    // Alpha reads annotation layers (and every dataset).
    expect((await chartData(birthsByYear(layers()), alpha)).status).toBe(200);

    const bad = await chartData(birthsByYear([{ name: "Events", sourceType: "NATIVE", value: "abc" }]));
    expect(bad.status).toBe(400);
    const noName = await chartData(birthsByYear([{ sourceType: "NATIVE", value: events }]));
    expect(noName.status).toBe(400);

    const gone = await chartData(
      birthsByYear([{ name: "Gone", annotationType: "EVENT", sourceType: "NATIVE", value: 987654 }]),
    );
    expect(gone.status).toBe(200);
    expect(gone.body.result[0].annotation_data.Gone).toMatchObject({
      records: [],
      error: expect.any(String),
    });
  });
});

describe("annotation data with global async queries", () => {
  let a: TestServer;
  let token: string;

  beforeAll(async () => {
    a = await startTestServer({ examples: ["birth_names"], globalAsyncQueries: true });
    token = await a.login(ADMIN.username, ADMIN.password);
  });
  afterAll(() => a.close());

  async function resultOf(body: unknown) {
    const res = await a.call("POST", "/api/v1/chart/data", { token, body });
    expect(res.status).toBe(202);
    const job = await json(res);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const events = (await json(await a.call("GET", "/api/v1/async_event/", { token }))).result as Json[];
      const mine = events.find((e) => e.job_id === job.job_id);
      if (mine) {
        expect(mine.status).toBe("done");
        return (await json(await a.call("GET", mine.result_url, { token }))).result[0];
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("no event");
  }

  it("adds annotation data to the job's result, and runs a source chart inline", async () => {
    const dataset = (await json(await a.call("GET", "/api/v1/dataset/", { token }))).ids[0];
    const layer = (await json(await a.call("POST", `${LAYERS}/`, { token, body: { name: "Async layer" } })))
      .id;
    await a.call("POST", `${annotationsOf(layer)}/`, {
      token,
      body: { short_descr: "Queued", start_dttm: "1992-03-01", end_dttm: "1992-03-01" },
    });
    const source = { ...birthsByYear([], "No filter"), datasource: { id: dataset, type: "table" } };
    const chart = await json(
      await a.call("POST", "/api/v1/chart/", {
        token,
        body: {
          slice_name: "Async source",
          viz_type: "echarts_timeseries_line",
          datasource_id: dataset,
          datasource_type: "table",
          query_context: JSON.stringify(source),
        },
      }),
    );
    const body = {
      ...birthsByYear([
        { name: "Events", annotationType: "EVENT", sourceType: "NATIVE", value: layer },
        {
          name: "Series",
          annotationType: "TIME_SERIES",
          sourceType: "line",
          value: chart.id,
          overrides: { time_range: null },
        },
      ]),
      datasource: { id: dataset, type: "table" },
    };
    const item = await resultOf(body);
    expect(item.annotation_data.Events.records.map((r: Json) => r.short_descr)).toEqual(["Queued"]);
    expect(item.annotation_data.Series[0].values).toHaveLength(10);
  });
});
