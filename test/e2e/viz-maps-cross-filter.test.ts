import type { Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, datasetIdOf, dt, type E2E, logIn, startE2E } from "./browser.ts";
import { type ChartFormData, createChart, createDashboard, gridLayout } from "./dashboard-seed.ts";

/**
 * deck.gl layers on a dashboard cross-filter the other charts as Superset's do: a hexagon by its
 * first point's position, a polygon by its line column (custom SQL, spaces removed). The table
 * beside each layer, on the same dataset, keeps the picked rows; a second click clears it.
 */

let e: E2E;
let dashboard = 0;
const ids = { hex: 0, positions: 0, polygons: 0, zipcodes: 0 };
const COLOR = { r: 0, g: 122, b: 135, a: 1 };
const VIEWPORT = { longitude: -122.42, latitude: 37.76, zoom: 11, bearing: 0, pitch: 0 };

beforeAll(async () => {
  e = await startE2E(["long_lat", "sf_population_polygons"]);
  await logIn(e, "/superset/welcome/");
  dashboard = await createDashboard(e, "Layer cross filters");
  const save = async (table: string, name: string, params: ChartFormData) =>
    createChart(e, {
      name,
      datasetId: await datasetIdOf(e, table),
      params: { time_range: "No filter", ...params },
      dashboards: [dashboard],
    });
  ids.hex = await save("long_lat", "Hexagons", {
    viz_type: "deck_hex",
    spatial: { type: "latlong", lonCol: "LON", latCol: "LAT" },
    size: "count",
    grid_size: 400,
    js_agg_function: "sum",
    row_limit: 200,
    color_picker: COLOR,
    viewport: VIEWPORT,
  });
  ids.positions = await save("long_lat", "Positions", {
    viz_type: "table",
    query_mode: "aggregate",
    groupby: ["LON", "LAT"],
    metrics: ["count"],
    row_limit: 10,
  });
  ids.polygons = await save("sf_population_polygons", "Zip codes", {
    viz_type: "deck_polygon",
    line_column: "contour",
    line_type: "json",
    metric: "sum__population",
    linear_color_scheme: "oranges",
    opacity: 80,
    filled: true,
    row_limit: 10000,
    viewport: VIEWPORT,
  });
  ids.zipcodes = await save("sf_population_polygons", "Population by zip code", {
    viz_type: "table",
    query_mode: "aggregate",
    groupby: ["zipcode"],
    metrics: ["sum__population"],
    row_limit: 1000,
  });
  const layout = gridLayout([
    [
      { chartId: ids.hex, width: 6 },
      { chartId: ids.positions, width: 6 },
    ],
    [
      { chartId: ids.polygons, width: 6 },
      { chartId: ids.zipcodes, width: 6 },
    ],
  ]);
  await apiCall(e, "PUT", `/api/v1/dashboard/${dashboard}`, { position_json: JSON.stringify(layout) });
}, 120_000);

afterAll(async () => {
  await e?.close();
});

const box = (id: number) => e.page.locator(`${dt("dashboard-chart")}[data-chart-id="${id}"]`);

/**
 * A screen point inside the largest drawn cell or polygon of a layer: Plotly finds what was
 * clicked from the pointer's place, and a polygon's box centre may lie outside a concave shape.
 */
function insideLargest(layer: Locator): Promise<{ x: number; y: number }> {
  return layer.locator("g.trace.choropleth").evaluate((trace) => {
    const paths = [...trace.querySelectorAll<SVGPathElement>("path.choroplethlocation")];
    const area = (p: SVGPathElement) => p.getBBox().width * p.getBBox().height;
    const big = paths.sort((a, b) => area(b) - area(a))[0];
    const bb = big.getBBox();
    const ctm = big.getScreenCTM();
    if (!ctm) throw new Error("the shape is not drawn");
    for (let i = 1; i < 12; i++) {
      for (let j = 1; j < 12; j++) {
        const local = new DOMPoint(bb.x + (bb.width * i) / 12, bb.y + (bb.height * j) / 12);
        if (!big.isPointInFill(local)) continue;
        const at = local.matrixTransform(ctm);
        return { x: at.x, y: at.y };
      }
    }
    throw new Error("no point inside the shape");
  });
}

async function clickAt(at: { x: number; y: number }) {
  await e.page.mouse.move(at.x, at.y);
  await e.page.mouse.click(at.x, at.y);
}

describe("deck.gl layer cross filters", () => {
  it("a hexagon filters by its first point's position and a polygon by its contour; a second click clears each", async () => {
    await e.page.goto(`${e.url}/superset/dashboard/${dashboard}/`);

    // The hexagon layer and a table of positions on long_lat.
    const positions = box(ids.positions).locator(dt("table-chart-rowcount"));
    await expect.poll(() => positions.textContent(), { timeout: 30_000 }).toBe("10 rows");
    const hex = box(ids.hex);
    await hex
      .locator(`${dt("map-chart")} path.choroplethlocation`)
      .first()
      .waitFor({ timeout: 30_000 });
    const cell = await insideLargest(hex);
    await clickAt(cell);
    const hexBadge = hex.locator(dt("cross-filter-badge"));
    await expect.poll(() => hexBadge.count(), { timeout: 15_000 }).toBe(1);
    const text = (await hexBadge.textContent()) ?? "";
    expect(text).toMatch(/^LON, LAT = -?[\d.]+, -?[\d.]+$/);
    // The table keeps the rows at that point only: one position, the badge's.
    await expect.poll(() => positions.textContent(), { timeout: 30_000 }).toBe("1 rows");
    const [lon, lat] = text.slice("LON, LAT = ".length).split(", ").map(Number);
    const cells = await box(ids.positions).locator('[role="gridcell"]').allTextContents();
    expect(Number(cells[0].replaceAll(",", ""))).toBeCloseTo(lon, 5);
    expect(Number(cells[1].replaceAll(",", ""))).toBeCloseTo(lat, 5);
    await clickAt(cell);
    await expect.poll(() => hexBadge.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => positions.textContent(), { timeout: 30_000 }).toBe("10 rows");

    // The polygon layer and a table of zip codes on sf_population_polygons.
    const polygons = box(ids.polygons);
    await polygons.scrollIntoViewIfNeeded();
    const zipcodes = box(ids.zipcodes).locator(dt("table-chart-rowcount"));
    await zipcodes.waitFor({ timeout: 30_000 });
    const before = await zipcodes.textContent();
    expect(Number.parseInt(before ?? "0", 10)).toBeGreaterThan(20);
    await polygons
      .locator(`${dt("map-chart")} path.choroplethlocation`)
      .first()
      .waitFor({ timeout: 30_000 });
    const shape = await insideLargest(polygons);
    await clickAt(shape);
    const polygonBadge = polygons.locator(dt("cross-filter-badge"));
    await expect.poll(() => polygonBadge.count(), { timeout: 15_000 }).toBe(1);
    expect(await polygonBadge.textContent()).toMatch(/^contour = \[\[/);
    // Exactly the clicked zip code remains.
    await expect.poll(() => zipcodes.textContent(), { timeout: 30_000 }).toBe("1 rows");
    await clickAt(shape);
    await expect.poll(() => polygonBadge.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => zipcodes.textContent(), { timeout: 30_000 }).toBe(before);
  });
});
