import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dt, type E2E } from "./browser.ts";
import { createChart, createDashboard, startWithBirthNames } from "./dashboard-seed.ts";

let e: E2E;
let chartId = 0;
let dashboardId = 0;
const CHART = "Home e2e births by gender";
const DASHBOARD = "Home e2e board";

beforeAll(async () => {
  let datasource: number;
  ({ e, birthNames: datasource } = await startWithBirthNames());
  chartId = await createChart(e, {
    name: CHART,
    datasetId: datasource,
    params: { viz_type: "table", metrics: ["count"], groupby: ["gender"] },
  });
  dashboardId = await createDashboard(e, DASHBOARD);
});
afterAll(async () => {
  await e?.close();
});

/** Waits for the SPA's event batch that carries `needle` (it leaves within a second). */
const eventSent = (needle: string) =>
  e.page.waitForResponse(
    (r) => r.url().includes("/superset/log/") && (r.request().postData() ?? "").includes(needle),
    { timeout: 15_000 },
  );

const panel = (name: string) => e.page.locator(dt(`home-panel-${name}`));
const cardTitles = (name: string) => panel(name).locator(dt("home-card-title")).allTextContents();

describe("Home page and favourites in Chromium", () => {
  it("stars a chart in Explore and finds it under Favorite on the home page", async () => {
    const mounted = eventSent('"mount_explorer"');
    await e.page.goto(`${e.url}/explore/?slice_id=${chartId}`);
    const star = e.page.locator(`${dt("explore-header")} ${dt("favorite-star")}`);
    await star.waitFor({ timeout: 15_000 });
    await expect.poll(() => star.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await star.getAttribute("aria-pressed")).toBe("false");
    await mounted;

    const saved = e.page.waitForResponse(
      (r) => r.url().includes(`/api/v1/chart/${chartId}/favorites/`) && r.request().method() === "POST",
    );
    await star.click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => star.getAttribute("aria-pressed")).toBe("true");

    await e.page.goto(`${e.url}/superset/welcome/`);
    await panel("chart").locator(dt("home-tab-Favorite")).click();
    await expect.poll(() => cardTitles("chart"), { timeout: 15_000 }).toEqual([CHART]);
    // The card's own star shows it starred; the dashboards have no favourites yet.
    expect(await panel("chart").locator(dt("favorite-star")).getAttribute("aria-pressed")).toBe("true");
    await panel("dashboard").locator(dt("home-tab-Favorite")).click();
    await expect
      .poll(() => panel("dashboard").locator(dt("home-empty")).textContent(), { timeout: 15_000 })
      .toContain("You don't have any favorites yet!");
  });

  it("lists a dashboard just viewed under Recents > Viewed, with the chart opened in Explore", async () => {
    const viewed = eventSent(`/superset/dashboard/${dashboardId}/`);
    await e.page.goto(`${e.url}/superset/dashboard/${dashboardId}/`);
    await e.page.getByText(DASHBOARD).first().waitFor({ timeout: 15_000 });
    await viewed;

    await e.page.goto(`${e.url}/superset/welcome/`);
    const recents = panel("recents");
    await recents.locator(dt("home-tab-Viewed")).click();
    const entries = recents.locator(dt("recent-entry"));
    await expect
      .poll(() => entries.allTextContents(), { timeout: 15_000 })
      .toEqual([expect.stringContaining(DASHBOARD), expect.stringContaining(CHART)]);
    expect(await entries.first().textContent()).toMatch(/Viewed .*ago/);
    // The entry leads back to the dashboard.
    await entries.first().getByRole("link", { name: DASHBOARD }).click();
    await e.page.waitForURL((u) => u.pathname === `/superset/dashboard/${dashboardId}/`);
  });

  it("shows my new chart under Mine, and my edits under Recents > Edited", async () => {
    await e.page.goto(`${e.url}/superset/welcome/`);
    await panel("chart").locator(dt("home-tab-Mine")).click();
    await expect.poll(() => cardTitles("chart"), { timeout: 15_000 }).toContain(CHART);
    // The card has a cover: the placeholder until its thumbnail is drawn, then the picture.
    await expect
      .poll(() =>
        panel("chart")
          .locator(`${dt("thumbnail-placeholder")}, ${dt("thumbnail-image")}`)
          .count(),
      )
      .toBeGreaterThan(0);
    await panel("recents").locator(dt("home-tab-Edited")).click();
    await expect
      .poll(() => panel("recents").locator(dt("recent-entry")).allTextContents(), { timeout: 15_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining(CHART), expect.stringContaining(DASHBOARD)]));
    // Saved queries: none yet, with a way to write one.
    await expect
      .poll(() => panel("saved_query").locator(dt("home-empty")).textContent(), { timeout: 15_000 })
      .toContain("No saved queries yet");
    expect(await panel("chart").locator(dt("view-all")).getAttribute("href")).toBe("/chart/list/");
  });
});
