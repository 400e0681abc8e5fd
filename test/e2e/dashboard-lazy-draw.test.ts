import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, dt, type E2E } from "./browser.ts";
import { createChart, createDashboard, startWithBirthNames } from "./dashboard-seed.ts";

/**
 * Issue 15 (dashboards that draw like one chart): a dashboard's charts ask for their data in one
 * batch request, charts below the fold draw when scrolled to, and Plotly charts are drawn static
 * until the pointer reaches them, then hover (tooltips) and clicks (cross filters) work.
 */
let e: E2E;
let dashboardId = 0;
const chartIds: number[] = [];
const ROWS = 5;

beforeAll(async () => {
  let ds: number;
  ({ e, birthNames: ds } = await startWithBirthNames());
  await e.page.setViewportSize({ width: 1400, height: 900 });
  dashboardId = await createDashboard(e, "Lazy draw");
  for (let i = 0; i < ROWS * 3; i++) {
    const params =
      i % 2 === 0
        ? { viz_type: "pie", groupby: ["gender"], metric: "count", row_limit: 10 + i }
        : {
            viz_type: "echarts_timeseries_bar",
            x_axis: "state",
            metrics: ["count"],
            groupby: [],
            row_limit: 10 + i,
          };
    chartIds.push(
      await createChart(e, { name: `Lazy ${i}`, datasetId: ds, params, dashboards: [dashboardId] }),
    );
  }
  const position: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: {
      type: "GRID",
      id: "GRID_ID",
      children: Array.from({ length: ROWS }, (_, r) => `ROW-${r}`),
      parents: ["ROOT_ID"],
    },
  };
  for (let r = 0; r < ROWS; r++) {
    const ids = chartIds.slice(r * 3, r * 3 + 3);
    position[`ROW-${r}`] = {
      type: "ROW",
      id: `ROW-${r}`,
      children: ids.map((id) => `CHART-${id}`),
      parents: ["ROOT_ID", "GRID_ID"],
      meta: { background: "BACKGROUND_TRANSPARENT" },
    };
    for (const id of ids)
      position[`CHART-${id}`] = {
        type: "CHART",
        id: `CHART-${id}`,
        children: [],
        parents: ["ROOT_ID", "GRID_ID", `ROW-${r}`],
        // 60 grid units (~480 px) a row: five rows are about three screens.
        meta: { chartId: id, width: 4, height: 60 },
      };
  }
  await apiCall(e, "PUT", `/api/v1/dashboard/${dashboardId}`, { position_json: JSON.stringify(position) });
});
afterAll(async () => {
  await e?.close();
});

/** Moves the pointer onto an element (a static plot's shapes are not hit targets Playwright checks). */
async function pointAt(target: ReturnType<E2E["page"]["locator"]>) {
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to point at");
  await e.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
}

const holder = (id: number) => e.page.locator(`${dt("dashboard-chart")}[data-chart-id="${id}"]`);

describe("Dashboard opening", () => {
  it("sends its three first requests as its route matches, each once, opened afresh or from the list", async () => {
    const log: string[] = [];
    const own = `/api/v1/dashboard/${dashboardId}`;
    const onRequest = (req: { url(): string }) => {
      const path = new URL(req.url()).pathname;
      if (path === own || path.startsWith(`${own}/`)) log.push(path);
    };
    const onFinished = (req: { url(): string }) => {
      if (/\/assets\/dashboard-page-[^/]+\.js$/.test(new URL(req.url()).pathname)) log.push("page code");
    };
    const opened = async () => {
      await expect
        .poll(() => holder(chartIds[0]).getAttribute("data-rendered"), { timeout: 30_000 })
        .not.toBeNull();
      const sent = (path: string) => log.filter((l) => l === path).length;
      expect([sent(own), sent(`${own}/charts`), sent(`${own}/datasets`)]).toEqual([1, 1, 1]);
    };
    e.page.on("request", onRequest);
    e.page.on("requestfinished", onFinished);
    try {
      await e.page.goto("about:blank");
      await e.page.goto(`${e.url}/superset/dashboard/${dashboardId}/`);
      await opened();
      // Started by the route while the page's own code was still on its way, not by the page.
      expect(log.indexOf(own)).toBeGreaterThanOrEqual(0);
      expect(log.indexOf(own)).toBeLessThan(log.indexOf("page code"));

      await e.page.goto(`${e.url}/dashboard/list/`);
      log.length = 0;
      await e.page.getByRole("link", { name: "Lazy draw", exact: true }).first().click();
      await e.page.waitForURL(`**/superset/dashboard/${dashboardId}/`);
      await opened();
    } finally {
      e.page.off("request", onRequest);
      e.page.off("requestfinished", onFinished);
    }
  });
});

