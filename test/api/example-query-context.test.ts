import { buildChartDataRequest, type ChartDataset, type FormData } from "@strata/contracts/chart-query";
import {
  CHART,
  type ChartData,
  type ChartEntity,
  type RenderJob,
  registerExampleDashboards,
} from "@strata/core";
import { queryObjectFromFormData } from "@strata/query";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordingRenderer } from "../support/recording-renderer.ts";
import { reportSession } from "../support/report-fixtures.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

/**
 * The example charts' saved query_context is what Explore would save for their form data (the
 * SPA's own builder, shared through contracts), and pictures drawn on the server (reports,
 * "Download as image / PDF") ask the query the page asks, whatever the saved one says. Before,
 * the examples saved a generic query (no pivot, ordered by the metric) and the line chart came
 * out as zig-zags in every download and report.
 */

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

const { renderer: recorder, jobs } = recordingRenderer();
let s: TestServer;
let api: Awaited<ReturnType<typeof reportSession>>;
let dashboard: number;
/** The example charts by name, as the API shows them. */
const charts = new Map<string, Json>();
let dataset: ChartDataset;

const LINE = "Babies over time";

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
  const dash = await json(await s.call("GET", "/api/v1/dashboard/births", { token: api.admin }));
  dashboard = dash.result.id;
  const listed = await json(
    await s.call("GET", `/api/v1/dashboard/${dashboard}/charts`, { token: api.admin }),
  );
  for (const { id } of listed.result as Json[]) {
    const chart = (await json(await s.call("GET", `/api/v1/chart/${id}`, { token: api.admin }))).result;
    charts.set(chart.slice_name, chart);
  }
  const datasetId = charts.get(LINE)!.datasource_id;
  const ds = (await json(await s.call("GET", `/api/v1/dataset/${datasetId}`, { token: api.admin }))).result;
  // What Explore hands the builder: the dataset's columns, metrics and main time column.
  dataset = {
    id: ds.id,
    type: "table",
    table_name: ds.table_name,
    columns: ds.columns,
    metrics: ds.metrics,
    main_dttm_col: ds.main_dttm_col,
  };
}, 120_000);
afterAll(() => s?.close());

/** `POST /api/v1/chart/data` with a request as given, as the report render sends a saved one. */
async function chartData(request: Json): Promise<Json[]> {
  const res = await s.call("POST", "/api/v1/chart/data", { token: api.admin, body: request });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).result;
}

/** What Explore's save stores as query_context for these params (the SPA's save modal). */
const spaSaved = (params: string) =>
  JSON.parse(JSON.stringify(buildChartDataRequest(JSON.parse(params) as FormData, { dataset })));

/** The query context versions before this fix saved with the examples: one generic query. */
function legacyQueryContext(chart: { params: string | null; datasource_id: number }) {
  const formData = JSON.parse(chart.params ?? "{}");
  return JSON.stringify({
    datasource: { id: chart.datasource_id, type: "table" },
    queries: [queryObjectFromFormData(formData)],
    form_data: formData,
    result_format: "json",
    result_type: "full",
  });
}

/** The line chart's rows: one per year in time order, one column per gender (the pivot's shape). */
function expectTimeOrderedPivot(rows: Json[]) {
  expect(rows.length).toBeGreaterThan(10);
  const xs = rows.map((r) => (typeof r.ds === "number" ? r.ds : Date.parse(String(r.ds))));
  expect(xs.every(Number.isFinite), String(rows[0].ds)).toBe(true);
  for (let i = 1; i < xs.length; i++) expect(xs[i], `row ${i}`).toBeGreaterThan(xs[i - 1]);
  for (const row of rows) expect(Object.keys(row).sort()).toEqual(["boy", "ds", "girl"]);
}

const meta = () => s.runtime.core.deps.meta;
const stored = async (id: number) => (await meta().get<ChartData>(CHART, id)) as ChartEntity;

