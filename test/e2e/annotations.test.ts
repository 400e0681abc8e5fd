import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, datasetIdOf, dt, type E2E, logIn, startE2E } from "./browser.ts";

let e: E2E;

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e, "/superset/welcome/");
});
afterAll(async () => {
  await e?.close();
});

/** Picks an option of a Mantine Select found by its data-test attribute. */
async function choose(testId: string, option: string | RegExp) {
  await e.page.locator(dt(testId)).click();
  await e.page.getByRole("option", { name: option }).first().click();
}

describe("Annotation layers in Chromium", () => {
  it("creates a layer and an event through the admin pages", async () => {
    await e.page.goto(`${e.url}/superset/welcome/`);
    // Settings → Annotation layers
    await e.page.locator(dt("navbar-menu")).filter({ hasText: "Settings" }).click();
    await e.page.getByRole("menuitem", { name: "Annotation layers" }).click();
    await e.page.waitForURL(/\/annotationlayer\/list\/$/);

    await e.page.locator(dt("btn-add-annotation-layer")).click();
    await e.page.locator(dt("layer-name")).fill("Milestones");
    await e.page.locator(dt("layer-descr")).fill("Things that happened");
    await e.page.locator(`${dt("annotation-layer-admin-modal")} ${dt("modal-save-button")}`).click();
    const link = e.page.locator(dt("annotation-layer-link")).filter({ hasText: "Milestones" });
    await link.waitFor({ timeout: 15_000 });

    await link.click();
    await e.page.waitForURL(/\/annotationlayer\/\d+\/annotation\/$/);
    await expect
      .poll(() => e.page.locator(dt("annotation-layer-title")).textContent(), { timeout: 15_000 })
      .toContain("Milestones");
    await e.page.locator(dt("btn-add-annotation")).click();
    await e.page.locator(dt("annotation-short-descr")).fill("Big launch");
    await e.page.locator(dt("annotation-start")).fill("1995-06-01T00:00:00");
    await e.page.locator(dt("annotation-long-descr")).fill("The day it shipped");
    await e.page.locator(`${dt("annotation-modal")} ${dt("modal-save-button")}`).click();
    await expect
      .poll(() => e.page.locator(dt("annotation-label")).allTextContents(), { timeout: 15_000 })
      .toEqual(["Big launch"]);

    const layers = await apiCall<{ result: { id: number; name: string }[] }>(
      e,
      "GET",
      "/api/v1/annotation_layer/",
    );
    const layer = layers.result.find((l) => l.name === "Milestones")!;
    const annotations = await apiCall<{
      result: { short_descr: string; start_dttm: string; end_dttm: string }[];
    }>(e, "GET", `/api/v1/annotation_layer/${layer.id}/annotation/`);
    expect(annotations.result).toEqual([
      expect.objectContaining({
        short_descr: "Big launch",
        start_dttm: "1995-06-01T00:00:00",
        end_dttm: "1995-06-01T00:00:00",
      }),
    ]);
  });

  it("adds an event layer and a formula layer to a line chart and draws both", async () => {
    const id = await datasetIdOf(e, "birth_names");
    await e.page.goto(
      `${e.url}/explore/?datasource_type=table&datasource_id=${id}&viz_type=echarts_timeseries_line`,
    );
    await e.page.locator(dt("explore-page")).waitFor();
    await e.page.locator(dt("section-Annotation layers")).click();

    // An event layer from the Superset annotation layer made above.
    await e.page.locator(dt("add-annotation-layer")).click();
    await e.page.locator(dt("annotation-layer-name")).fill("Launches");
    await choose("annotation-layer-type", "Event");
    await choose("annotation-layer-value", "Milestones");
    await e.page.locator(dt("annotation-layer-apply")).click();

    // A formula layer; an invalid formula is refused first.
    await e.page.locator(dt("add-annotation-layer")).click();
    await e.page.locator(dt("annotation-layer-name")).fill("Trend");
    await e.page.locator(dt("annotation-layer-formula")).fill("alert(1)");
    await e.page.locator(dt("annotation-layer-apply")).click();
    await e.page.getByText('Unknown name "alert"', { exact: false }).waitFor();
    await e.page.locator(dt("annotation-layer-formula")).fill("y = 1000 + x / 1e9");
    await e.page.locator(dt("annotation-layer-apply")).click();
    await expect
      .poll(() => e.page.locator(dt("annotation-layer-item")).allTextContents(), { timeout: 15_000 })
      .toEqual(["LaunchesEvent", "TrendFormula"]);

    await e.page.locator(dt("run-query-button")).click();
    const chart = e.page.locator(dt("plotly-chart"));
    await chart.locator("svg.main-svg g.trace.scatter").first().waitFor({ timeout: 30_000 });
    // The event: one vertical line shape, with its label mark carrying the hover text.
    await expect.poll(() => chart.locator(".shapelayer path").count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => chart.locator(".annotation-text").allTextContents(), { timeout: 15_000 })
      .toContain("▾");
    // The formula: a second line trace named after its layer.
    await expect.poll(() => chart.locator("g.trace.scatter").count(), { timeout: 15_000 }).toBe(2);
    await expect
      .poll(() => chart.locator(".legendtext").allTextContents(), { timeout: 15_000 })
      .toContain("Trend");
  });
});
