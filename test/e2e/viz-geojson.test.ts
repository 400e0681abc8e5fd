import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, datasetIdOf, dt, type E2E, logIn, startE2E } from "./browser.ts";
import { createChart, createDashboard, gridLayout } from "./dashboard-seed.ts";

/**
 * deck.gl GeoJSON layer: a virtual dataset whose rows hold GeoJSON text (San Francisco's
 * population polygons as features, a route and a depot), charted with Superset's form data,
 * draws every area, line and point in Explore and on a dashboard.
 */

let e: E2E;
let chartId = 0;
let polygons = 0;

const api = <T>(method: string, path: string, body?: unknown) => apiCall<T>(e, method, path, body);

// Each zone a Feature named after its zip code, filled red where the population is large.
const SHAPES_SQL = `
SELECT '{"type":"Feature","properties":{"name":"' || zipcode || '","fillColor":"' ||
       CASE WHEN population > 30000 THEN '#cc0000' ELSE '#2060c0' END ||
       '"},"geometry":{"type":"Polygon","coordinates":[' || contour || ']}}' AS shape
FROM sf_population_polygons
UNION ALL SELECT '{"type":"LineString","coordinates":[[-122.45,37.75],[-122.41,37.78],[-122.39,37.79]]}'
UNION ALL SELECT '{"type":"Point","coordinates":[-122.42,37.76]}'
UNION ALL SELECT 'not GeoJSON at all'`;

beforeAll(async () => {
  e = await startE2E(["sf_population_polygons"]);
  await logIn(e, "/superset/welcome/");
  const table = await datasetIdOf(e, "sf_population_polygons");
  const { database } = (
    await api<{ result: { database: { id: number } } }>("GET", `/api/v1/dataset/${table}`)
  ).result;
  const dataset = await api<{ id: number }>("POST", "/api/v1/dataset/", {
    database: database.id,
    table_name: "sf_shapes_geojson",
    sql: SHAPES_SQL,
  });
  polygons = (
    await api<{ result: { data: { n: number }[] }[] }>("POST", "/api/v1/chart/data", {
      datasource: { id: table, type: "table" },
      queries: [{ metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "n" }], columns: [] }],
    })
  ).result[0].data[0].n;
  chartId = await createChart(e, {
    name: "Zones, route and depot",
    datasetId: dataset.id,
    params: {
      viz_type: "deck_geojson",
      geojson: "shape",
      row_limit: 5000,
      filter_nulls: true,
      time_range: "No filter",
      // A transparent fill picker: each feature keeps its own fillColor, as in Superset.
      fill_color_picker: { r: 0, g: 0, b: 0, a: 0 },
      stroke_color_picker: { r: 0, g: 122, b: 135, a: 1 },
      filled: true,
      stroked: true,
      line_width: 2,
      line_width_unit: "pixels",
      viewport: { longitude: -122.42, latitude: 37.76, zoom: 11, bearing: 0, pitch: 0 },
      mapbox_style: "mapbox://styles/mapbox/light-v9",
    },
  });
}, 180_000);

afterAll(async () => {
  await e?.close();
});

/** What the drawn map shows: filled areas by fill colour, stroked lines, markers. */
function marksOf(scope: string) {
  return e.page.locator(`${scope} ${dt("map-chart")} .js-plotly-plot`).evaluate((el) => {
    const areas = [...el.querySelectorAll("g.trace.choropleth path.choroplethlocation")];
    const fills: Record<string, number> = {};
    for (const a of areas) {
      const fill = getComputedStyle(a).fill;
      fills[fill] = (fills[fill] ?? 0) + 1;
    }
    return {
      areas: areas.length,
      fills,
      lines: el.querySelectorAll("g.trace.scattergeo path.js-line").length,
      points: el.querySelectorAll("g.trace.scattergeo path.point").length,
    };
  });
}

describe("deck.gl GeoJSON", () => {
  it("draws every zone in its own colour, the route and the depot, in Explore", async () => {
    await e.page.goto(`${e.url}/explore/?slice_id=${chartId}`);
    await e.page.locator(`${dt("map-chart")} .js-plotly-plot`).waitFor({ timeout: 30_000 });
    await expect.poll(() => marksOf("body").then((m) => m.areas)).toBe(polygons);
    const marks = await marksOf("body");
    expect(polygons).toBeGreaterThan(20);
    expect(marks.lines).toBe(1);
    expect(marks.points).toBe(1);
    // Red for the populous zones, blue for the rest: the features' colours, not the picker's.
    expect(Object.keys(marks.fills).sort()).toEqual(["rgb(204, 0, 0)", "rgb(32, 96, 192)"]);
    // Explore names the visualisation (not the "not supported" placeholder it had before).
    expect(await e.page.getByText("deck.gl Geojson").count()).toBeGreaterThan(0);
  });

  it("draws the same on a dashboard", async () => {
    const dashboard = await createDashboard(e, "Shapes");
    await api("PUT", `/api/v1/chart/${chartId}`, { dashboards: [dashboard] });
    await api("PUT", `/api/v1/dashboard/${dashboard}`, {
      position_json: JSON.stringify(gridLayout([[{ chartId, width: 12, height: 60 }]])),
    });
    await e.page.goto(`${e.url}/superset/dashboard/${dashboard}/`);
    const scope = `${dt("dashboard-chart")}[data-chart-id="${chartId}"]`;
    await e.page.locator(`${scope} ${dt("map-chart")} .js-plotly-plot`).waitFor({ timeout: 30_000 });
    await expect.poll(() => marksOf(scope).then((m) => m.areas)).toBe(polygons);
    const marks = await marksOf(scope);
    expect([marks.lines, marks.points]).toEqual([1, 1]);
  });
});
