import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, datasetIdOf, dt, type E2E, logIn, startE2E } from "./browser.ts";
import { type ChartFormData, createChart, createDashboard, gridLayout } from "./dashboard-seed.ts";

/**
 * Map visualisations saved with Superset's form data open in Explore and on a dashboard and draw
 * one mark per point, cell, line or region of the example data, over boundaries the SPA ships:
 * no request leaves the loopback server.
 */

let e: E2E;
let dashboardId = 0;
const ids: Record<string, number> = {};
const offsite: string[] = [];
let dataRequests = 0;

const api = <T>(method: string, path: string, body?: unknown) => apiCall<T>(e, method, path, body);

const COLOR = { r: 0, g: 122, b: 135, a: 1 };
const VIEWPORT = { longitude: -122.42, latitude: 37.76, zoom: 11, bearing: 0, pitch: 0 };
const LAT_LON = { type: "latlong", lonCol: "LON", latCol: "LAT" };
const sumOf = (column: string) => ({
  expressionType: "SIMPLE",
  column: { column_name: column },
  aggregate: "SUM",
  label: `SUM(${column})`,
});

/** Each chart: its dataset and the form data as Superset's control panels write it. */
const CHARTS: { key: string; table: string; params: Record<string, unknown> }[] = [
  {
    key: "deck_scatter",
    table: "long_lat",
    params: {
      spatial: LAT_LON,
      row_limit: 300,
      point_radius_fixed: { type: "fix", value: 1000 },
      point_unit: "square_m",
      multiplier: 10,
      min_radius: 1,
      max_radius: 250,
      color_picker: COLOR,
      viewport: VIEWPORT,
      autozoom: true,
      mapbox_style: "mapbox://styles/mapbox/light-v9",
    },
  },
  {
    key: "deck_hex",
    table: "long_lat",
    params: {
      spatial: LAT_LON,
      size: "count",
      grid_size: 400,
      js_agg_function: "sum",
      extruded: true,
      row_limit: 2000,
      color_picker: COLOR,
      viewport: VIEWPORT,
    },
  },
  {
    key: "deck_grid",
    table: "long_lat",
    params: {
      spatial: LAT_LON,
      size: "count",
      grid_size: 600,
      row_limit: 2500,
      color_picker: COLOR,
      viewport: VIEWPORT,
    },
  },
  {
    key: "deck_screengrid",
    table: "long_lat",
    params: {
      spatial: LAT_LON,
      size: "count",
      grid_size: 40,
      row_limit: 3000,
      color_picker: COLOR,
      viewport: VIEWPORT,
    },
  },
  {
    key: "deck_heatmap",
    table: "long_lat",
    params: {
      spatial: { type: "delimited", lonlatCol: "delimited" },
      size: "count",
      radius_pixels: 60,
      intensity: 1,
      aggregation: "SUM",
      linear_color_scheme: "schemeYlOrRd",
      row_limit: 2000,
      viewport: VIEWPORT,
    },
  },
  {
    key: "deck_arc",
    table: "flights",
    params: {
      start_spatial: { type: "latlong", lonCol: "LONGITUDE", latCol: "LATITUDE" },
      end_spatial: { type: "latlong", lonCol: "LONGITUDE_DEST", latCol: "LATITUDE_DEST" },
      row_limit: 150,
      color_picker: COLOR,
      target_color_picker: { r: 204, g: 0, b: 0, a: 1 },
      stroke_width: 1,
      viewport: { longitude: -98, latitude: 38, zoom: 3, bearing: 0, pitch: 0 },
    },
  },
  {
    key: "deck_path",
    table: "bart_lines",
    params: {
      line_column: "path_json",
      line_type: "json",
      line_width: 150,
      reverse_long_lat: false,
      js_columns: ["color"],
      row_limit: 5000,
      color_picker: COLOR,
      viewport: VIEWPORT,
    },
  },
  {
    key: "deck_polygon",
    table: "sf_population_polygons",
    params: {
      line_column: "contour",
      line_type: "json",
      metric: "sum__population",
      point_radius_fixed: { type: "fix", value: 1000 },
      linear_color_scheme: "oranges",
      opacity: 80,
      filled: true,
      stroked: false,
      row_limit: 10000,
      viewport: VIEWPORT,
    },
  },
  {
    key: "country_map",
    table: "birth_france_by_region",
    params: {
      select_country: "france",
      entity: "DEPT_ID",
      metric: { ...sumOf("2004"), aggregate: "AVG", label: "Boys" },
      linear_color_scheme: "superset_seq_1",
      number_format: "SMART_NUMBER",
      row_limit: 500,
    },
  },
  {
    key: "world_map",
    table: "covid_vaccines",
    params: {
      entity: "ioc_country_code",
      country_fieldtype: "cioc",
      metric: "count",
      secondary_metric: "count",
      show_bubbles: true,
      max_bubble_size: "25",
      color_by: "metric",
      linear_color_scheme: "superset_seq_1",
      row_limit: 500,
    },
  },
];

