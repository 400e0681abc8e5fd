import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, datasetIdOf, dt, type E2E, logIn, startE2E } from "./browser.ts";

/**
 * The tables and "other" visualisations (time_table, ag-grid-table, word_cloud, cal_heatmap,
 * partition, parallel_coordinates, rose, chord, horizon, paired_ttest, handlebars): each saved
 * through the API with the form data Superset writes, opened in Explore and on a dashboard, and
 * drawn with as many marks (words, cells, arcs, ribbons, rows…) as its chart-data reply calls for.
 */

type Row = Record<string, unknown>;
interface Spec {
  viz: string;
  dataset: "birth_names" | "energy_usage" | "random_time_series";
  params: Record<string, unknown>;
  /** What the chart draws, counted in the chart's box, against what its rows call for. */
  marks: (box: Locator, rows: Row[]) => Promise<void>;
}

let e: E2E;
/** Each chart's rows as Explore received them (the marks are counted against them). */
const exploreRows = new Map<string, Row[]>();
let dashboardId = 0;
const ids = new Map<string, number>();
const datasets = new Map<string, number>();

const api = <T>(method: string, path: string, body?: unknown) => apiCall<T>(e, method, path, body);
const distinct = (rows: Row[], key: string) => new Set(rows.map((r) => String(r[key]))).size;
const count = (box: Locator, selector: string) => box.locator(selector).count();
/** Waits for the count to settle on the expected value (charts lay out asynchronously). */
const expectCount = (box: Locator, selector: string, expected: number) =>
  expect.poll(() => count(box, selector), { timeout: 20_000 }).toBe(expected);
const plotData = <T>(box: Locator, read: (gd: { _fullData: Record<string, unknown>[] }) => T) =>
  box.locator(".js-plotly-plot").evaluate(read as unknown as (el: Element) => T);

const XSS_TEMPLATE =
  `<ul class="names">{{#each data}}<li class="nm">{{name}}</li>{{/each}}</ul>` +
  `<img class="evil" src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script>` +
  `<a class="link" href="javascript:window.__xss = 3">link</a>{{{data.0.name}}}`;

