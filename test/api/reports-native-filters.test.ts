import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RenderJob } from "@strata/core";
import { recordingRenderer } from "../support/recording-renderer.ts";
import { reportSession } from "../support/report-fixtures.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

/**
 * The browser is the one thing replaced here (see recording-renderer.ts): the test reads what
 * the picture would show from the document the renderer was handed.
 */
const { renderer: recorder, jobs } = recordingRenderer();

let s: TestServer;
let api: Awaited<ReturnType<typeof reportSession>>;
let dataset: number;
let dashboard: number;
let byGender: number;
let total: number;

const TIME_RANGE = "1990-01-01 : 2000-01-01";
const CUSTOM_SQL = "state = 'CA'";

/** The same query through `POST /api/v1/chart/data`: what the dashboard page gets on screen. */
async function chartData(query: Json): Promise<unknown[]> {
  const res = await s.call("POST", "/api/v1/chart/data", {
    token: api.admin,
    body: {
      datasource: { id: dataset, type: "table" },
      queries: [query],
      result_format: "json",
      result_type: "full",
    },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).result[0].data;
}

const dataOf = (job: RenderJob, chartId: number) =>
  (job.charts.find((c) => c.id === chartId)!.queriesData[0] as { data: unknown[] }).data;

beforeAll(async () => {
  s = await startTestServer({
    examples: ["birth_names"],
    reports: {
      mailFrom: "reports@strata.test",
      baseUrl: "https://bi.example.com",
      webhookAllowPrivate: false,
    },
    reportRenderer: recorder,
  });
  api = await reportSession(s);
  dataset = (await json(await s.call("GET", "/api/v1/dataset/", { token: api.admin }))).ids[0];
  dashboard = await api.post("/api/v1/dashboard/", { dashboard_title: "Filtered births" });
  byGender = await api.chart("Births by gender", "table", [dashboard]);
  total = await api.chart("All births", "big_number_total", [dashboard]);
  const layout = {
    ROOT_ID: { id: "ROOT_ID", type: "ROOT", children: ["GRID_ID"] },
    GRID_ID: { id: "GRID_ID", type: "GRID", children: ["ROW-1"] },
    "ROW-1": { id: "ROW-1", type: "ROW", children: ["CHART-a", "CHART-b"] },
    "CHART-a": {
      id: "CHART-a",
      type: "CHART",
      children: [],
      meta: { chartId: byGender, width: 6, height: 50 },
    },
    "CHART-b": { id: "CHART-b", type: "CHART", children: [], meta: { chartId: total, width: 6, height: 50 } },
  };
  const target = (column: string) => [{ datasetId: dataset, column: { name: column } }];
  const metadata = {
    native_filter_configuration: [
      {
        id: "NATIVE_FILTER-time",
        type: "NATIVE_FILTER",
        filterType: "filter_time",
        name: "Period",
        targets: [{}],
        scope: { rootPath: ["ROOT_ID"], excluded: [] },
        defaultDataMask: { extraFormData: { time_range: TIME_RANGE }, filterState: { value: TIME_RANGE } },
      },
      {
        id: "NATIVE_FILTER-gender",
        type: "NATIVE_FILTER",
        filterType: "filter_select",
        name: "Gender",
        targets: target("gender"),
        // Only the table: the big number keeps both genders.
        scope: { rootPath: ["ROOT_ID"], excluded: [total] },
        defaultDataMask: {
          extraFormData: { filters: [{ col: "gender", op: "IN", val: ["girl"] }] },
          filterState: { value: ["girl"] },
        },
      },
      {
        id: "NATIVE_FILTER-state",
        type: "NATIVE_FILTER",
        filterType: "filter_select",
        name: "State",
        targets: target("state"),
        scope: { rootPath: ["ROOT_ID"], excluded: [] },
        defaultDataMask: { extraFormData: {}, filterState: {} },
      },
    ],
  };
  const put = await s.call("PUT", `/api/v1/dashboard/${dashboard}`, {
    token: api.admin,
    body: { position_json: JSON.stringify(layout), json_metadata: JSON.stringify(metadata) },
  });
  expect(put.status, await put.clone().text()).toBe(200);
}, 120_000);
afterAll(() => s?.close());

describe("a dashboard report applies the dashboard's native filter state", () => {
  it("applies the default time range and value filter to the charts in their scope", async () => {
    const { id } = await api.schedule({ name: "Filtered births PNG", dashboard, report_format: "PNG" });
    expect(await api.settled(id)).toMatchObject({ state: "Success" });
    const job = jobs.find((j) => j.title === "Filtered births")!;
    const range = { col: "ds", op: "TEMPORAL_RANGE", val: TIME_RANGE };
    const girls = { col: "gender", op: "IN", val: ["girl"] };
    const expectedTable = await chartData({
      columns: ["gender"],
      metrics: ["count"],
      row_limit: 100,
      filters: [range, girls],
    });
    const expectedTotal = await chartData({ metrics: ["count"], filters: [range] });
    expect(dataOf(job, byGender)).toEqual(expectedTable);
    expect(dataOf(job, total)).toEqual(expectedTotal);
    // The filters narrowed the data: one gender, and fewer births than the whole table holds.
    expect(expectedTable).toHaveLength(1);
    const everything = (await chartData({ metrics: ["count"] }))[0] as Json;
    expect((expectedTotal[0] as Json).count).toBeGreaterThan(0);
    expect((expectedTotal[0] as Json).count).toBeLessThan(everything.count);
  });

  it("applies the report's saved state over the defaults: another range, a custom SQL filter, another value", async () => {
    jobs.length = 0;
    const { id } = await api.schedule({
      name: "Saved state PDF",
      dashboard,
      report_format: "PDF",
      extra: {
        dashboard: {
          // Superset 4.1's saved list, and a data mask carrying custom SQL.
          nativeFilters: [
            {
              nativeFilterId: "NATIVE_FILTER-time",
              filterType: "filter_time",
              filterValues: ["2000-01-01 : 2005-01-01"],
            },
            {
              nativeFilterId: "NATIVE_FILTER-gender",
              filterType: "filter_select",
              columnName: "gender",
              filterValues: ["boy"],
            },
          ],
          dataMask: {
            "NATIVE_FILTER-state": {
              extraFormData: {
                adhoc_filters: [{ expressionType: "SQL", clause: "WHERE", sqlExpression: CUSTOM_SQL }],
              },
            },
          },
        },
      },
    });
    expect(await api.settled(id)).toMatchObject({ state: "Success" });
    const [job] = jobs;
    const range = { col: "ds", op: "TEMPORAL_RANGE", val: "2000-01-01 : 2005-01-01" };
    const expectedTable = await chartData({
      columns: ["gender"],
      metrics: ["count"],
      row_limit: 100,
      filters: [range, { col: "gender", op: "IN", val: ["boy"] }],
      extras: { where: CUSTOM_SQL },
    });
    const expectedTotal = await chartData({
      metrics: ["count"],
      filters: [range],
      extras: { where: CUSTOM_SQL },
    });
    expect(dataOf(job, byGender)).toEqual(expectedTable);
    expect(dataOf(job, total)).toEqual(expectedTotal);
    const withoutSql = (await chartData({ metrics: ["count"], filters: [range] }))[0] as Json;
    expect((expectedTotal[0] as Json).count).toBeGreaterThan(0);
    expect((expectedTotal[0] as Json).count).toBeLessThan(withoutSql.count);
  });

  it("ends the run Error, naming the chart, when saved custom SQL is not one expression", async () => {
    const { id } = await api.schedule({
      name: "Bad SQL state",
      dashboard,
      report_format: "PNG",
      extra: {
        dashboard: {
          dataMask: {
            "NATIVE_FILTER-state": {
              extraFormData: { extras: { where: "1 = 1) OR (SELECT 1" } },
            },
          },
        },
      },
    });
    const log = await api.settled(id);
    expect(log.state).toBe("Error");
    expect(log.error_message).toMatch(/Chart "(Births by gender|All births)" could not get its data/);
  });
});
