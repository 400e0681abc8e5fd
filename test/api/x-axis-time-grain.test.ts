import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exploreJsonAsGuest, guestWithChart } from "../support/guest-tokens.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

/**
 * Superset applies a chart's time grain to its x-axis only when the x-axis is a temporal column
 * (`is_dttm` / a date-time type): a string or numeric x-axis is grouped by its plain values, the
 * grain (which Superset's clients send whatever the column) left unused. Both the legacy
 * explore_json endpoint and the chart-data API.
 */

let s: TestServer;
let admin: string;
let birth: number;

const COUNT = { expressionType: "SQL", sqlExpression: "COUNT(*)", label: "count" };

/** The same numbers straight from DuckDB, to compare against. */
async function raw(sql: string) {
  const core = s.runtime.core;
  const ds = (await core.datasets.all()).find((d) => d.table_name === "birth_names")!;
  const engine = await core.databases.engineOf((await core.databases.find(ds.database_id))!);
  const result = await engine.execute(sql);
  return result.data[0].map((_, i) =>
    Object.fromEntries(result.columns.map((c, j) => [c.name, result.data[j][i]])),
  );
}

async function exploreJson(formData: Json, method: "POST" | "GET" = "POST") {
  const res =
    method === "POST"
      ? await s.call("POST", "/superset/explore_json/", { token: admin, body: { form_data: formData } })
      : await s.call(
          "GET",
          `/superset/explore_json/?form_data=${encodeURIComponent(JSON.stringify(formData))}`,
          {
            token: admin,
          },
        );
  const body = await json(res);
  expect(res.status, JSON.stringify(body).slice(0, 600)).toBe(200);
  return body;
}

async function chartData(query: Json) {
  const res = await s.call("POST", "/api/v1/chart/data", {
    token: admin,
    body: {
      datasource: { id: birth, type: "table" },
      queries: [query],
      result_format: "json",
      result_type: "full",
    },
  });
  const body = await json(res);
  expect(res.status, JSON.stringify(body).slice(0, 600)).toBe(200);
  return body.result[0] as Json;
}

const axis = (column: string, timeGrain: string) => ({
  columnType: "BASE_AXIS",
  sqlExpression: column,
  label: column,
  expressionType: "SQL",
  timeGrain,
});

/** A count by one x-axis with a grain, biggest first, as Superset's timeseries charts ask for it. */
const countBy = (column: string, grain: string, rowLimit: number, extra: Json = {}) =>
  chartData({
    columns: [axis(column, grain)],
    metrics: [COUNT],
    orderby: [[COUNT, false]],
    row_limit: rowLimit,
    ...extra,
  });

/** A reply grouped by birth_names' years: truncated in SQL, one row per year. */
async function expectYears(item: Json) {
  expect(item.query).toMatch(/date_trunc/i);
  const expected = await raw(`SELECT COUNT(DISTINCT date_trunc('year', ds)) AS n FROM birth_names`);
  expect(item.rowcount).toBe(Number(expected[0].n));
}

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = (await s.runtime.core.datasets.all()).find((d) => d.table_name === "birth_names")!.id;
}, 240_000);
afterAll(() => s?.close());

describe("explore_json: the time grain applies to a temporal x-axis only", () => {
  const formData = (over: Json) => ({
    datasource: `${birth}__table`,
    viz_type: "echarts_timeseries_bar",
    time_grain_sqla: "P1D",
    time_range: "No filter",
    metrics: [COUNT],
    row_limit: 100,
    ...over,
  });

  it("groups a string x-axis (gender) by its values, POST and GET", async () => {
    const expected = await raw(`SELECT gender, COUNT(*) AS count FROM birth_names GROUP BY 1`);
    for (const method of ["POST", "GET"] as const) {
      const body = await exploreJson(formData({ x_axis: "gender" }), method);
      expect(body.query).not.toMatch(/date_trunc/i);
      expect(body.colnames).toEqual(["gender", "count"]);
      expect(body.data).toHaveLength(2);
      expect([...body.data].sort((a: Json, b: Json) => (a.gender < b.gender ? -1 : 1))).toEqual(
        expected.map((r) => ({ gender: r.gender, count: Number(r.count) })),
      );
    }
  });

  it("groups a string x-axis with a year grain (name) by its values", async () => {
    const body = await exploreJson(formData({ x_axis: "name", time_grain_sqla: "P1Y", row_limit: 5 }));
    const expected = await raw(
      `SELECT name, COUNT(*) AS count FROM birth_names GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 5`,
    );
    expect(body.query).not.toMatch(/date_trunc/i);
    expect(body.data.map((r: Json) => r.count)).toEqual(expected.map((r) => Number(r.count)));
    expect(body.data.every((r: Json) => typeof r.name === "string")).toBe(true);
  });

  it("groups a numeric x-axis (num) by its values", async () => {
    const body = await exploreJson(formData({ x_axis: "num", row_limit: 3 }));
    expect(body.query).not.toMatch(/date_trunc/i);
    expect(body.data.every((r: Json) => typeof r.num === "number")).toBe(true);
  });

  it("an adhoc x-axis naming a string column is grouped by its values too", async () => {
    const body = await exploreJson(
      formData({ x_axis: { label: "gender", sqlExpression: "gender", expressionType: "SQL" } }),
    );
    expect(body.query).not.toMatch(/date_trunc/i);
    expect(body.data.map((r: Json) => r.gender).sort()).toEqual(["boy", "girl"]);
  });

  it("still truncates a temporal x-axis (ds) to the grain", async () => {
    const body = await exploreJson(formData({ x_axis: "ds", time_grain_sqla: "P1Y", row_limit: 1000 }));
    const expected = await raw(`SELECT COUNT(DISTINCT date_trunc('year', ds)) AS n FROM birth_names`);
    expect(body.query).toMatch(/date_trunc/i);
    expect(body.data).toHaveLength(Number(expected[0].n));
  });
});

