import type { Locator, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, datasetIdOf, dt, type E2E, logIn, startE2E } from "./browser.ts";
import { type ChartFormData, createChart, createDashboard, gridLayout } from "./dashboard-seed.ts";

/**
 * The ECharts-family visualisations, their legacy keys and the ones Strata drew before, each saved
 * through the API with form data as Superset writes it, over the examples: opened in Explore and
 * on a dashboard, each draws as many marks (lines, points, bars, slices, nodes…) as its data
 * says. One server and one browser for the whole file.
 */

type Row = Record<string, unknown>;
interface Reply {
  colnames: string[];
  data: Row[];
}

/** What to count in the drawn chart, as Plotly lays it out in the SVG. */
type MarkKind =
  | "lines"
  | "points"
  | "bars"
  | "slices"
  | "sankey"
  | "indicators"
  | "heatmap-cells"
  | "boxes"
  | "pivot-rows";

interface Case {
  name: string;
  dataset: "birth_names" | "energy_usage";
  params: Record<string, unknown>;
  kind: MarkKind;
  /** The marks the data should give, from the chart-data replies the chart received. */
  expected: (replies: Reply[]) => number;
  /** Also true of the drawn figure (Plotly's gd.data / layout). */
  check?: (figure: { data: Row[]; layout: Row }, replies: Reply[]) => void;
  /** A Superset key before migration: its chart carries this viz_type. */
  legacy?: boolean;
}

const temporalRange = (comparator: string) => ({
  clause: "WHERE",
  subject: "ds",
  operator: "TEMPORAL_RANGE",
  comparator,
  expressionType: "SIMPLE",
});
const inStates = (...states: string[]) => ({
  clause: "WHERE",
  subject: "state",
  operator: "IN",
  comparator: states,
  expressionType: "SIMPLE",
});

const first = (rs: Reply[]) => rs[0] ?? { colnames: [], data: [] };
const rowCount = (rs: Reply[]) => first(rs).data.length;
/** Series of a pivoted (wide) time-series reply: every column but the x-axis. */
const seriesCount = (rs: Reply[]) => first(rs).colnames.length - 1;
/** Non-null values of the series columns: one point or bar each. */
const values = (rs: Reply[], x: string) =>
  first(rs).data.reduce(
    (n, row) => n + Object.entries(row).filter(([k, v]) => k !== x && v !== null && v !== undefined).length,
    0,
  );
const distinct = (rows: Row[], keys: string[]) =>
  new Set(rows.flatMap((r) => keys.map((k) => String(r[k])))).size;

const YEARLY = { x_axis: "ds", time_grain_sqla: "P1Y" };
const lineShape = (shape: string) => (fig: { data: Row[] }) =>
  expect((fig.data[0].line as { shape?: string }).shape).toBe(shape);