const SPECS: Spec[] = [
  {
    viz: "word_cloud",
    dataset: "birth_names",
    params: {
      series: "name",
      metric: "sum__num",
      row_limit: 25,
      size_from: 10,
      size_to: 60,
      rotation: "square",
      sort_by_metric: true,
      color_scheme: "supersetColors",
    },
    marks: async (box, rows) => {
      expect(rows).toHaveLength(25);
      await expectCount(box, dt("word-cloud-word"), rows.length);
      const words = await box.locator(dt("word-cloud-word")).allTextContents();
      expect(new Set(words)).toEqual(new Set(rows.map((r) => String(r.name))));
    },
  },
  {
    viz: "time_table",
    dataset: "birth_names",
    params: {
      metrics: ["sum__num"],
      groupby: ["gender"],
      granularity_sqla: "ds",
      time_grain_sqla: "P1Y",
      time_range: "No filter",
      row_limit: 10000,
      column_collection: [
        { key: "spark1", label: "Trend", colType: "spark", width: "200", height: "40", showYAxis: false },
        {
          key: "lag1",
          label: "Vs last year",
          colType: "time",
          timeLag: 1,
          comparisonType: "perc_change",
          d3format: ".1%",
        },
        { key: "contrib1", label: "Share", colType: "contrib", d3format: ".0%" },
      ],
    },
    marks: async (box, rows) => {
      const groups = distinct(rows, "gender");
      await expectCount(box, dt("time-table-row"), groups);
      await expectCount(box, dt("time-table-sparkline"), groups);
      await expectCount(box, dt("time-table-value"), groups * 2);
      // One point per year of the boys' series.
      const boys = rows.filter((r) => r.gender === "boy").length;
      const d = await box
        .locator(`${dt("time-table-sparkline")} path`)
        .first()
        .getAttribute("d");
      expect(d?.match(/[ML]/g)?.length).toBe(boys);
      const shares = await box.locator(dt("time-table-value")).allTextContents();
      expect(shares.filter((s) => s.endsWith("%"))).toHaveLength(groups * 2);
    },
  },
  {
    viz: "ag-grid-table",
    dataset: "birth_names",
    params: {
      query_mode: "aggregate",
      groupby: ["state"],
      metrics: ["count"],
      row_limit: 10,
      order_desc: true,
      server_pagination: false,
    },
    marks: async (box, rows) => {
      expect(rows).toHaveLength(10);
      await expectCount(box, dt("grid-row"), rows.length);
    },
  },
  {
    viz: "cal_heatmap",
    dataset: "random_time_series",
    params: {
      metrics: ["count"],
      granularity_sqla: "ds",
      time_range: "2017-01-01 : 2018-01-01",
      domain_granularity: "month",
      subdomain_granularity: "day",
      linear_color_scheme: "blue_white_yellow",
      cell_size: 10,
      cell_padding: 2,
      steps: 10,
      show_legend: true,
      show_metric_name: true,
    },
    marks: async (box, rows) => {
      expect(rows.length).toBeGreaterThan(30);
      await expectCount(box, `${dt("calendar-cell")}[data-filled]`, rows.length);
      // Twelve months of days: every day of 2017 has a block.
      await expectCount(box, dt("calendar-cell"), 365);
    },
  },
  {
    viz: "partition",
    dataset: "energy_usage",
    params: {
      groupby: ["source", "target"],
      metrics: ["sum__value"],
      time_series_option: "not_time",
      row_limit: 1000,
      color_scheme: "supersetColors",
      number_format: "SMART_NUMBER",
    },
    marks: async (box, rows) => {
      const nodes = 1 + distinct(rows, "source") + rows.length;
      await expect
        .poll(() => plotData(box, (gd) => (gd._fullData[0].ids as string[]).length), { timeout: 20_000 })
        .toBe(nodes);
      await expectCount(box, "g.iciclelayer path.surface", nodes);
    },
  },
  {
    viz: "parallel_coordinates",
    dataset: "birth_names",
    params: {
      series: "state",
      metrics: ["sum__num", "count"],
      secondary_metric: "sum__num",
      limit: 10,
      timeseries_limit_metric: "sum__num",
      order_desc: true,
      include_series: false,
      linear_color_scheme: "blue_white_yellow",
    },
    marks: async (box, rows) => {
      expect(rows).toHaveLength(10);
      await expectCount(box, dt("parallel-axis"), 2);
      await expectCount(box, dt("parallel-line"), rows.length);
    },
  },
  {
    viz: "rose",
    dataset: "birth_names",
    params: {
      metrics: ["sum__num"],
      groupby: ["gender"],
      granularity_sqla: "ds",
      time_grain_sqla: "P1Y",
      time_range: "2000-01-01 : 2005-01-01",
      color_scheme: "supersetColors",
      number_format: "SMART_NUMBER",
      date_time_format: "%Y",
      rose_area_proportion: false,
      rich_tooltip: true,
    },
    marks: async (box, rows) => {
      expect(rows).toHaveLength(10);
      await expectCount(box, ".polarlayer g.barlayer g.trace.bars", 2);
      // Plotly keeps a blank path ("M0,0Z") for a missing bar: count the drawn arcs.
      const arcs = () =>
        box
          .locator(".polarlayer g.barlayer g.point path")
          .evaluateAll((paths) => paths.filter((p) => p.getAttribute("d") !== "M0,0Z").length);
      await expect.poll(arcs, { timeout: 20_000 }).toBe(rows.length);
    },
  },
  {
    viz: "chord",
    dataset: "energy_usage",
    params: {
      groupby: "source",
      columns: "target",
      metric: "sum__value",
      row_limit: 1000,
      sort_by_metric: true,
      y_axis_format: "SMART_NUMBER",
      color_scheme: "supersetColors",
    },
    marks: async (box, rows) => {
      const nodes = new Set(rows.flatMap((r) => [String(r.source), String(r.target)]));
      const pairs = new Set(rows.map((r) => [String(r.source), String(r.target)].sort().join("\u0000")));
      await expectCount(box, dt("chord-group"), nodes.size);
      await expectCount(box, dt("chord-ribbon"), pairs.size);
    },
  },
  {
    viz: "horizon",
    dataset: "birth_names",
    params: {
      metrics: ["sum__num"],
      groupby: ["state"],
      granularity_sqla: "ds",
      time_grain_sqla: "P1Y",
      time_range: "No filter",
      limit: 6,
      series_height: "25",
      horizon_color_scale: "series",
    },
    marks: async (box, rows) => {
      const series = distinct(rows, "state");
      expect(series).toBe(6);
      await expectCount(box, dt("horizon-row"), series);
      expect(await count(box, `${dt("horizon-row")} path`)).toBeGreaterThanOrEqual(series);
    },
  },
  {
    viz: "paired_ttest",
    dataset: "birth_names",
    params: {
      metrics: ["sum__num"],
      groupby: ["gender"],
      granularity_sqla: "ds",
      time_grain_sqla: "P1Y",
      time_range: "No filter",
      significance_level: 0.05,
      pvalue_precision: 6,
      liftvalue_precision: 4,
    },
    marks: async (box, rows) => {
      await expectCount(box, dt("paired-ttest-row"), distinct(rows, "gender"));
      await expectCount(box, `${dt("paired-ttest-row")}[data-control]`, 1);
      const p = Number(await box.locator(dt("paired-ttest-pvalue")).nth(1).textContent());
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1);
    },
  },
  {
    viz: "handlebars",
    dataset: "birth_names",
    params: {
      query_mode: "aggregate",
      groupby: ["name"],
      metrics: ["sum__num"],
      row_limit: 5,
      order_desc: true,
      handlebarsTemplate: XSS_TEMPLATE,
      styleTemplate: ".nm { color: rgb(255, 0, 0); }",
    },
    marks: async (box, rows) => {
      expect(rows).toHaveLength(5);
      await expectCount(box, "li.nm", rows.length);
      // The template's script, event handler and javascript: link are gone; the CSS applies inside.
      expect(await count(box, "script")).toBe(0);
      expect(await box.locator("img.evil").getAttribute("onerror")).toBeNull();
      expect(await box.locator("a.link").getAttribute("href")).toBeNull();
      expect(
        await box.page().evaluate(() => (window as unknown as { __xss?: number }).__xss),
      ).toBeUndefined();
      expect(
        await box
          .locator("li.nm")
          .first()
          .evaluate((el) => getComputedStyle(el).color),
      ).toBe("rgb(255, 0, 0)");
    },
  },
];

