import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

type Json = Record<string, any>;
let s: TestServer;
let admin: string;
let birth: number;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = (await (await s.call("GET", "/api/v1/dataset/", { token: admin })).json()).ids[0];
});
afterAll(() => s.close());

/** A time-series chart's query: SUM(num) per year, pivoted on time, a 3-year rolling mean. */
const timeSeriesQuery = {
  columns: [{ label: "ds", sqlExpression: "ds", columnType: "BASE_AXIS", timeGrain: "P1Y" }],
  metrics: [
    { expressionType: "SIMPLE", column: { column_name: "num" }, aggregate: "SUM", label: "SUM(num)" },
  ],
  filters: [{ col: "state", op: "==", val: "CA" }],
  time_range: "No filter",
  row_limit: 1000,
  post_processing: [
    {
      operation: "pivot",
      options: { index: ["ds"], columns: [], aggregates: { "SUM(num)": { operator: "mean" } } },
    },
    {
      operation: "rolling",
      options: { rolling_type: "mean", window: 3, min_periods: 1, columns: { "SUM(num)": "SUM(num)" } },
    },
    { operation: "flatten" },
  ],
};

const chartData = (result_type: string, extra: Json = {}) =>
  s.call("POST", "/api/v1/chart/data", {
    token: admin,
    body: {
      datasource: { id: birth, type: "table" },
      queries: [{ ...timeSeriesQuery, ...extra }],
      result_format: "json",
      result_type,
    },
  });

describe("samples of a chart with post-processing", () => {
  it("the chart itself runs its post-processing", async () => {
    const res = await chartData("full");
    const body = (await res.json()) as Json;
    expect(res.status, JSON.stringify(body).slice(0, 400)).toBe(200);
    expect(body.result[0].colnames).toEqual(["ds", "SUM(num)"]);
  });

  it("its samples are the dataset's rows: post-processing, time comparison and annotations are not applied", async () => {
    const res = await chartData("samples", {
      time_offsets: ["1 year ago"],
      annotation_layers: [{ name: "events", sourceType: "NATIVE", value: 999, show: true }],
    });
    const body = (await res.json()) as Json;
    expect(res.status, JSON.stringify(body).slice(0, 400)).toBe(200);
    const item = body.result[0];
    expect(item.colnames).toEqual(expect.arrayContaining(["name", "gender", "num", "state", "ds"]));
    expect(item.colnames.some((c: string) => c.includes("SUM(num)") || c.includes("1 year ago"))).toBe(false);
    expect(item.data.length).toBeGreaterThan(0);
    // The chart's filters still apply to its samples.
    expect(item.data.every((r: Json) => r.state === "CA")).toBe(true);
  });

  it("drill to detail drops the chart's shaping the same way", async () => {
    const res = await chartData("drill_detail");
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).result[0].colnames).toContain("name");
  });
});