beforeAll(async () => {
  e = await startE2E([...new Set(CHARTS.map((c) => c.table))]);
  e.page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.protocol === "data:" || url.protocol === "blob:") return;
    if (url.hostname !== "127.0.0.1" && url.hostname !== "localhost") offsite.push(req.url());
    if (url.pathname.startsWith("/api/v1/chart/data") && req.method() === "POST") dataRequests++;
  });
  e.page.on("response", async (res) => {
    if (!res.url().includes("/api/v1/chart/data") || res.request().method() !== "POST" || !res.ok()) return;
    const sent = JSON.parse(res.request().postData() ?? "{}") as { form_data?: { slice_id?: number } };
    const body = (await res.json().catch(() => null)) as {
      result?: { data?: Record<string, unknown>[] }[];
    } | null;
    const id = sent.form_data?.slice_id;
    if (id && body?.result?.[0]?.data) replies.set(id, body.result[0].data);
  });
  await logIn(e, "/superset/welcome/");
  dashboardId = (
    await api<{ id: number }>("POST", "/api/v1/dashboard/", { dashboard_title: "Maps", published: true })
  ).id;
  for (const chart of CHARTS) {
    const ds = await datasetIdOf(e, chart.table);
    const params = {
      datasource: `${ds}__table`,
      viz_type: chart.key,
      adhoc_filters: [],
      time_range: "No filter",
      ...chart.params,
    };
    ids[chart.key] = (
      await api<{ id: number }>("POST", "/api/v1/chart/", {
        slice_name: `Map ${chart.key}`,
        viz_type: chart.key,
        datasource_id: ds,
        datasource_type: "table",
        params: JSON.stringify(params),
        dashboards: [dashboardId],
      })
    ).id;
  }
  const item = (id: string, type: string, children: string[] = [], meta: Record<string, unknown> = {}) => ({
    [id]: { id, type, children, meta },
  });
  const rows = [0, 1, 2, 3, 4].map((r) => CHARTS.slice(r * 2, r * 2 + 2).map((c) => c.key));
  const layout = {
    ...item("ROOT_ID", "ROOT", ["GRID_ID"]),
    ...item(
      "GRID_ID",
      "GRID",
      rows.map((_, r) => `ROW-${r}`),
    ),
    ...Object.assign(
      {},
      ...rows.map((keys, r) =>
        item(
          `ROW-${r}`,
          "ROW",
          keys.map((k) => `CHART-${k}`),
        ),
      ),
    ),
    ...Object.assign(
      {},
      ...CHARTS.map((c) =>
        item(`CHART-${c.key}`, "CHART", [], { chartId: ids[c.key], width: 6, height: 50 }),
      ),
    ),
  };
  await api("PUT", `/api/v1/dashboard/${dashboardId}`, { position_json: JSON.stringify(layout) });
}, 180_000);

afterAll(async () => {
  await e?.close();
});

/**
 * The rows of each chart's last chart-data reply in Explore, by chart id. (The aggregating charts
 * differ in row limits so that no two charts share a query.)
 */
const replies = new Map<number, Record<string, unknown>[]>();

/** The rows each chart was drawn from in Explore, by viz type. */
const explored = new Map<string, Record<string, unknown>[]>();

async function chartRows(key: string): Promise<Record<string, unknown>[]> {
  await expect
    .poll(() => replies.has(ids[key]), { timeout: 30_000, message: `${key}'s chart data` })
    .toBe(true);
  return replies.get(ids[key])!;
}