describe("Dashboard drawing", () => {
  it("asks for the first screen in one batch request and draws later charts when scrolled to", async () => {
    const batches: string[] = [];
    const singles: string[] = [];
    const onRequest = (req: { url(): string; method(): string }) => {
      const path = new URL(req.url()).pathname;
      if (req.method() !== "POST") return;
      if (path === "/api/v1/chart/data/batch/") batches.push(path);
      else if (path === "/api/v1/chart/data") singles.push(path);
    };
    e.page.on("request", onRequest);
    try {
      await e.page.goto(`${e.url}/superset/dashboard/${dashboardId}/`);
      for (const id of chartIds.slice(0, 3))
        await expect.poll(() => holder(id).getAttribute("data-rendered"), { timeout: 30_000 }).not.toBeNull();
      expect(batches).toHaveLength(1);
      expect(singles).toHaveLength(0);

      // The last row is two screens below: not drawn yet.
      const last = chartIds.at(-1)!;
      expect(await holder(last).getAttribute("data-rendered")).toBeNull();
      expect(await holder(last).locator(dt("plotly-chart")).count()).toBe(0);

      await holder(last).scrollIntoViewIfNeeded();
      await expect.poll(() => holder(last).getAttribute("data-rendered"), { timeout: 30_000 }).not.toBeNull();
      // Its data came with the first batch: scrolling asked for nothing more.
      expect(batches).toHaveLength(1);
      expect(singles).toHaveLength(0);
    } finally {
      e.page.off("request", onRequest);
    }
  });

  it("draws Plotly charts static until hovered, then shows tooltips and cross-filters on click", async () => {
    await e.page.evaluate(() => window.scrollTo(0, 0));
    const pie = chartIds[0];
    await expect.poll(() => holder(pie).getAttribute("data-rendered"), { timeout: 30_000 }).not.toBeNull();
    const plot = holder(pie).locator(dt("plotly-chart"));
    expect(await plot.getAttribute("data-interactive")).toBeNull();
    // Static: Plotly built no mode bar buttons for it.
    expect(await plot.locator(".modebar-btn").count()).toBe(0);

    await pointAt(plot.locator("g.slice").first());
    await expect.poll(() => plot.getAttribute("data-interactive")).toBe("true");
    await expect
      .poll(() => plot.locator(".hoverlayer .hovertext").count(), { timeout: 10_000 })
      .toBeGreaterThan(0);

    // The bar chart next to it is still static; hovering it makes it interactive with its tooltip
    // (an "x unified" hover box).
    const bar = holder(chartIds[1]).locator(dt("plotly-chart"));
    expect(await bar.getAttribute("data-interactive")).toBeNull();
    // Static: no drag layer (zoom, pan, hover) over its plot area yet.
    expect(await bar.locator(".nsewdrag").count()).toBe(0);
    await pointAt(bar.locator("g.point path").first());
    await expect.poll(() => bar.getAttribute("data-interactive")).toBe("true");
    await expect.poll(() => bar.locator(".nsewdrag").count()).toBeGreaterThan(0);
    await expect.poll(() => bar.locator(".hoverlayer > *").count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // A click on the (now interactive) pie cross-filters the dashboard as before.
    await plot.locator("g.slice").first().click();
    await expect(
      holder(pie).locator(dt("cross-filter-badge")).waitFor({ timeout: 15_000 }),
    ).resolves.toBeUndefined();
  });
});

describe("Dashboard pictures", () => {
  it("shows charts drawn before in this tab as their pictures, live again when the pointer arrives", async () => {
    // The pointer away from the charts (the last test left it on the pie): a plot the pointer
    // is on is live at once, and a live plot leaves no picture.
    await e.page.mouse.move(0, 0);
    await e.page.goto(`${e.url}/superset/dashboard/${dashboardId}/`);
    const pie = holder(chartIds[0]);
    const bar = holder(chartIds[1]);
    await expect.poll(() => bar.getAttribute("data-rendered"), { timeout: 30_000 }).not.toBeNull();
    const drawn = await pie.locator("g.slice").count();
    expect(drawn).toBeGreaterThan(0);
    const barTicks = await bar.locator(".xtick text").allTextContents();
    const barValueTicks = await bar.locator(".ytick text").allTextContents();
    // Pictures are kept while the page is idle after a draw.
    await expect
      .poll(() =>
        e.page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith("strata.plot.")).length),
      )
      .toBeGreaterThanOrEqual(2);

    await e.page.reload();
    await expect.poll(() => pie.getAttribute("data-rendered"), { timeout: 30_000 }).not.toBeNull();
    await expect.poll(() => bar.getAttribute("data-rendered"), { timeout: 30_000 }).not.toBeNull();
    // The same drawing, from the picture: slices, tick labels; no Plotly plot behind it.
    expect(await pie.locator(`${dt("plotly-chart")}[data-picture]`).count()).toBe(1);
    expect(await pie.locator("g.slice").count()).toBe(drawn);
    expect(await bar.locator(".xtick text").allTextContents()).toEqual(barTicks);
    expect(await pie.locator(".js-plotly-plot").count()).toBe(0);

    // Its menu still downloads it as an image: Plotly draws the figure the picture shows. (Once the
    // menu closes the pointer is over the chart, which may then go live.)
    await pie.locator(dt("chart-menu")).click();
    expect(await pie.locator("[data-picture]").count()).toBe(1);
    const [download] = await Promise.all([
      e.page.waitForEvent("download", { timeout: 30_000 }),
      e.page.locator(dt("download-image")).click(),
    ]);
    const file = await download.path();
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    expect([...readFileSync(file).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    // The menu's dropdown gone first: until then it may cover the slice the pointer goes to.
    await e.page.locator(dt("chart-menu-dropdown")).waitFor({ state: "hidden" });
    await e.page.mouse.move(0, 0);

    // The pointer on the picture makes it a live plot with its tooltip, and a click cross-filters.
    await pointAt(pie.locator("g.slice").first());
    const plot = pie.locator(dt("plotly-chart"));
    await expect.poll(() => plot.getAttribute("data-interactive"), { timeout: 15_000 }).toBe("true");
    expect(await pie.locator("[data-picture]").count()).toBe(0);
    await expect
      .poll(() => plot.locator(".hoverlayer .hovertext").count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await plot.locator("g.slice").first().click();
    await expect(pie.locator(dt("cross-filter-badge")).waitFor({ timeout: 15_000 })).resolves.toBeUndefined();
    // The others draw their filtered data (from a picture if this tab drew that figure before).
    await expect
      .poll(() => bar.locator(".ytick text").allTextContents(), { timeout: 15_000 })
      .not.toEqual(barValueTicks);
  });

  it("makes a click on a picture while Plotly still loads on the plot once drawn: the slice cross-filters", async () => {
    await e.page.goto(`${e.url}/superset/dashboard/${dashboardId}/`);
    const pie = holder(chartIds[0]);
    await expect.poll(() => pie.getAttribute("data-rendered"), { timeout: 30_000 }).not.toBeNull();
    // Drawn unfiltered (as before the last test's cross filter), its picture kept.
    await expect
      .poll(() =>
        e.page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith("strata.plot.")).length),
      )
      .toBeGreaterThanOrEqual(3);

    // Plotly's code is held back until the click was made (routing also bypasses the HTTP cache).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const plotlyCode = /\/assets\/plotly-(bundle|chart)-[^/]*\.js$/;
    await e.page.route(plotlyCode, async (route) => {
      await held;
      await route.continue().catch(() => undefined); // the page may have moved on meanwhile
    });
    try {
      await e.page.reload();
      await expect.poll(() => pie.getAttribute("data-rendered"), { timeout: 30_000 }).not.toBeNull();
      expect(await pie.locator("[data-picture]").count()).toBe(1);
      await pie.locator("g.slice").first().click();
      expect(await pie.locator("[data-picture]").count()).toBe(1);
      expect(await pie.locator(dt("cross-filter-badge")).count()).toBe(0);
      release();
      await expect(
        pie.locator(dt("cross-filter-badge")).waitFor({ timeout: 15_000 }),
      ).resolves.toBeUndefined();
      expect(await pie.locator(".js-plotly-plot").count()).toBe(1);
    } finally {
      release();
      await e.page.unroute(plotlyCode);
    }
  });

  it("keeps the pictures of charts drawn just before the page is left, without waiting for idle time", async () => {
    await e.page.mouse.move(0, 0);
    await e.page.evaluate(() => {
      for (const k of Object.keys(sessionStorage))
        if (k.startsWith("strata.plot.")) sessionStorage.removeItem(k);
    });
    await e.page.goto(`${e.url}/superset/dashboard/${dashboardId}/`);
    const pie = holder(chartIds[0]);
    await expect.poll(() => pie.getAttribute("data-rendered"), { timeout: 30_000 }).not.toBeNull();
    expect(await pie.locator(".js-plotly-plot").count()).toBe(1);
    // Left at once: the picture is kept as the page goes.
    await e.page.reload();
    await expect.poll(() => pie.getAttribute("data-rendered"), { timeout: 30_000 }).not.toBeNull();
    expect(await pie.locator("[data-picture]").count()).toBe(1);
  });

  it("forgets every picture at log-out", async () => {
    await e.page.goto(`${e.url}/superset/dashboard/${dashboardId}/`);
    await expect
      .poll(() => holder(chartIds[0]).getAttribute("data-rendered"), { timeout: 30_000 })
      .not.toBeNull();
    await expect
      .poll(() =>
        e.page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith("strata.plot.")).length),
      )
      .toBeGreaterThan(0);
    await e.page.locator(dt("navbar-menu")).filter({ hasText: "Settings" }).click();
    await e.page.locator(dt("settings-logout")).click();
    await e.page.waitForURL((u) => u.pathname.startsWith("/login"));
    expect(
      await e.page.evaluate(
        () => Object.keys(sessionStorage).filter((k) => k.startsWith("strata.plot.")).length,
      ),
    ).toBe(0);
  });
});