/** The first chart-data reply of each chart a page receives, by the chart's viz type. */
function captureRows(page: Page, replies: Map<string, Row[]>): Map<string, Row[]> {
  page.on("response", async (res) => {
    if (!/\/api\/v1\/chart\/data\/?(\?|$)/.test(res.url()) || res.request().method() !== "POST" || !res.ok())
      return;
    const sent = JSON.parse(res.request().postData() ?? "{}") as { form_data?: { slice_id?: number } };
    const viz = [...ids.entries()].find(([, id]) => id === sent.form_data?.slice_id)?.[0];
    const body = (await res.json().catch(() => null)) as { result?: { data?: Row[] }[] } | null;
    const data = body?.result?.[0]?.data;
    if (viz && data && !replies.has(viz)) replies.set(viz, data);
  });
  return replies;
}

const rowsOf = async (replies: Map<string, Row[]>, viz: string) => {
  await expect.poll(() => replies.has(viz), { timeout: 30_000 }).toBe(true);
  return replies.get(viz) as Row[];
};

beforeAll(async () => {
  e = await startE2E(["birth_names", "energy_usage", "random_time_series"]);
  await logIn(e, "/superset/welcome/");
  for (const name of ["birth_names", "energy_usage", "random_time_series"])
    datasets.set(name, await datasetIdOf(e, name));
  dashboardId = (
    await api<{ id: number }>("POST", "/api/v1/dashboard/", {
      dashboard_title: "Tables and others",
      published: true,
    })
  ).id;
  for (const spec of SPECS) {
    const ds = datasets.get(spec.dataset) as number;
    const params = { datasource: `${ds}__table`, viz_type: spec.viz, adhoc_filters: [], ...spec.params };
    const chart = await api<{ id: number }>("POST", "/api/v1/chart/", {
      slice_name: `E2E ${spec.viz}`,
      viz_type: spec.viz,
      datasource_id: ds,
      datasource_type: "table",
      params: JSON.stringify(params),
      dashboards: [dashboardId],
    });
    ids.set(spec.viz, chart.id);
  }
  const item = (id: string, type: string, children: string[] = [], meta: Record<string, unknown> = {}) => ({
    [id]: { id, type, children, meta },
  });
  const rows = SPECS.map((_s, i) => i).filter((i) => i % 2 === 0);
  const layout = {
    ...item("ROOT_ID", "ROOT", ["GRID_ID"]),
    ...item(
      "GRID_ID",
      "GRID",
      rows.map((i) => `ROW-${i}`),
    ),
    ...Object.assign(
      {},
      ...rows.map((i) =>
        item(
          `ROW-${i}`,
          "ROW",
          SPECS.slice(i, i + 2).map((s) => `CHART-${s.viz}`),
        ),
      ),
      ...SPECS.map((s) =>
        item(`CHART-${s.viz}`, "CHART", [], { chartId: ids.get(s.viz), width: 6, height: 60 }),
      ),
    ),
  };
  await api("PUT", `/api/v1/dashboard/${dashboardId}`, { position_json: JSON.stringify(layout) });
});
afterAll(async () => {
  await e?.close();
});