describe("chart data: a BASE_AXIS column's grain applies to a temporal column only", () => {
  it("a string x-axis with a grain (as Superset's clients send it) is grouped by its values", async () => {
    const item = await countBy("gender", "P1D", 10);
    expect(item.query).not.toMatch(/date_trunc/i);
    expect(item.colnames).toEqual(["gender", "count"]);
    expect(item.data.map((r: Json) => r.gender).sort()).toEqual(["boy", "girl"]);
  });

  it("with series columns, grouped by the plain values of both", async () => {
    const item = await countBy("state", "P1M", 1000, {
      columns: [axis("state", "P1M"), "gender"],
      series_columns: ["gender"],
    });
    expect(item.query).not.toMatch(/date_trunc/i);
    const expected = await raw(`SELECT COUNT(*) AS n FROM (SELECT DISTINCT state, gender FROM birth_names)`);
    expect(item.rowcount).toBe(Number(expected[0].n));
  });

  it("a temporal x-axis is still truncated", async () => {
    await expectYears(await countBy("ds", "P1Y", 1000));
  });
});

describe("chart data: a custom-SQL x-axis is truncated to its grain if the database says it is a time", () => {
  it("text from custom SQL (UPPER(gender)) with a day grain is grouped by its values", async () => {
    // Before, `date_trunc('day', UPPER(gender))` failed the chart in the database.
    const item = await countBy("UPPER(gender)", "P1D", 10);
    expect(item.query).not.toMatch(/date_trunc/i);
    expect(item.data.map((r: Json) => r["UPPER(gender)"]).sort()).toEqual(["BOY", "GIRL"]);
  });

  it("a date from custom SQL (CAST(ds AS DATE)) is truncated to the year", async () => {
    await expectYears(await countBy("CAST(ds AS DATE)", "P1Y", 1000));
  });

  it("explore_json with such an axis answers too", async () => {
    const body = await exploreJson({
      datasource: `${birth}__table`,
      viz_type: "echarts_timeseries_bar",
      x_axis: { label: "initial", sqlExpression: "LEFT(name, 1)", expressionType: "SQL" },
      time_grain_sqla: "P1M",
      time_range: "No filter",
      metrics: [COUNT],
      row_limit: 100,
    });
    expect(body.query).not.toMatch(/date_trunc/i);
    const expected = await raw(`SELECT COUNT(DISTINCT LEFT(name, 1)) AS n FROM birth_names`);
    expect(body.data).toHaveLength(Number(expected[0].n));
  });
});

describe("explore_json: the time range filters a temporal x-axis only", () => {
  const formData = (over: Json) => ({
    datasource: `${birth}__table`,
    viz_type: "echarts_timeseries_bar",
    metrics: [COUNT],
    row_limit: 100,
    ...over,
  });

  it("a string x-axis ignores the time range instead of comparing genders with dates", async () => {
    // Before, `gender >= '1965-…' AND gender < '1966-…'` answered no rows at all.
    const body = await exploreJson(formData({ x_axis: "gender", time_range: "1965-01-01 : 1966-01-01" }));
    expect(body.query).not.toMatch(/1965/);
    expect(body.data.map((r: Json) => r.gender).sort()).toEqual(["boy", "girl"]);
  });

  it("a temporal x-axis is filtered by it", async () => {
    const body = await exploreJson(
      formData({ x_axis: "ds", time_grain_sqla: "P1Y", time_range: "1965-01-01 : 1967-01-01" }),
    );
    const expected = await raw(
      `SELECT date_trunc('year', ds) AS ds, COUNT(*) AS count FROM birth_names WHERE ds >= TIMESTAMP '1965-01-01' AND ds < TIMESTAMP '1967-01-01' GROUP BY 1`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(body.data).toHaveLength(expected.length);
    expect(body.data.reduce((n: number, r: Json) => n + r.count, 0)).toBe(
      expected.reduce((n, r) => n + Number(r.count), 0),
    );
  });
});

describe("explore_json as an embedded guest: the same reply as the chart's owner gets", () => {
  it("a string x-axis ignores the time range for a guest too", async () => {
    // The column types come from the chart's dataset, which the guest reads as part of its
    // dashboard: without them the x-axis would be taken as a time column and compared with dates.
    const params = {
      datasource: `${birth}__table`,
      viz_type: "echarts_timeseries_bar",
      x_axis: "gender",
      time_range: "1965-01-01 : 1966-01-01",
      metrics: [COUNT],
      row_limit: 100,
    };
    const { chartId, guest } = await guestWithChart(s, admin, "Embedded bars by gender", {
      name: "Bars by gender",
      datasetId: birth,
      vizType: "echarts_timeseries_bar",
      params,
    });
    const formData = { ...params, slice_id: chartId };
    const owner = await exploreJson(formData);
    const res = await exploreJsonAsGuest(s, guest, formData);
    const body = await json(res);
    expect(res.status, JSON.stringify(body).slice(0, 600)).toBe(200);
    const expected = await raw(`SELECT gender, COUNT(*) AS count FROM birth_names GROUP BY 1`);
    const sorted = (rows: Json[]) => [...rows].sort((a, b) => (a.gender < b.gender ? -1 : 1));
    expect(sorted(body.data)).toEqual(expected.map((r) => ({ gender: r.gender, count: Number(r.count) })));
    expect(sorted(body.data)).toEqual(sorted(owner.data));
  });
});