interface Marks {
  points: number;
  regions: number[];
  lineTraces: number;
  lineSegments: number;
  zSum: number;
  locations: number;
}

/** What a drawn map shows: markers, filled regions per choropleth trace, lines, and the cell totals. */
function marksOf(scope: string): Promise<Marks> {
  return e.page.locator(`${scope} ${dt("map-chart")} .js-plotly-plot`).evaluate((el) => {
    const traces = [...el.querySelectorAll("g.trace.choropleth")];
    const lines = [...el.querySelectorAll("g.trace.scattergeo path.js-line")];
    const data = (el as unknown as { data: { type: string; z?: number[]; locations?: unknown[] }[] }).data;
    const cells = data.filter((t) => t.type === "choropleth").at(-1);
    return {
      points: el.querySelectorAll("g.trace.scattergeo path.point").length,
      regions: traces.map((t) => t.querySelectorAll("path.choroplethlocation").length),
      lineTraces: lines.length,
      lineSegments: lines.reduce((n, l) => n + (l.getAttribute("d")?.match(/M/g)?.length ?? 0), 0),
      zSum: (cells?.z ?? []).reduce((a, b) => a + b, 0),
      locations: cells?.locations?.length ?? 0,
    };
  });
}

const EXPECT: Record<string, (m: Marks, rows: Record<string, unknown>[]) => void> = {
  deck_scatter: (m, rows) => {
    expect(rows.length).toBe(300);
    expect(m.points).toBe(rows.length);
  },
  deck_hex: (m, rows) => {
    const total = rows.reduce((a, r) => a + Number(r.count), 0);
    expect(m.zSum).toBe(total);
    expect(m.regions).toEqual([m.locations]);
    expect(m.locations).toBeGreaterThan(3);
    expect(m.locations).toBeLessThan(rows.length);
  },
  deck_grid: (m, rows) => EXPECT.deck_hex(m, rows),
  deck_screengrid: (m, rows) => EXPECT.deck_hex(m, rows),
  deck_heatmap: (m, rows) => EXPECT.deck_hex(m, rows),
  deck_arc: (m, rows) => {
    expect(rows.length).toBe(150);
    expect(m.lineSegments).toBe(rows.length);
  },
  deck_path: (m, rows) => {
    expect(rows.length).toBeGreaterThan(3);
    expect(m.lineTraces).toBe(rows.length);
  },
  deck_polygon: (m, rows) => {
    expect(rows.length).toBeGreaterThan(20);
    expect(m.regions).toEqual([rows.length]);
  },
  country_map: (m, rows) => {
    // Every metropolitan department outlined, each row's department filled.
    expect(rows.length).toBe(96);
    expect(m.regions).toEqual([96, 96]);
  },
  world_map: (m) => {
    // 39 distinct non-empty codes; "JAP" is no IOC code (Japan is JPN), so 38 countries.
    expect(m.regions[1]).toBe(38);
    expect(m.regions[0]).toBeGreaterThan(150);
    expect(m.points).toBe(38);
  },
};