const CASES: Case[] = [
  // New ECharts-family keys.
  {
    name: "Generic chart",
    dataset: "birth_names",
    params: {
      viz_type: "echarts_timeseries",
      ...YEARLY,
      metrics: ["count"],
      groupby: ["gender"],
      seriesType: "line",
    },
    kind: "lines",
    expected: seriesCount,
  },
  {
    name: "Smooth line",
    dataset: "birth_names",
    params: { viz_type: "echarts_timeseries_smooth", ...YEARLY, metrics: ["sum__num"], groupby: [] },
    kind: "lines",
    expected: seriesCount,
    check: lineShape("spline"),
  },
  {
    name: "Stepped line",
    dataset: "birth_names",
    params: {
      viz_type: "echarts_timeseries_step",
      ...YEARLY,
      metrics: ["sum__num"],
      groupby: ["gender"],
      seriesType: "end",
    },
    kind: "lines",
    expected: seriesCount,
    check: lineShape("hv"),
  },
  {
    name: "Horizontal bars",
    dataset: "birth_names",
    params: {
      viz_type: "echarts_timeseries_bar",
      x_axis: "state",
      metrics: ["count"],
      orientation: "horizontal",
      row_limit: 10,
    },
    kind: "bars",
    expected: rowCount,
    check: (fig) => expect(fig.data[0].orientation).toBe("h"),
  },
  {
    name: "Radar",
    dataset: "birth_names",
    params: {
      viz_type: "radar",
      groupby: ["gender"],
      metrics: [
        "count",
        "sum__num",
        {
          expressionType: "SIMPLE",
          column: { column_name: "num_boys" },
          aggregate: "SUM",
          label: "Boys",
        },
      ],
      row_limit: 10,
    },
    kind: "points",
    // A closed polygon per group: one point per metric and the first again.
    expected: (rs) => rowCount(rs) * 4,
    check: (fig, rs) => expect(fig.data.map((t) => t.type)).toEqual(rs[0].data.map(() => "scatterpolar")),
  },
  {
    name: "Sankey",
    dataset: "energy_usage",
    params: {
      viz_type: "sankey_v2",
      source: "source",
      target: "target",
      metric: "sum__value",
      row_limit: 1000,
    },
    kind: "sankey",
    expected: (rs) => distinct(first(rs).data, ["source", "target"]),
  },
  {
    name: "Tree",
    dataset: "energy_usage",
    params: {
      viz_type: "tree_chart",
      id: "target",
      parent: "source",
      name: "target",
      metric: "sum__value",
      row_limit: 1000,
    },
    kind: "points",
    expected: (rs) => reachableTreeNodes(first(rs).data, "target", "source"),
  },
  {
    name: "Graph",
    dataset: "energy_usage",
    params: {
      viz_type: "graph_chart",
      source: "source",
      target: "target",
      metric: "sum__value",
      row_limit: 1000,
    },
    kind: "points",
    expected: (rs) => distinct(first(rs).data, ["source", "target"]),
  },
  {
    name: "Bubble",
    dataset: "birth_names",
    params: {
      viz_type: "bubble_v2",
      entity: "state",
      series: "gender",
      x: "count",
      y: "sum__num",
      size: "sum__num",
      row_limit: 20,
      max_bubble_size: "25",
    },
    kind: "points",
    expected: rowCount,
  },
  {
    name: "Gantt",
    dataset: "birth_names",
    params: {
      viz_type: "gantt_chart",
      start_time: "ds",
      end_time: {
        expressionType: "SQL",
        sqlExpression: "ds + INTERVAL 200 DAY",
        label: "ends",
      },
      y_axis: "state",
      series: "gender",
      adhoc_filters: [temporalRange("2000-01-01 : 2003-01-01"), inStates("CA", "NY")],
      row_limit: 100,
    },
    kind: "bars",
    expected: rowCount,
  },
  {
    name: "Period over period",
    dataset: "birth_names",
    params: {
      viz_type: "pop_kpi",
      metric: "count",
      adhoc_filters: [temporalRange("2005-01-01 : 2006-01-01")],
      time_comparison: "y",
    },
    kind: "indicators",
    expected: () => 1,
    check: (fig, rs) => {
      const row = first(rs).data[0];
      expect(fig.data[0]).toMatchObject({ value: row.count, delta: { reference: row["count__1 year ago"] } });
      expect(Number(row["count__1 year ago"])).toBeGreaterThan(0);
    },
  },
  {
    // Compared with the range inherited from the time filter: shifted back by its length, 365
    // days (the data has one date a year, on January 1st: both periods hold one).
    name: "Period over period, inherited range",
    dataset: "birth_names",
    params: {
      viz_type: "pop_kpi",
      metric: "count",
      adhoc_filters: [temporalRange("2004-06-01 : 2005-06-01")],
      time_comparison: "r",
    },
    kind: "indicators",
    expected: () => 1,
    check: (fig, rs) => {
      const row = first(rs).data[0];
      expect(Number(row["count__365 days ago"])).toBeGreaterThan(0);
      expect(fig.data[0]).toMatchObject({
        value: row.count,
        delta: { reference: row["count__365 days ago"] },
      });
    },
  },
  {
    name: "Bullet",
    dataset: "birth_names",
    params: {
      viz_type: "bullet",
      metric: "sum__num",
      ranges: "10000000, 20000000, 60000000",
      markers: "30000000",
    },
    kind: "indicators",
    expected: () => 1,
    check: (fig) =>
      expect(fig.data[0]).toMatchObject({ gauge: { shape: "bullet", threshold: { value: 30000000 } } }),
  },
  // Keys Strata drew before, as Superset writes them.
  {
    name: "Line",
    dataset: "birth_names",
    params: { viz_type: "echarts_timeseries_line", ...YEARLY, metrics: ["count", "sum__num"] },
    kind: "lines",
    expected: seriesCount,
  },
  {
    name: "Scatter",
    dataset: "birth_names",
    params: {
      viz_type: "echarts_timeseries_scatter",
      ...YEARLY,
      metrics: ["sum__num"],
      adhoc_filters: [inStates("CA")],
    },
    kind: "points",
    expected: (rs) => values(rs, "ds"),
  },
  {
    name: "Bar",
    dataset: "birth_names",
    params: { viz_type: "echarts_timeseries_bar", x_axis: "state", metrics: ["sum__num"], row_limit: 6 },
    kind: "bars",
    expected: rowCount,
  },
  {
    name: "Area",
    dataset: "birth_names",
    params: {
      viz_type: "echarts_area",
      ...YEARLY,
      metrics: ["count"],
      groupby: ["gender"],
      stack: "Stack",
      adhoc_filters: [temporalRange("1990-01-01 : 2000-01-01")],
    },
    kind: "lines",
    expected: seriesCount,
  },
  {
    name: "Mixed",
    dataset: "birth_names",
    params: {
      viz_type: "mixed_timeseries",
      ...YEARLY,
      metrics: ["count"],
      metrics_b: ["sum__num"],
      seriesType: "line",
      seriesTypeB: "line",
      yAxisIndexB: 1,
    },
    kind: "lines",
    expected: (rs) => rs.reduce((n, r) => n + r.colnames.length - 1, 0),
  },
  {
    name: "Pie",
    dataset: "birth_names",
    params: { viz_type: "pie", groupby: ["state"], metric: "count", row_limit: 5 },
    kind: "slices",
    expected: rowCount,
  },
  {
    name: "Funnel",
    dataset: "birth_names",
    params: { viz_type: "funnel", groupby: ["state"], metric: "sum__num", row_limit: 4 },
    kind: "bars",
    expected: rowCount,
  },
  {
    name: "Gauge",
    dataset: "birth_names",
    params: { viz_type: "gauge_chart", groupby: ["gender"], metric: "count" },
    kind: "indicators",
    expected: rowCount,
  },
  {
    name: "Sunburst",
    dataset: "birth_names",
    params: { viz_type: "sunburst_v2", columns: ["gender", "state"], metric: "count", row_limit: 100 },
    kind: "slices",
    // A ring per level: the genders, and each gender's states.
    expected: (rs) => distinct(first(rs).data, ["gender"]) + rowCount(rs),
  },
  {
    name: "Treemap",
    dataset: "birth_names",
    params: { viz_type: "treemap_v2", groupby: ["gender", "state"], metric: "count", row_limit: 50 },
    kind: "slices",
    // The genders, each gender's states, and the root Plotly draws around the top level.
    expected: (rs) => distinct(first(rs).data, ["gender"]) + rowCount(rs) + 1,
  },
  {
    name: "Waterfall",
    dataset: "birth_names",
    params: {
      viz_type: "waterfall",
      ...YEARLY,
      metric: "count",
      adhoc_filters: [temporalRange("2000-01-01 : 2005-01-01")],
    },
    kind: "bars",
    // Each period and the total.
    expected: (rs) => rowCount(rs) + 1,
  },
  {
    name: "Box plot",
    dataset: "birth_names",
    params: { viz_type: "box_plot", columns: ["state"], groupby: ["gender"], metrics: ["sum__num"] },
    kind: "boxes",
    expected: () => 1,
  },
  {
    name: "Heatmap",
    dataset: "birth_names",
    params: { viz_type: "heatmap_v2", x_axis: "state", groupby: "gender", metric: "count" },
    kind: "heatmap-cells",
    expected: rowCount,
  },
  {
    name: "Histogram",
    dataset: "birth_names",
    params: { viz_type: "histogram_v2", column: "num", groupby: [], bins: 8, row_limit: 1000 },
    kind: "bars",
    expected: () => 8,
  },
  {
    name: "Big number",
    dataset: "birth_names",
    params: { viz_type: "big_number_total", metric: "count" },
    kind: "indicators",
    expected: () => 1,
    check: (fig, rs) => expect(fig.data[0].value).toBe(first(rs).data[0].count),
  },
  {
    name: "Big number with trendline",
    dataset: "birth_names",
    params: { viz_type: "big_number", ...YEARLY, metric: "count" },
    kind: "lines",
    expected: () => 1,
  },
  // Legacy keys, drawn through the modern type Superset migrates them to.
  {
    name: "Legacy dist_bar",
    dataset: "birth_names",
    params: {
      viz_type: "dist_bar",
      groupby: ["state"],
      columns: ["gender"],
      metrics: ["count"],
      row_limit: 100,
    },
    kind: "bars",
    expected: (rs) => values(rs, "state"),
    legacy: true,
  },
  {
    name: "Legacy line",
    dataset: "birth_names",
    params: {
      viz_type: "line",
      granularity_sqla: "ds",
      time_grain_sqla: "P1Y",
      time_range: "No filter",
      metrics: ["count", "sum__num"],
      groupby: ["gender"],
      line_interpolation: "linear",
    },
    kind: "lines",
    expected: seriesCount,
    legacy: true,
  },
  {
    name: "Legacy bar",
    dataset: "birth_names",
    params: {
      viz_type: "bar",
      granularity_sqla: "ds",
      time_grain_sqla: "P1Y",
      metrics: ["count"],
      bar_stacked: true,
    },
    kind: "bars",
    expected: (rs) => values(rs, "ds"),
    legacy: true,
  },
  {
    name: "Legacy area",
    dataset: "birth_names",
    params: {
      viz_type: "area",
      granularity_sqla: "ds",
      time_grain_sqla: "P1Y",
      time_range: "1970-01-01 : 1990-01-01",
      metrics: ["count"],
      groupby: ["gender"],
      stacked_style: "stack",
    },
    kind: "lines",
    expected: seriesCount,
    legacy: true,
  },
  {
    name: "Legacy treemap",
    dataset: "birth_names",
    params: { viz_type: "treemap", groupby: ["state"], metrics: ["count"] },
    kind: "slices",
    expected: (rs) => rowCount(rs) + 1,
    legacy: true,
  },
  {
    name: "Legacy sunburst",
    dataset: "birth_names",
    params: { viz_type: "sunburst", groupby: ["gender", "state"], metric: "sum__num" },
    kind: "slices",
    expected: (rs) => distinct(first(rs).data, ["gender"]) + rowCount(rs),
    legacy: true,
  },
  {
    name: "Legacy heatmap",
    dataset: "birth_names",
    params: { viz_type: "heatmap", all_columns_x: "state", all_columns_y: "gender", metric: "sum__num" },
    kind: "heatmap-cells",
    expected: rowCount,
    legacy: true,
  },
  {
    name: "Legacy histogram",
    dataset: "birth_names",
    params: { viz_type: "histogram", all_columns_x: ["num"], link_length: "6", row_limit: 1000 },
    kind: "bars",
    expected: () => 6,
    legacy: true,
  },
  {
    name: "Legacy bubble",
    dataset: "birth_names",
    params: {
      viz_type: "bubble",
      entity: "state",
      series: "gender",
      x: "count",
      y: "sum__num",
      size: "count",
      limit: 12,
    },
    kind: "points",
    expected: rowCount,
    legacy: true,
  },
  {
    name: "Legacy pivot table",
    dataset: "birth_names",
    params: {
      viz_type: "pivot_table",
      groupby: ["state"],
      columns: ["gender"],
      metrics: ["count"],
      pandas_aggfunc: "sum",
    },
    kind: "pivot-rows",
    expected: (rs) => distinct(first(rs).data, ["state"]),
    legacy: true,
  },
  {
    name: "Legacy big number",
    dataset: "birth_names",
    params: {
      viz_type: "big_number",
      granularity_sqla: "ds",
      time_grain_sqla: "P1Y",
      time_range: "No filter",
      metric: "count",
      compare_lag: 1,
    },
    kind: "lines",
    expected: () => 1,
    check: (fig) => expect(fig.data[0]).toMatchObject({ mode: "number+delta" }),
    legacy: true,
  },
  {
    name: "Legacy big number total",
    dataset: "birth_names",
    params: {
      viz_type: "big_number_total",
      granularity_sqla: "ds",
      time_range: "2000 : 2001",
      metrics: ["count"],
    },
    kind: "indicators",
    expected: () => 1,
    check: (fig, rs) => expect(fig.data[0].value).toBe(first(rs).data[0].count),
    legacy: true,
  },
];

