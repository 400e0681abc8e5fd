import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildChartDataRequest } from "@strata/contracts/chart-query";
import type { ChartDataset } from "../../web/src/components/charts/types.ts";
import { datasetDetail, datasetId } from "../support/dashboard-fixtures.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

type Json = Record<string, any>;
let s: TestServer;
let admin: string;
let birth: number;
let dataset: ChartDataset;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = await datasetId(s, admin, "birth_names");
  dataset = (await datasetDetail(s, admin, birth)) as ChartDataset;
});
afterAll(() => s.close());

const sumNum = {
  expressionType: "SIMPLE",
  column: { column_name: "num" },
  aggregate: "SUM",
  label: "SUM(num)",
} as const;

/** A bar chart's query over `name`: the top 10 names by SUM(num), as Superset's client sends it. */
const barQuery = (post: Json[]) => ({
  columns: [{ label: "name", sqlExpression: "name", columnType: "BASE_AXIS", expressionType: "SQL" }],
  metrics: [sumNum],
  orderby: [[sumNum, false]],
  time_range: "No filter",
  row_limit: 10,
  post_processing: [
    {
      operation: "pivot",
      options: { index: ["name"], columns: [], aggregates: { "SUM(num)": { operator: "mean" } } },
    },
    ...post,
    { operation: "flatten" },
  ],
});

async function rows(body: Json): Promise<Json[]> {
  const res = await s.call("POST", "/api/v1/chart/data", { token: admin, body });
  const json = (await res.json()) as Json;
  expect(res.status, JSON.stringify(json).slice(0, 400)).toBe(200);
  return json.result[0].data;
}
const request = (query: Json) => ({
  datasource: { id: birth, type: "table" },
  queries: [query],
  result_format: "json",
  result_type: "full",
});

describe("x-axis sort step after the pivot", () => {
  it("returns the rows in metric-descending order with Superset's sort step", async () => {
    const sorted = await rows(
      request(barQuery([{ operation: "sort", options: { by: "SUM(num)", ascending: false } }])),
    );
    expect(sorted).toHaveLength(10);
    const values = sorted.map((r) => r["SUM(num)"] as number);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    // The same ten names as the SQL ranked them; the pivot alone would order them by name.
    const pivotOnly = await rows(request(barQuery([])));
    const names = pivotOnly.map((r) => r.name as string);
    expect(names).toEqual([...names].sort());
    expect(new Set(sorted.map((r) => r.name))).toEqual(new Set(names));
    expect(sorted.map((r) => r.name)).not.toEqual(names);
    // By the axis labels, descending (is_sort_index).
    const byName = await rows(
      request(barQuery([{ operation: "sort", options: { is_sort_index: true, ascending: false } }])),
    );
    expect(byName.map((r) => r.name)).toEqual([...names].reverse());
  });

  it("a new bar chart built by the SPA (no x_axis_sort) draws its rows in the query's metric order", async () => {
    const body = buildChartDataRequest(
      {
        datasource: `${birth}__table`,
        viz_type: "echarts_timeseries_bar",
        x_axis: "name",
        metrics: [sumNum],
        row_limit: 10,
        order_desc: true,
        time_range: "No filter",
        adhoc_filters: [],
      },
      { dataset },
    );
    const data = await rows(body);
    const values = data.map((r) => r["SUM(num)"] as number);
    expect(data).toHaveLength(10);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(values[0]).toBeGreaterThan(values[9]);
  });

  it("refuses a sort by a column the frame does not have with 400, not a 500", async () => {
    const res = await s.call("POST", "/api/v1/chart/data", {
      token: admin,
      body: request(barQuery([{ operation: "sort", options: { by: "nope", ascending: false } }])),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(((await res.json()) as Json).message ?? "").toBeTruthy();
  });
});
