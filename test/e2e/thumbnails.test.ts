import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, datasetIdOf, dt, type E2E, logIn, startE2E } from "./browser.ts";

/**
 * Card pictures in Chromium: the chart and dashboard lists' card views and the home page show
 * each object's thumbnail once the server has drawn it (asked for, waited on, then shown).
 */
let e: E2E;
let chartId: number;

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e);
  const birth = await datasetIdOf(e, "birth_names");
  chartId = (
    await apiCall<{ id: number }>(e, "POST", "/api/v1/chart/", {
      slice_name: "Pictured births",
      viz_type: "table",
      datasource_id: birth,
      datasource_type: "table",
      params: JSON.stringify({
        datasource: `${birth}__table`,
        viz_type: "table",
        groupby: ["gender"],
        metrics: ["count"],
      }),
    })
  ).id;
  await apiCall<{ id: number }>(e, "POST", "/api/v1/dashboard/", {
    dashboard_title: "Pictured dashboard",
    published: true,
    position_json: JSON.stringify({
      ROOT_ID: { id: "ROOT_ID", type: "ROOT", children: ["GRID_ID"] },
      GRID_ID: { id: "GRID_ID", type: "GRID", children: ["ROW-1"], parents: ["ROOT_ID"] },
      "ROW-1": { id: "ROW-1", type: "ROW", children: ["CHART-1"], parents: ["ROOT_ID", "GRID_ID"] },
      "CHART-1": {
        id: "CHART-1",
        type: "CHART",
        children: [],
        parents: ["ROOT_ID", "GRID_ID", "ROW-1"],
        meta: { chartId, width: 6, height: 50 },
      },
    }),
  });
}, 120_000);
afterAll(async () => {
  await e?.close();
});

/** The picture in the card titled `title`, once it has loaded (a real PNG, not a broken image). */
async function pictureWidth(title: string): Promise<number> {
  const card = e.page.locator(".mantine-Card-root", { hasText: title }).first();
  const img = card.locator(dt("thumbnail-image"));
  await img.waitFor({ state: "visible", timeout: 90_000 });
  await expect
    .poll(
      () => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThan(0);
  return img.evaluate((el) => (el as HTMLImageElement).naturalWidth);
}

describe("thumbnails in card views", () => {
  it("shows the chart's picture in the chart list's card view", async () => {
    await e.page.goto(`${e.url}/chart/list/`);
    await e.page.locator(dt("card-view")).click();
    expect(await pictureWidth("Pictured births")).toBeGreaterThan(500);
  }, 150_000);

  it("shows the dashboard's picture in the dashboard list's card view", async () => {
    await e.page.goto(`${e.url}/dashboard/list/`);
    await e.page.locator(dt("card-view")).click();
    expect(await pictureWidth("Pictured dashboard")).toBeGreaterThan(500);
  }, 150_000);

  it("shows the same pictures on the home page's cards", async () => {
    await e.page.goto(`${e.url}/superset/welcome/`);
    expect(await pictureWidth("Pictured births")).toBeGreaterThan(500);
  }, 150_000);
});