/** Tree nodes drawn: ids hang from their first row's parent; those without a known parent from the root. */
function reachableTreeNodes(rows: Row[], idKey: string, parentKey: string): number {
  const parent = new Map<string, string | null>();
  for (const r of rows)
    if (!parent.has(String(r[idKey])))
      parent.set(String(r[idKey]), r[parentKey] == null ? null : String(r[parentKey]));
  const children = new Map<string, string[]>();
  const roots: string[] = [];
  for (const [id, p] of parent) {
    if (p !== null && parent.has(p) && p !== id) children.set(p, [...(children.get(p) ?? []), id]);
    else roots.push(id);
  }
  let n = 0;
  const queue = [...roots];
  while (queue.length) {
    const id = queue.shift() as string;
    n++;
    queue.push(...(children.get(id) ?? []));
  }
  return n;
}

let e: E2E;
let dashboardId = 0;
let exploreReplies = new Map<number, Reply[]>();
const ids = new Map<string, number>();

const api = <T>(method: string, path: string, body?: unknown) => apiCall<T>(e, method, path, body);

beforeAll(async () => {
  e = await startE2E(["birth_names", "energy_usage"]);
  await logIn(e, "/superset/welcome/");
  const datasets = {
    birth_names: await datasetIdOf(e, "birth_names"),
    energy_usage: await datasetIdOf(e, "energy_usage"),
  };
  dashboardId = (
    await api<{ id: number }>("POST", "/api/v1/dashboard/", {
      dashboard_title: "ECharts family",
      published: true,
    })
  ).id;
  for (const c of CASES) {
    const ds = datasets[c.dataset];
    const params = { datasource: `${ds}__table`, adhoc_filters: [], ...c.params };
    const { id } = await api<{ id: number }>("POST", "/api/v1/chart/", {
      slice_name: c.name,
      viz_type: c.params.viz_type,
      datasource_id: ds,
      datasource_type: "table",
      params: JSON.stringify(params),
      dashboards: [dashboardId],
    });
    ids.set(c.name, id);
  }
  // Two charts a row, each half the grid wide.
  const layout: Record<string, unknown> = {
    ROOT_ID: { id: "ROOT_ID", type: "ROOT", children: ["GRID_ID"], meta: {} },
  };
  const rows: string[] = [];
  CASES.forEach((c, i) => {
    const row = `ROW-${Math.floor(i / 2)}`;
    if (i % 2 === 0) {
      rows.push(row);
      layout[row] = { id: row, type: "ROW", children: [], meta: {} };
    }
    const chartKey = `CHART-${i}`;
    (layout[row] as { children: string[] }).children.push(chartKey);
    layout[chartKey] = {
      id: chartKey,
      type: "CHART",
      children: [],
      meta: { chartId: ids.get(c.name), width: 6, height: 50 },
    };
  });
  layout.GRID_ID = { id: "GRID_ID", type: "GRID", children: rows, meta: {} };
  await api("PUT", `/api/v1/dashboard/${dashboardId}`, { position_json: JSON.stringify(layout) });
});
afterAll(async () => {
  await e?.close();
});

