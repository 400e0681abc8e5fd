import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dt, type E2E } from "./browser.ts";
import { seedDashboard, startWithBirthNames } from "./dashboard-seed.ts";

let e: E2E;
let datasetId = 0;
let dashboardId = 0;
let unknownId = 0;
let pieId = 0;

const holder = (id: number) => `${dt("dashboard-chart")}[data-chart-id="${id}"]`;
/** The viz keys of the gallery's thumbnails, in the order shown. */
const shownKeys = () =>
  e.page
    .locator(`${dt("viz-gallery-thumbnails")} [data-test^="viz-type-"]`)
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-test")!.replace("viz-type-", "")));

async function openGallery() {
  await e.page.locator(dt("viz-picker")).click();
  await e.page.locator(dt("viz-gallery")).waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  ({ e, birthNames: datasetId } = await startWithBirthNames());
  ({
    dashboardId,
    chartIds: [unknownId, pieId],
  } = await seedDashboard(e, {
    title: "E2E gallery",
    datasetId,
    rows: [
      [
        // An imported chart of a Superset plugin Strata does not have, with the form data such a plugin writes.
        {
          name: "Custom plugin chart",
          params: { viz_type: "acme_sparkle_chart", groupby: ["gender"], metrics: ["count"], row_limit: 10 },
          width: 6,
        },
        {
          name: "Gender pie",
          params: { viz_type: "pie", groupby: ["gender"], metric: "count", row_limit: 10 },
          width: 6,
        },
      ],
    ],
  }));
});
afterAll(async () => {
  await e?.close();
});

describe("the visualisation gallery in Chromium", () => {
  it("opens from Explore with categories, thumbnails, search and a description", async () => {
    await e.page.goto(`${e.url}/explore/?datasource_type=table&datasource_id=${datasetId}`);
    await e.page.locator(dt("explore-page")).waitFor();
    await openGallery();

    // All charts: every offered type with its drawn pictogram (a lazy chunk).
    const all = await shownKeys();
    expect(all).toEqual(
      expect.arrayContaining(["table", "pie", "echarts_timeseries_line", "big_number_total"]),
    );
    await expect
      .poll(() => e.page.locator(`${dt("viz-gallery-thumbnails")} svg${dt("viz-thumbnail")}`).count(), {
        timeout: 15_000,
      })
      .toBe(all.length);
    // No recently used types yet for this user.
    await expect(e.page.locator(dt("viz-gallery-section-recent")).count()).resolves.toBe(0);

    // A category narrows the thumbnails to its types.
    await e.page.locator(dt("viz-gallery-section-category:Part of a Whole")).click();
    const whole = await shownKeys();
    expect(whole).toContain("pie");
    expect(whole).not.toContain("table");

    // Search covers names, tags and descriptions, whatever the category.
    await e.page.locator(dt("viz-gallery-search")).fill("pivot");
    await expect.poll(shownKeys).toEqual(["pivot_table_v2"]);
    await e.page.locator(dt("viz-gallery-search")).fill("share");
    await expect.poll(shownKeys).toContain("pie");
    await e.page.locator(dt("viz-gallery-search")).fill("no such chart at all");
    await e.page.locator(dt("viz-gallery-empty")).waitFor();

    // A click highlights a type and describes it; Select switches Explore to it.
    await e.page.locator(dt("viz-gallery-search")).fill("pie");
    await e.page.locator(dt("viz-type-pie")).click();
    await expect.poll(() => e.page.locator(dt("viz-gallery-details-name")).textContent()).toBe("Pie Chart");
    await expect(e.page.locator(dt("viz-gallery-details")).textContent()).resolves.toContain("Examples");
    await e.page.locator(dt("viz-picker-select")).click();
    await e.page.locator(dt("viz-gallery")).waitFor({ state: "detached" });
    await expect.poll(() => e.page.locator(dt("viz-picker")).textContent()).toContain("Pie Chart");
  });

  it("shows the recently used types first next time, and a double-click chooses", async () => {
    await openGallery();
    await e.page.locator(dt("viz-gallery-section-recent")).waitFor();
    expect((await shownKeys())[0]).toBe("pie");
    await expect(e.page.locator(dt("viz-type-pie")).getAttribute("data-recent")).resolves.toBe("true");

    await e.page.locator(dt("viz-type-echarts_timeseries_bar")).dblclick();
    await e.page.locator(dt("viz-gallery")).waitFor({ state: "detached" });
    await expect.poll(() => e.page.locator(dt("viz-picker")).textContent()).toContain("Bar Chart");

    // Kept in this browser for this user: a new page load still lists them first, newest first.
    await e.page.reload();
    await e.page.locator(dt("explore-page")).waitFor();
    await openGallery();
    expect((await shownKeys()).slice(0, 2)).toEqual(["echarts_timeseries_bar", "pie"]);
    await e.page.locator(dt("viz-gallery-section-recent")).click();
    expect(await shownKeys()).toEqual(["echarts_timeseries_bar", "pie"]);
    await e.page.locator(dt("viz-picker-cancel")).click();
  });

  it("is the chart-creation page's gallery too, with the same recent types", async () => {
    await e.page.goto(`${e.url}/chart/add`);
    await e.page.locator(dt("viz-gallery")).waitFor({ timeout: 15_000 });
    expect((await shownKeys()).slice(0, 2)).toEqual(["echarts_timeseries_bar", "pie"]);
    await e.page.locator(dt("chart-add-viz-search")).fill("big number");
    await expect.poll(shownKeys).toEqual(expect.arrayContaining(["big_number_total", "big_number"]));
  });
});