describe("map visualisations", () => {
  for (const chart of CHARTS) {
    it(`${chart.key} opens in Explore with its marks`, async () => {
      replies.delete(ids[chart.key]);
      await e.page.goto(`${e.url}/explore/?slice_id=${ids[chart.key]}`);
      await e.page.locator(`${dt("map-chart")} .js-plotly-plot`).waitFor({ timeout: 30_000 });
      const rows = await chartRows(chart.key);
      await expect
        .poll(() => marksOf("body").then((m) => m.points + m.regions.length + m.lineTraces))
        .toBeGreaterThan(0);
      EXPECT[chart.key](await marksOf("body"), rows);
      explored.set(chart.key, rows);
    });
  }

  it("redraws a path in the colour picked in Explore, without a new query", async () => {
    await e.page.goto(`${e.url}/explore/?slice_id=${ids.deck_path}`);
    const line = e.page.locator(`${dt("map-chart")} g.trace.scattergeo path.js-line`).first();
    await line.waitFor({ timeout: 30_000 });
    expect(await line.evaluate((el) => getComputedStyle(el).stroke)).toBe("rgb(0, 122, 135)");
    const before = dataRequests;
    await e.page.getByRole("tab", { name: "Customize" }).click();
    await e.page.locator(`input${dt("control-color_picker")}`).fill("rgba(204, 0, 0, 1)");
    await expect
      .poll(() =>
        e.page
          .locator(`${dt("map-chart")} g.trace.scattergeo path.js-line`)
          .first()
          .evaluate((el) => getComputedStyle(el).stroke),
      )
      .toBe("rgb(204, 0, 0)");
    expect(dataRequests).toBe(before);
  });

  it("shows the saved positions in the spatial controls", async () => {
    await e.page.goto(`${e.url}/explore/?slice_id=${ids.deck_arc}`);
    await e.page.locator(`${dt("map-chart")} .js-plotly-plot`).waitFor({ timeout: 30_000 });
    const field = (name: string) => e.page.locator(`input${dt(name)}`);
    await expect.poll(() => field("control-start_spatial-lonCol").inputValue()).toBe("LONGITUDE");
    expect(await field("control-start_spatial-latCol").inputValue()).toBe("LATITUDE");
    expect(await field("control-end_spatial-lonCol").inputValue()).toBe("LONGITUDE_DEST");
    expect(await field("control-end_spatial-latCol").inputValue()).toBe("LATITUDE_DEST");
  });

  it("draws every map on a dashboard with the same marks, and nothing leaves the server", async () => {
    await e.page.goto(`${e.url}/superset/dashboard/${dashboardId}/`);
    for (const chart of CHARTS) {
      const scope = `${dt("dashboard-chart")}[data-chart-id="${ids[chart.key]}"]`;
      // Dashboards draw a chart when it scrolls into view.
      await e.page.locator(scope).scrollIntoViewIfNeeded();
      await e.page.locator(`${scope} ${dt("map-chart")} .js-plotly-plot`).waitFor({ timeout: 30_000 });
      // The dashboard may batch its charts' queries: the rows are those Explore drew from.
      const rows = explored.get(chart.key);
      expect(rows, `${chart.key} opened in Explore first`).toBeTruthy();
      await expect
        .poll(() => marksOf(scope).then((m) => m.points + m.regions.length + m.lineTraces))
        .toBeGreaterThan(0);
      EXPECT[chart.key](await marksOf(scope), rows!);
    }
    expect(offsite).toEqual([]);
  });

  it("a click on a country (or a department) cross-filters a table on the same dataset; a second click clears it", async () => {
    // A map and a table of the same dataset side by side, per map kind.
    const pairs = [
      { key: "world_map", table: "covid_vaccines", column: "ioc_country_code" },
      { key: "country_map", table: "birth_france_by_region", column: "DEPT_ID" },
    ];
    const dashboard = await createDashboard(e, "Map cross filters");
    const made: { map: number; table: number; column: string }[] = [];
    for (const pair of pairs) {
      const datasetId = await datasetIdOf(e, pair.table);
      const chart = CHARTS.find((c) => c.key === pair.key)!;
      const save = (name: string, params: ChartFormData) =>
        createChart(e, {
          name,
          datasetId,
          params: { time_range: "No filter", ...params },
          dashboards: [dashboard],
        });
      made.push({
        map: await save(`Filtering ${pair.key}`, { viz_type: pair.key, ...chart.params }),
        table: await save(`Filtered by ${pair.key}`, {
          viz_type: "table",
          query_mode: "aggregate",
          groupby: [pair.column],
          metrics: ["count"],
          row_limit: 1000,
        }),
        column: pair.column,
      });
    }
    const layout = gridLayout(
      made.map((m) => [
        { chartId: m.map, width: 6 },
        { chartId: m.table, width: 6 },
      ]),
    );
    await api("PUT", `/api/v1/dashboard/${dashboard}`, { position_json: JSON.stringify(layout) });
    await e.page.goto(`${e.url}/superset/dashboard/${dashboard}/`);
    const box = (id: number) => e.page.locator(`${dt("dashboard-chart")}[data-chart-id="${id}"]`);
    for (const m of made) {
      const map = box(m.map);
      const rowcount = box(m.table).locator(dt("table-chart-rowcount"));
      await map.scrollIntoViewIfNeeded();
      await map.locator(`${dt("map-chart")} .js-plotly-plot`).waitFor({ timeout: 30_000 });
      await rowcount.waitFor({ timeout: 30_000 });
      const before = await rowcount.textContent();
      // The largest filled region (the second choropleth: the first outlines every region), at
      // the centre of its box: Plotly finds what was clicked from the pointer's position.
      const at = await map
        .locator("g.trace.choropleth")
        .nth(1)
        .evaluate((trace) => {
          const boxes = [...trace.querySelectorAll("path.choroplethlocation")].map((p) =>
            p.getBoundingClientRect(),
          );
          const big = boxes.sort((a, b) => b.width * b.height - a.width * a.height)[0];
          return { x: big.x + big.width / 2, y: big.y + big.height / 2 };
        });
      await e.page.mouse.move(at.x, at.y);
      await e.page.mouse.click(at.x, at.y);
      const badge = map.locator(dt("cross-filter-badge"));
      await expect.poll(() => badge.count(), { timeout: 15_000 }).toBe(1);
      const text = (await badge.textContent()) ?? "";
      expect(text.startsWith(`${m.column} = `), text).toBe(true);
      const value = text.slice(`${m.column} = `.length).trim();
      // The table keeps the clicked region's row only; the map fades the other regions.
      await expect.poll(() => rowcount.textContent(), { timeout: 30_000 }).toBe("1 rows");
      expect(await box(m.table).locator('[role="gridcell"]').first().textContent()).toBe(value);
      const faded = await map
        .locator(".js-plotly-plot")
        .evaluate(
          (el) => (el as unknown as { data: { marker?: { opacity?: unknown } }[] }).data[1].marker?.opacity,
        );
      expect(Array.isArray(faded) && faded.includes(0.3) && faded.includes(1)).toBe(true);
      await e.page.mouse.click(at.x, at.y);
      await expect.poll(() => badge.count(), { timeout: 15_000 }).toBe(0);
      await expect.poll(() => rowcount.textContent(), { timeout: 30_000 }).toBe(before);
    }
  });

  it("a click on a deck.gl point cross-filters a table by its position; a second click clears it", async () => {
    const datasetId = await datasetIdOf(e, "long_lat");
    const dashboard = await createDashboard(e, "Point cross filter");
    const save = (name: string, params: ChartFormData) =>
      createChart(e, {
        name,
        datasetId,
        params: { time_range: "No filter", ...params },
        dashboards: [dashboard],
      });
    const scatter = CHARTS.find((c) => c.key === "deck_scatter")!;
    const mapId = await save("Filtering points", {
      viz_type: "deck_scatter",
      ...scatter.params,
      row_limit: 40,
    });
    const tableId = await save("Filtered positions", {
      viz_type: "table",
      query_mode: "aggregate",
      groupby: ["LON", "LAT"],
      metrics: ["count"],
      row_limit: 10,
    });
    const layout = gridLayout([
      [
        { chartId: mapId, width: 6 },
        { chartId: tableId, width: 6 },
      ],
    ]);
    await api("PUT", `/api/v1/dashboard/${dashboard}`, { position_json: JSON.stringify(layout) });
    await e.page.goto(`${e.url}/superset/dashboard/${dashboard}/`);
    const box = (id: number) => e.page.locator(`${dt("dashboard-chart")}[data-chart-id="${id}"]`);
    const rowcount = box(tableId).locator(dt("table-chart-rowcount"));
    await expect.poll(() => rowcount.textContent(), { timeout: 30_000 }).toBe("10 rows");
    const point = box(mapId).locator("g.trace.scattergeo path.point").first();
    await point.waitFor({ timeout: 30_000 });
    const at = await point.boundingBox();
    if (!at) throw new Error("the layer has no drawn point");
    const [x, y] = [at.x + at.width / 2, at.y + at.height / 2];
    await e.page.mouse.move(x, y);
    await e.page.mouse.click(x, y);
    const badge = box(mapId).locator(dt("cross-filter-badge"));
    await expect.poll(() => badge.count(), { timeout: 15_000 }).toBe(1);
    expect(await badge.textContent()).toMatch(/^LON, LAT = -?[\d.]+, -?[\d.]+$/);
    // Only the rows at the clicked point's longitude and latitude remain.
    await expect.poll(() => rowcount.textContent(), { timeout: 30_000 }).toBe("1 rows");
    await e.page.mouse.click(x, y);
    await expect.poll(() => badge.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => rowcount.textContent(), { timeout: 30_000 }).toBe("10 rows");
  });
});