/** Failed chart-data requests by slice id: said in the assertion message. */
const failures = new Map<number, string>();

/**
 * Chart-data replies by slice id, as Explore received them (the latest of each). A dashboard asks
 * for all its charts in one streamed batch whose body the browser tools cannot read, so its
 * marks are checked against the replies Explore got for the same saved charts.
 */
function recordReplies(page: Page): Map<number, Reply[]> {
  const replies = new Map<number, Reply[]>();
  page.on("response", async (res: Response) => {
    if (!/\/api\/v1\/chart\/data\/?(\?|$)/.test(res.url()) || res.request().method() !== "POST") return;
    const sent = JSON.parse(res.request().postData() ?? "{}") as { form_data?: { slice_id?: number } };
    const id = sent.form_data?.slice_id;
    const body = (await res.json().catch(() => null)) as { result?: Reply[] } | null;
    if (!id) return;
    if (!res.ok()) failures.set(id, `${res.status()} ${JSON.stringify(body).slice(0, 300)}`);
    else if (body?.result) replies.set(id, body.result);
  });
  return replies;
}

/** The marks of one kind inside a chart's box, and Plotly's figure when it is a Plotly chart. */
async function drawn(box: Locator, kind: MarkKind) {
  return box.evaluate((root, k) => {
    const count = (selector: string) => root.querySelectorAll(selector).length;
    const gd = root.querySelector(".js-plotly-plot") as
      | (HTMLElement & { data?: Record<string, unknown>[]; layout?: Record<string, unknown> })
      | null;
    const figure = gd?.data ? { data: JSON.parse(JSON.stringify(gd.data)), layout: {} } : null;
    let marks = 0;
    if (k === "lines") marks = count(".scatterlayer path.js-line");
    else if (k === "points") marks = count(".scatterlayer path.point");
    else if (k === "bars") marks = count("g.trace.bars g.point");
    else if (k === "slices") marks = count("g.slice");
    else if (k === "sankey") marks = count(".sankey-node");
    else if (k === "indicators") marks = count(".indicatorlayer g.trace");
    else if (k === "boxes") marks = count(".boxlayer g.trace");
    else if (k === "pivot-rows") marks = count('[data-test="pivot-table"] tbody tr');
    else if (k === "heatmap-cells") {
      const z = (gd?.data?.[0]?.z ?? []) as unknown[][];
      marks = z.flat().filter((v) => v !== null && v !== undefined).length;
    }
    return { marks, figure };
  }, kind);
}