describe("a chart of a visualisation type Strata does not have", () => {
  it("shows the not-supported placeholder in Explore, not another chart or a crash", async () => {
    await e.page.goto(`${e.url}/explore/?slice_id=${unknownId}`);
    await e.page.locator(dt("explore-page")).waitFor();
    const placeholder = e.page.locator(`${dt("chart-pane")} ${dt("viz-unsupported")}`);
    await placeholder.waitFor({ timeout: 15_000 });
    await expect(placeholder.textContent()).resolves.toContain("This visualization type is not supported.");
    await expect(placeholder.getAttribute("data-viz-type")).resolves.toBe("acme_sparkle_chart");
    await expect(e.page.locator(dt("viz-picker-unsupported")).isVisible()).resolves.toBe(true);
    await expect(e.page.locator(dt("plotly-chart")).count()).resolves.toBe(0);
    await expect(e.page.locator(dt("chart-error")).count()).resolves.toBe(0);
  });

  it("shows the placeholder on a dashboard, beside charts that draw", async () => {
    const sent: { sliceId?: number; queries: number }[] = [];
    e.page.on("request", (req) => {
      if (!req.url().includes("/api/v1/chart/data") || req.method() !== "POST") return;
      const body = JSON.parse(req.postData() ?? "{}") as {
        form_data?: { slice_id?: number };
        queries?: unknown[];
      };
      sent.push({ sliceId: body.form_data?.slice_id, queries: body.queries?.length ?? 0 });
    });
    await e.page.goto(`${e.url}/superset/dashboard/${dashboardId}/`);
    const placeholder = e.page.locator(`${holder(unknownId)} ${dt("viz-unsupported")}`);
    await placeholder.waitFor({ timeout: 30_000 });
    await expect(placeholder.textContent()).resolves.toContain("acme_sparkle_chart");
    await e.page
      .locator(`${holder(pieId)} ${dt("plotly-chart")} g.slice path.surface`)
      .first()
      .waitFor({
        timeout: 30_000,
      });
    await expect(e.page.locator(`${holder(unknownId)} ${dt("chart-error")}`).count()).resolves.toBe(0);
    // It counts as drawn (what reports and screenshots wait for) and ran no query on the dataset.
    await expect
      .poll(() => e.page.locator(holder(unknownId)).getAttribute("data-rendered"), { timeout: 15_000 })
      .toBe("true");
    expect(sent.filter((r) => r.sliceId === unknownId).every((r) => r.queries === 0)).toBe(true);
  });
});