describe("example charts' saved query_context", () => {
  it("is what Explore would save for each example's form data, for every example visualisation", () => {
    expect([...charts.values()].map((c) => c.viz_type).sort()).toEqual([
      "big_number_total",
      "echarts_timeseries_bar",
      "echarts_timeseries_line",
      "pie",
      "table",
    ]);
    for (const [name, chart] of charts) {
      expect(JSON.parse(chart.query_context), name).toEqual(spaSaved(chart.params));
    }
    // The line chart's query is the page's: a year grain on the time axis, pivoted by gender.
    const [line] = JSON.parse(charts.get(LINE)!.query_context).queries;
    expect(line.columns[0]).toMatchObject({ columnType: "BASE_AXIS", sqlExpression: "ds", timeGrain: "P1Y" });
    expect(line.post_processing.map((p: Json) => p.operation)).toEqual(["pivot", "rename", "flatten"]);
  });

  it("brings the line chart's data back in time order and pivoted, as the page gets it", async () => {
    const saved = JSON.parse(charts.get(LINE)!.query_context);
    const [result] = await chartData(saved);
    expect(result.colnames).toEqual(["ds", "boy", "girl"]);
    expectTimeOrderedPivot(result.data);
    // The same rows the SPA's own request for the chart's form data gets on the live page.
    const [page] = await chartData(spaSaved(charts.get(LINE)!.params));
    expect(result.data).toEqual(page.data);
  });

  it("is rebuilt at start for untouched examples of an older version, never for a user's edit", async () => {
    const line = await stored(charts.get(LINE)!.id);
    const pie = await stored(charts.get("Babies by gender")!.id);
    const table = await stored(charts.get("Popular names")!.id);
    const bar = await stored(charts.get("Top states")!.id);
    // An older data directory: the generic query context, as those versions wrote it at creation.
    const legacy = legacyQueryContext(line);
    await meta().update<ChartData>(CHART, line, { query_context: legacy }, null, { keepChanged: true });
    // Its rows were the defect: ordered by the metric, not by time, and not pivoted.
    const [old] = await chartData(JSON.parse(legacy));
    expect(old.data.map((r: Json) => r.ds)).not.toEqual(old.data.map((r: Json) => r.ds).sort());
    // An example someone changed since (not its form data nor its query): still the generic query.
    await meta().update<ChartData>(CHART, pie, { query_context: legacyQueryContext(pie) }, 1);
    // A user's own query context on an example, and a user's edit of an example's form data.
    const own = JSON.stringify({ ...JSON.parse(table.query_context!), result_type: "full", force: true });
    expect(
      (await s.call("PUT", `/api/v1/chart/${table.id}`, { token: api.admin, body: { query_context: own } }))
        .status,
    ).toBe(200);
    const editedParams = JSON.stringify({ ...JSON.parse(bar.params!), row_limit: 5 });
    const editedContext = legacyQueryContext({ ...bar, params: editedParams });
    expect(
      (
        await s.call("PUT", `/api/v1/chart/${bar.id}`, {
          token: api.admin,
          body: { params: editedParams, query_context: editedContext },
        })
      ).status,
    ).toBe(200);

    const lines: string[] = [];
    await registerExampleDashboards(s.runtime.core, (l) => lines.push(l));
    expect(lines).toEqual(["Rebuilt the query of 2 example chart(s) as Explore saves it."]);

    const lineNow = await stored(line.id);
    expect(JSON.parse(lineNow.query_context!)).toEqual(spaSaved(lineNow.params!));
    // Bookkeeping, not an edit: the chart still looks untouched.
    expect(lineNow.changed_on).toBe(line.changed_on);
    const pieNow = await stored(pie.id);
    expect(JSON.parse(pieNow.query_context!)).toEqual(spaSaved(pieNow.params!));
    expect((await stored(table.id)).query_context).toBe(own);
    expect((await stored(bar.id)).query_context).toBe(editedContext);
    const [result] = await chartData(JSON.parse(lineNow.query_context!));
    expectTimeOrderedPivot(result.data);

    // Nothing left to do at the next start.
    lines.length = 0;
    await registerExampleDashboards(s.runtime.core, (l) => lines.push(l));
    expect(lines).toEqual([]);
  });
});

describe("server-side pictures ask the query the page asks", () => {
  /** A line chart whose saved query context is the old generic one: the data its picture gets. */
  async function staleLineChart(): Promise<number> {
    const line = charts.get(LINE)!;
    return api.post("/api/v1/chart/", {
      slice_name: "Stale line",
      viz_type: line.viz_type,
      datasource_id: line.datasource_id,
      datasource_type: "table",
      params: line.params,
      query_context: legacyQueryContext({ params: line.params, datasource_id: line.datasource_id }),
    });
  }

  const lineOf = (job: RenderJob, title: string) =>
    (job.charts.find((c) => c.title === title)!.queriesData[0] as { data: Json[] }).data;

  it("draws the example dashboard's line chart in time order (Download as image / PDF)", async () => {
    jobs.length = 0;
    const started = await s.call("POST", `/api/v1/dashboard/${dashboard}/cache_dashboard_screenshot/`, {
      token: api.admin,
      body: { download_format: "png" },
    });
    expect(started.status, await started.clone().text()).toBe(202);
    const key = (await json(started)).cache_key;
    await expect
      .poll(
        async () =>
          (
            await s.call("GET", `/api/v1/dashboard/${dashboard}/screenshot/${key}/?download_format=png`, {
              token: api.admin,
            })
          ).status,
        { timeout: 90_000, interval: 250 },
      )
      .toBe(200);
    expectTimeOrderedPivot(lineOf(jobs.at(-1)!, LINE));
  });

  it("draws a chart report from the page's query even when its saved one is stale", async () => {
    const id = await staleLineChart();
    jobs.length = 0;
    const report = await api.schedule({ name: "Stale line PNG", chart: id, report_format: "PNG" });
    expect(await api.settled(report.id)).toMatchObject({ state: "Success" });
    expectTimeOrderedPivot(lineOf(jobs.at(-1)!, "Stale line"));
  });
});
