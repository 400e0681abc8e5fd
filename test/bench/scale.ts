import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { oneRowLayout } from "../support/dashboard-fixtures.ts";
import { recordResults } from "./results.ts";
import { logInHeaders, startServer } from "./server-process.ts";

/**
 * `npm run bench:scale`: does opening one dashboard or one chart cost more when the installation
 * holds many other objects? The real server (its own process) answers a dashboard's metadata
 * (detail, charts, datasets, as its page asks for them) and a chart's detail, first with only
 * that dashboard stored, then after adding other datasets (30 columns each), charts and
 * dashboards placing them. Each request comes after the server's short-lived metadata copies have
 * lapsed (just over a second apart), as for a user opening a page. Reported: many ÷ few, where
 * 1 means the page's cost does not grow with the installation; and the time of the chart,
 * dashboard and dataset list pages, which build their rows from every object of their type (read
 * whole from the store again only after a write of it, so the first read after the seeding is
 * reported too).
 */
const DATASETS = Number(process.env.BENCH_SCALE_DATASETS ?? 300);
const CHARTS = Number(process.env.BENCH_SCALE_CHARTS ?? 1500);
const DASHBOARDS = Number(process.env.BENCH_SCALE_DASHBOARDS ?? 200);
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 7);
/** Unmeasured rounds before each measurement. */
const WARM_ROUNDS = 300;
/** How many seeding requests are in flight at once. */
const PARALLEL = 8;
/** Past the server's metadata copies (kept at most a second). */
const LAPSE_MS = 1100;

const CHART_LIST = "/api/v1/chart/";
const DASHBOARD_LIST = "/api/v1/dashboard/";
const DATASET_LIST = "/api/v1/dataset/";
const LIST_PAGES = [CHART_LIST, DASHBOARD_LIST, DATASET_LIST];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Form data of a typical size (a few KB with its controls). */
const params = (datasetId: number) =>
  JSON.stringify({
    datasource: `${datasetId}__table`,
    viz_type: "table",
    metrics: ["count"],
    groupby: ["column_number_1"],
    adhoc_filters: [],
    row_limit: 10000,
    color_scheme: "supersetColors",
    description_of_the_controls: "x".repeat(1500),
  });