describe("tables and other visualisations in Chromium", () => {
  it("each opens in Explore and draws its marks", async () => {
    const page = await e.context.newPage();
    const replies = captureRows(page, exploreRows);
    try {
      for (const spec of SPECS) {
        await page.goto(`${e.url}/explore/?slice_id=${ids.get(spec.viz)}`);
        const box = page.locator(dt("chart-pane"));
        await expect
          .poll(() => box.getAttribute("data-status"), { timeout: 30_000 })
          .toMatch(/^(success|rendered)$/);
        await expect(page.locator(dt("viz-unsupported")).count()).resolves.toBe(0);
        const rows = await rowsOf(replies, spec.viz);
        await spec.marks(box, rows).catch(async (err: Error) => {
          // Say which chart failed and what it showed.
          throw new Error(`${spec.viz}: ${err.message}\n${(await box.innerText()).slice(0, 500)}`);
        });
      }
    } finally {
      await page.close();
    }
  });

  it("time_table: a column added through the column editor shows after a run", async () => {
    const page = await e.context.newPage();
    try {
      await page.goto(`${e.url}/explore/?slice_id=${ids.get("time_table")}`);
      const box = page.locator(dt("chart-pane"));
      await expect
        .poll(() => box.getAttribute("data-status"), { timeout: 30_000 })
        .toMatch(/^(success|rendered)$/);
      const control = page.locator(dt("control-column_collection"));
      await expect.poll(() => control.locator(dt("time-series-column")).count()).toBe(3);

      // Add a column: its editor opens; a time comparison two periods back, as a difference.
      await control.locator(dt("control-column_collection-add")).click();
      const editor = page.locator(dt("time-series-column-editor"));
      await editor.locator(dt("column-editor-label")).fill("Two years back");
      await editor.locator(dt("column-editor-type")).selectOption("time");
      await editor.locator(dt("column-editor-time-lag")).fill("x");
      await expect.poll(() => editor.locator(dt("column-editor-save")).isDisabled()).toBe(true);
      await editor.locator(dt("column-editor-time-lag")).fill("2");
      await editor.locator(dt("column-editor-comparison-type")).selectOption("diff");
      await editor.locator(dt("column-editor-save")).click();
      await expect.poll(() => editor.count()).toBe(0);
      await expect
        .poll(() => control.locator(dt("time-series-column-label")).allTextContents())
        .toEqual(["Trend", "Vs last year", "Share", "Two years back"]);

      await page.locator(dt("run-query-button")).click();
      await expect
        .poll(() => box.getAttribute("data-status"), { timeout: 30_000 })
        .toMatch(/^(success|rendered)$/);
      const headers = box.locator(`${dt("time-table")} thead th`);
      await expect
        .poll(() => headers.allTextContents())
        .toEqual(["", "Trend", "Vs last year", "Share", "Two years back"]);
      // Each group row now has three value cells (the comparison, the share and the new one).
      const groups = await box.locator(dt("time-table-row")).count();
      expect(groups).toBeGreaterThan(0);
      await expectCount(box, dt("time-table-value"), groups * 3);
    } finally {
      await page.close();
    }
  });

  it("each draws on a dashboard, and a word filters the other charts", async () => {
    const page = e.page;
    // A dashboard's chart data comes as one streamed batch, whose body the browser does not keep:
    // the rows to count against are those Explore received for the same charts.
    const replies = exploreRows;
    await page.goto(`${e.url}/superset/dashboard/${dashboardId}/`);
    for (const spec of SPECS) {
      const holder = page.locator(`${dt("dashboard-chart")}[data-chart-id="${ids.get(spec.viz)}"]`);
      await holder.scrollIntoViewIfNeeded();
      await expect.poll(() => holder.getAttribute("data-rendered"), { timeout: 30_000 }).toBe("true");
      await spec.marks(holder, await rowsOf(replies, spec.viz));
    }
    // Cross filter: a click on a word filters the handlebars list (grouped by name) to that name.
    const cloud = page.locator(`${dt("dashboard-chart")}[data-chart-id="${ids.get("word_cloud")}"]`);
    const list = page.locator(`${dt("dashboard-chart")}[data-chart-id="${ids.get("handlebars")}"]`);
    const names = list.locator("li.nm");
    await cloud.scrollIntoViewIfNeeded();
    const word = cloud.locator(dt("word-cloud-word")).first();
    const text = await word.textContent();
    await word.click();
    await list.scrollIntoViewIfNeeded();
    await expect.poll(() => names.allTextContents(), { timeout: 20_000 }).toEqual([text]);
  });
});