async function expectDrawn(c: Case, box: Locator, replies: Map<number, Reply[]>) {
  const id = ids.get(c.name) as number;
  await expect
    .poll(() => replies.has(id) || failures.get(id), { timeout: 30_000, message: `${c.name}: chart data` })
    .toBe(true);
  const expected = c.expected(replies.get(id) as Reply[]);
  expect(expected, `${c.name}: the example data has something to draw`).toBeGreaterThan(0);
  await expect
    .poll(async () => (await drawn(box, c.kind)).marks, { timeout: 20_000, message: `${c.name}: ${c.kind}` })
    .toBe(expected);
  if (c.check) {
    const { figure } = await drawn(box, c.kind);
    c.check(figure as { data: Row[]; layout: Row }, replies.get(id) as Reply[]);
  }
}

describe("ECharts-family visualisations in Chromium", () => {
  it("each opens in Explore from its saved form data and draws the marks its data gives", async () => {
    const page = await e.context.newPage();
    const replies = recordReplies(page);
    exploreReplies = replies;
    try {
      for (const c of CASES) {
        await page.goto(`${e.url}/explore/?slice_id=${ids.get(c.name)}`);
        await expectDrawn(c, page.locator(dt("chart-pane")), replies);
        if (c.legacy) {
          // Explore shows the chart as its modern type, as Superset after its migrations.
          await expect.poll(() => page.locator(dt("viz-unsupported")).count()).toBe(0);
        }
      }
    } finally {
      await page.close();
    }
  });

  it("each draws on a dashboard, as many marks as in Explore", async () => {
    expect(exploreReplies.size, "the Explore test ran first and recorded the data").toBe(CASES.length);
    const page = e.page;
    await page.goto(`${e.url}/superset/dashboard/${dashboardId}/`);
    for (const c of CASES) {
      const box = page.locator(`${dt("dashboard-chart")}[data-chart-id="${ids.get(c.name)}"]`);
      await box.scrollIntoViewIfNeeded({ timeout: 30_000 });
      await expectDrawn(c, box, exploreReplies);
    }
  });

  it("a click on a radar polygon cross-filters the dashboard by its group", async () => {
    const page = e.page;
    const radar = page.locator(`${dt("dashboard-chart")}[data-chart-id="${ids.get("Radar")}"]`);
    const group = String(exploreReplies.get(ids.get("Radar") as number)?.[0].data[0].gender);
    // Plotly finds the clicked point from the pointer's position: move there, then click.
    const point = radar.locator(".scatterlayer .trace").first().locator("path.point").first();
    // In the middle of the window: at its top edge the dashboard's sticky header would be in the way.
    await point.evaluate((el) => el.scrollIntoView({ block: "center" }));
    const at = await point.boundingBox();
    if (!at) throw new Error("the radar has no drawn point");
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
    const badge = radar.locator(dt("cross-filter-badge"));
    await expect.poll(() => badge.count(), { timeout: 15_000 }).toBe(1);
    expect(await badge.textContent()).toContain(`gender = ${group}`);
  });

  it("a click on a gantt bar cross-filters a table by its category; a second click clears it", async () => {
    const page = e.page;
    const ds = await datasetIdOf(e, "birth_names");
    const gantt = CASES.find((c) => c.name === "Gantt") as Case;
    const dashboard = await createDashboard(e, "Gantt cross filter");
    const save = (name: string, params: ChartFormData) =>
      createChart(e, { name, datasetId: ds, params, dashboards: [dashboard] });
    const ganttId = await save("Filtering gantt", gantt.params as ChartFormData);
    const tableId = await save("States", {
      viz_type: "table",
      query_mode: "aggregate",
      groupby: ["state"],
      metrics: ["count"],
      adhoc_filters: [inStates("CA", "NY")],
      row_limit: 10,
    });
    const layout = gridLayout([
      [
        { chartId: ganttId, width: 6 },
        { chartId: tableId, width: 6 },
      ],
    ]);
    await api("PUT", `/api/v1/dashboard/${dashboard}`, { position_json: JSON.stringify(layout) });
    await page.goto(`${e.url}/superset/dashboard/${dashboard}/`);
    const box = (id: number) => page.locator(`${dt("dashboard-chart")}[data-chart-id="${id}"]`);
    const rowcount = box(tableId).locator(dt("table-chart-rowcount"));
    await expect.poll(() => rowcount.textContent(), { timeout: 30_000 }).toBe("2 rows");
    const bar = box(ganttId).locator("g.trace.bars g.point path").first();
    await bar.waitFor({ timeout: 30_000 });
    await bar.evaluate((el) => el.scrollIntoView({ block: "center" }));
    const at = await bar.boundingBox();
    if (!at) throw new Error("the gantt has no drawn bar");
    const [x, y] = [at.x + Math.min(at.width / 2, 20), at.y + at.height / 2];
    // The pointer wakes the chart (drawn static until then); the click goes to the live plot.
    await page.mouse.move(x, y);
    await box(ganttId).locator('[data-test="plotly-chart"][data-interactive]').waitFor();
    await page.mouse.click(x, y);
    const badge = box(ganttId).locator(dt("cross-filter-badge"));
    await expect.poll(() => badge.count(), { timeout: 15_000 }).toBe(1);
    const state = ((await badge.textContent()) ?? "").replace("state = ", "").trim();
    expect(["CA", "NY"]).toContain(state);
    await expect.poll(() => rowcount.textContent(), { timeout: 30_000 }).toBe("1 rows");
    expect(await box(tableId).locator('[role="gridcell"]').first().textContent()).toBe(state);
    await page.mouse.click(x, y);
    await expect.poll(() => badge.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => rowcount.textContent(), { timeout: 30_000 }).toBe("2 rows");
  });
});