async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "strata-bench-scale-"));
  const server = await startServer(dataDir);
  const { url } = server;
  try {
    const auth = await logInHeaders(url);
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: auth,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status >= 300)
        throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
      return JSON.parse(text) as { id: number };
    };
    const inParallel = async (n: number, make: (i: number) => Promise<unknown>) => {
      for (let i = 0; i < n; i += PARALLEL)
        await Promise.all(Array.from({ length: Math.min(PARALLEL, n - i) }, (_, k) => make(i + k)));
    };
    const db = (
      await call("POST", "/api/v1/database/", {
        database_name: "bench",
        engine: "duckdb",
        parameters: { path: "bench.duckdb" },
      })
    ).id;
    const columns = Array.from({ length: 30 }, (_, k) => `${k} AS column_number_${k}`).join(", ");
    const dataset = async (name: string) =>
      (await call("POST", "/api/v1/dataset/", { database: db, table_name: name, sql: `SELECT ${columns}` }))
        .id;
    const chart = async (name: string, datasetId: number) =>
      (
        await call("POST", "/api/v1/chart/", {
          slice_name: name,
          viz_type: "table",
          datasource_id: datasetId,
          datasource_type: "table",
          params: params(datasetId),
        })
      ).id;
    const dashboard = async (title: string, chartIds: number[]) => {
      const { id } = await call("POST", "/api/v1/dashboard/", { dashboard_title: title });
      await call("PUT", `/api/v1/dashboard/${id}`, { position_json: oneRowLayout(chartIds) });
      return id;
    };

    // The dashboard measured: 10 charts on one dataset.
    const ownDataset = await dataset("measured");
    const own: number[] = [];
    for (let i = 0; i < 10; i++) own.push(await chart(`measured ${i}`, ownDataset));
    const measured = await dashboard("Measured", own);

    const measure = async () => {
      const open: number[] = [];
      const detail: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        await pause(LAPSE_MS);
        let t = performance.now();
        await Promise.all([
          call("GET", `/api/v1/dashboard/${measured}`),
          call("GET", `/api/v1/dashboard/${measured}/charts`),
          call("GET", `/api/v1/dashboard/${measured}/datasets`),
        ]);
        open.push(performance.now() - t);
        await pause(LAPSE_MS);
        t = performance.now();
        await call("GET", `/api/v1/chart/${own[0]}`);
        detail.push(performance.now() - t);
      }
      // The list pages build rows from every object of their type: they grow with the installation by
      // nature, so what is reported is their time, each past the metadata copies.
      const lists = new Map<string, number[]>(LIST_PAGES.map((page) => [page, []]));
      for (let i = 0; i < ROUNDS; i++)
        for (const page of LIST_PAGES) {
          await pause(LAPSE_MS);
          const t = performance.now();
          await call("GET", page);
          lists.get(page)?.push(performance.now() - t);
        }
      const listMs = (page: string) => median(lists.get(page) ?? []);
      const firstMs = (page: string) => lists.get(page)?.[0] ?? Number.NaN;
      return {
        open: median(open),
        detail: median(detail),
        chartList: listMs(CHART_LIST),
        dashboardList: listMs(DASHBOARD_LIST),
        datasetList: listMs(DATASET_LIST),
        firstChartList: firstMs(CHART_LIST),
        firstDashboardList: firstMs(DASHBOARD_LIST),
        firstDatasetList: firstMs(DATASET_LIST),
      };
    };
    // Unmeasured first, back to back: a fresh server's first requests also compile their code
    // paths, which the seeding below would otherwise do for the second measurement only.
    const warm = async () => {
      for (let i = 0; i < WARM_ROUNDS; i++)
        await Promise.all([
          call("GET", `/api/v1/dashboard/${measured}`),
          call("GET", `/api/v1/dashboard/${measured}/charts`),
          call("GET", `/api/v1/dashboard/${measured}/datasets`),
          call("GET", `/api/v1/chart/${own[0]}`),
        ]);
    };
    await warm();
    const few = await measure();

    const started = performance.now();
    const datasets: number[] = [];
    await inParallel(DATASETS, async (i) => datasets.push(await dataset(`other_${i}`)));
    const charts: number[] = [];
    await inParallel(CHARTS, async (i) =>
      charts.push(await chart(`other ${i}`, datasets[i % datasets.length])),
    );
    await inParallel(DASHBOARDS, (i) =>
      dashboard(
        `Other ${i}`,
        Array.from({ length: 10 }, (_, k) => charts[(i * 10 + k) % charts.length]),
      ),
    );
    const seededS = (performance.now() - started) / 1000;
    await warm();
    const many = await measure();

    console.log(
      `Strata scale bench: one dashboard (10 charts) alone, then beside ${DATASETS} datasets of 30 columns, ${CHARTS} charts and ${DASHBOARDS} dashboards (added in ${seededS.toFixed(0)} s); medians of ${ROUNDS}, each request past the server's metadata copies`,
    );
    console.log(
      `  dashboard metadata (detail + charts + datasets): ${few.open.toFixed(1)} ms alone, ${many.open.toFixed(1)} ms beside the rest = ${(many.open / few.open).toFixed(2)}×`,
    );
    console.log(
      `  chart detail:                                   ${few.detail.toFixed(1)} ms alone, ${many.detail.toFixed(1)} ms beside the rest = ${(many.detail / few.detail).toFixed(2)}×`,
    );
    for (const [name, alone, beside, first] of [
      ["chart list (first page)", few.chartList, many.chartList, many.firstChartList],
      ["dashboard list", few.dashboardList, many.dashboardList, many.firstDashboardList],
      ["dataset list", few.datasetList, many.datasetList, many.firstDatasetList],
    ] as const)
      console.log(
        `  ${`${name}:`.padEnd(48)}${alone.toFixed(1)} ms alone, ${beside.toFixed(1)} ms beside the rest (${first.toFixed(0)} ms read whole, first after the writes)`,
      );
    recordResults({
      scale_dashboard_open_ratio: many.open / few.open,
      scale_chart_detail_ratio: many.detail / few.detail,
      scale_chart_list_ms: many.chartList,
      scale_dashboard_list_ms: many.dashboardList,
      scale_dataset_list_ms: many.datasetList,
    });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
