import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, datasetIdOf, dt, type E2E, logIn, startE2E } from "./browser.ts";

/**
 * Issue 10 items 4 and 5 in Chromium: filter value suggestions in Explore and on dashboards,
 * Explore permalinks, and Explore opened from a dashboard with its colours and filters.
 */
let e: E2E;
let ds = 0;

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e, "/superset/welcome/");
  ds = await datasetIdOf(e, "birth_names");
});
afterAll(async () => {
  await e?.close();
});

const api = <T>(method: string, path: string, body?: unknown) => apiCall<T>(e, method, path, body);
const chart = (id: number) => `${dt("dashboard-chart")}[data-chart-id="${id}"]`;
const sliceFills = (scope: string) =>
  e.page
    .locator(`${scope} ${dt("plotly-chart")} g.slice path.surface`)
    .evaluateAll((paths) => paths.map((p) => (p as SVGPathElement).style.fill));
const hexToRgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

async function createChart(name: string, params: Record<string, unknown>, dashboards: number[] = []) {
  return api<{ id: number }>("POST", "/api/v1/chart/", {
    slice_name: name,
    viz_type: params.viz_type,
    datasource_id: ds,
    datasource_type: "table",
    dashboards,
    params: JSON.stringify({ datasource: `${ds}__table`, adhoc_filters: [], ...params }),
  }).then((r) => r.id);
}

describe("filter value suggestions", () => {
  it("Explore's filter popover suggests the chosen column's values and narrows them as you type", async () => {
    await e.page.goto(`${e.url}/explore/?datasource_type=table&datasource_id=${ds}&viz_type=table`);
    await e.page.locator(dt("explore-page")).waitFor();
    await e.page.locator(dt("control-adhoc_filters-add")).click();
    const editor = e.page.locator(dt("filter-editor"));
    await editor.locator(dt("filter-column-select")).click();
    await e.page.getByRole("option", { name: "state", exact: true }).click();
    const input = editor.locator(dt("filter-value-input"));
    await input.click();
    // Suggestions are the column's distinct values, from the values endpoint.
    await e.page.getByRole("option", { name: "CA", exact: true }).waitFor({ timeout: 15_000 });
    const states = await e.page.getByRole("option").allTextContents();
    expect(states).toEqual(expect.arrayContaining(["CA", "NY", "TX"]));
    await input.fill("n");
    await expect
      .poll(async () => (await e.page.getByRole("option").allTextContents()).sort())
      .toEqual(states.filter((s) => s.toLowerCase().includes("n")).sort());
    await e.page.getByRole("option", { name: "NY", exact: true }).click();
    expect(await input.inputValue()).toBe("NY");
    await editor.locator(dt("filter-save")).click();
    await expect
      .poll(() => e.page.locator(`${dt("control-adhoc_filters")} ${dt("filter-pill")}`).allTextContents())
      .toEqual([expect.stringContaining("NY")]);
  });

  it("the dashboard value filter pages its options, searches them and selects all matches", async () => {
    const table = await createChart("Names table", {
      viz_type: "table",
      query_mode: "aggregate",
      groupby: ["name"],
      metrics: ["count"],
      row_limit: 1000,
    });
    const dash = await api<{ id: number }>("POST", "/api/v1/dashboard/", {
      dashboard_title: "Names",
      published: true,
      json_metadata: JSON.stringify({
        native_filter_configuration: [
          {
            id: "NATIVE_FILTER-name",
            type: "NATIVE_FILTER",
            filterType: "filter_select",
            name: "Name",
            targets: [{ datasetId: ds, column: { name: "name" } }],
            controlValues: { multiSelect: true },
            scope: { rootPath: ["ROOT_ID"], excluded: [] },
          },
        ],
      }),
    });
    await api("PUT", `/api/v1/chart/${table}`, { dashboards: [dash.id] });
    await e.page.goto(`${e.url}/superset/dashboard/${dash.id}/`);
    const filter = e.page.locator(`${dt("native-filter")}[data-filter-name="Name"]`);
    await filter.waitFor({ timeout: 30_000 });
    const select = filter.locator(dt("filter-value-select"));
    await select.click();
    const options = e.page.getByRole("option");
    // A page of 100 values after "Select All (N)".
    await expect.poll(() => options.count(), { timeout: 30_000 }).toBe(101);
    expect(await options.first().textContent()).toMatch(/^Select All \(\d[\d,]*\)$/);
    // With more names than one options query returns, the search also asks the server.
    const searched = e.page
      .waitForResponse(
        (r) => r.url().includes("/api/v1/chart/data") && !!r.request().postData()?.includes("%aman%"),
        {
          timeout: 10_000,
        },
      )
      .catch(() => null);
    await select.fill("aman");
    await searched;
    await expect.poll(() => options.first().textContent()).toMatch(/^Select All \(\d+\)$/);
    const matches = (await options.allTextContents()).slice(1);
    expect(matches.length).toBeGreaterThan(1);
    expect(matches.every((m) => m.toLowerCase().includes("aman"))).toBe(true);
    expect(await options.first().textContent()).toBe(`Select All (${matches.length})`);
    await options.first().click();
    await e.page.keyboard.press("Escape");
    const picked = await filter.locator(".mantine-Pill-label").allTextContents();
    expect(picked.sort()).toEqual([...matches].sort());
    await e.page.locator(dt("filter-bar-apply")).click();
    const rows = e.page.locator(`${chart(table)} ${dt("grid-row")}`);
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(matches.length);
  });
});

describe("the filter bar", () => {
  it("scrolls its filters inside the bar when they outgrow the window, its buttons still in view", async () => {
    const columns = ["gender", "state", "name"];
    const filters = Array.from({ length: 14 }, (_, i) => ({
      id: `NATIVE_FILTER-many${i}`,
      type: "NATIVE_FILTER",
      filterType: "filter_select",
      name: `Filter ${i + 1}`,
      targets: [{ datasetId: ds, column: { name: columns[i % columns.length] } }],
      controlValues: { multiSelect: true },
      scope: { rootPath: ["ROOT_ID"], excluded: [] },
    }));
    const dash = await api<{ id: number }>("POST", "/api/v1/dashboard/", {
      dashboard_title: "Many filters",
      published: true,
      json_metadata: JSON.stringify({ native_filter_configuration: filters }),
    });
    await createChart("Gender pie", { viz_type: "pie", metric: "count", groupby: ["gender"] }, [dash.id]);
    await e.page.setViewportSize({ width: 1400, height: 700 });
    try {
      await e.page.goto(`${e.url}/superset/dashboard/${dash.id}/`);
      const last = e.page.locator(`${dt("native-filter")}[data-filter-name="Filter 14"]`);
      await last.waitFor({ state: "attached", timeout: 30_000 });
      const scroller = e.page.locator(dt("filter-bar-scroller"));
      // Where the last filter starts, against the bottom of the bar's visible part.
      const lastAgainstBar = () =>
        scroller.evaluate((bar) => {
          const filter = bar.querySelector('[data-filter-name="Filter 14"]') as HTMLElement;
          return filter.getBoundingClientRect().top - bar.getBoundingClientRect().bottom;
        });
      expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      expect(await lastAgainstBar()).toBeGreaterThan(0);
      // The bar's buttons stay in the window.
      const apply = await e.page.locator(dt("filter-bar-apply")).boundingBox();
      expect(apply!.y + apply!.height).toBeLessThanOrEqual(700);
      await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await expect.poll(lastAgainstBar).toBeLessThan(0);
      const box = await last.boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(700);
    } finally {
      await e.page.setViewportSize({ width: 1400, height: 900 });
    }
  });
});

describe("Explore permalinks and dashboard context", () => {
  it("a permalink from Explore's share menu opens the same chart and controls in a new page", async () => {
    const pie = await createChart("Genders in Texas", {
      viz_type: "pie",
      groupby: ["gender"],
      metric: "count",
      row_limit: 10,
    });
    await e.page.goto(`${e.url}/explore/?slice_id=${pie}`);
    await e.page
      .locator(`${dt("plotly-chart")} g.slice`)
      .first()
      .waitFor({ timeout: 30_000 });
    // An unsaved change the permalink must carry: a filter on state = TX.
    await e.page.locator(dt("control-adhoc_filters-add")).click();
    const editor = e.page.locator(dt("filter-editor"));
    await editor.locator(dt("filter-column-select")).click();
    await e.page.getByRole("option", { name: "state", exact: true }).click();
    await editor.locator(dt("filter-value-input")).fill("TX");
    await e.page.getByRole("option", { name: "TX", exact: true }).click();
    await editor.locator(dt("filter-save")).click();
    const made = e.page.waitForResponse((r) => r.url().endsWith("/api/v1/explore/permalink"));
    await e.page.locator(dt("explore-actions")).click();
    await e.page.getByRole("menuitem", { name: "Copy permalink to clipboard" }).click();
    const { url } = (await (await made).json()) as { url: string };
    expect(url).toMatch(/\/superset\/explore\/p\/[A-Za-z0-9_-]+\/$/);

    const other = await e.context.newPage();
    try {
      await other.goto(url);
      await other.locator(dt("explore-page")).waitFor({ timeout: 30_000 });
      await expect.poll(() => other.locator(dt("chart-title")).textContent()).toBe("Genders in Texas");
      await expect
        .poll(() => other.locator(`${dt("control-adhoc_filters")} ${dt("filter-pill")}`).allTextContents())
        .toEqual([expect.stringContaining("TX")]);
      await other
        .locator(`${dt("plotly-chart")} g.slice`)
        .first()
        .waitFor({ timeout: 30_000 });
      expect(await other.locator(`${dt("plotly-chart")} g.slice`).count()).toBe(2);
    } finally {
      await other.close();
    }
  });

  it("'Edit chart' on a dashboard opens Explore with the dashboard's colours and filters", async () => {
    const dash = await api<{ id: number }>("POST", "/api/v1/dashboard/", {
      dashboard_title: "Coloured births",
      published: true,
      json_metadata: JSON.stringify({
        color_scheme: "bnbColors",
        label_colors: { girl: "#123456" },
        native_filter_configuration: [
          {
            id: "NATIVE_FILTER-state",
            type: "NATIVE_FILTER",
            filterType: "filter_select",
            name: "State",
            targets: [{ datasetId: ds, column: { name: "state" } }],
            controlValues: { multiSelect: true },
            scope: { rootPath: ["ROOT_ID"], excluded: [] },
            defaultDataMask: {
              extraFormData: { filters: [{ col: "state", op: "IN", val: ["CA"] }] },
              filterState: { value: ["CA"] },
            },
          },
        ],
      }),
    });
    const pie = await createChart(
      "Genders on the dashboard",
      {
        viz_type: "pie",
        groupby: ["gender"],
        metric: "count",
        row_limit: 10,
        color_scheme: "supersetColors",
      },
      [dash.id],
    );
    await e.page.goto(`${e.url}/superset/dashboard/${dash.id}/`);
    await e.page
      .locator(`${chart(pie)} ${dt("plotly-chart")} g.slice`)
      .first()
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => sliceFills(chart(pie)), { timeout: 30_000 }).toHaveLength(2);
    const onDashboard = await sliceFills(chart(pie));
    expect(onDashboard).toHaveLength(2);
    expect(onDashboard).toContain(hexToRgb("#123456"));
    expect(onDashboard).toContain(hexToRgb("#ff5a5f")); // bnbColors' first colour, for "boy"

    const requests: string[] = [];
    const onRequest = (r: { url(): string; postData(): string | null }) => {
      if (r.url().includes("/api/v1/chart/data")) requests.push(r.postData() ?? "");
    };
    e.page.on("request", onRequest);
    try {
      await e.page.locator(`${chart(pie)} ${dt("chart-menu")}`).click();
      await e.page.locator(dt("edit-chart-menu-item")).click();
      await e.page.waitForURL(
        new RegExp(`/explore/\\?slice_id=${pie}&dashboard_id=${dash.id}&form_data_key=`),
      );
      await e.page
        .locator(`${dt("plotly-chart")} g.slice`)
        .first()
        .waitFor({ timeout: 30_000 });
      await expect
        .poll(async () => (await sliceFills(dt("explore-page"))).sort(), { timeout: 30_000 })
        .toEqual([...onDashboard].sort());
      await expect
        .poll(() => e.page.locator(`${dt("control-adhoc_filters")} ${dt("filter-pill")}`).allTextContents())
        .toEqual([expect.stringContaining("CA")]);
      expect(requests.some((body) => body.includes('"CA"'))).toBe(true);

      // The bare link (a copied address) applies the dashboard's filter defaults and colours too.
      requests.length = 0;
      await e.page.goto(`${e.url}/explore/?slice_id=${pie}&dashboard_id=${dash.id}`);
      await e.page
        .locator(`${dt("plotly-chart")} g.slice`)
        .first()
        .waitFor({ timeout: 30_000 });
      await expect
        .poll(async () => (await sliceFills(dt("explore-page"))).sort(), { timeout: 30_000 })
        .toEqual([...onDashboard].sort());
      expect(requests.some((body) => body.includes('"CA"'))).toBe(true);
      // Without the dashboard: the chart's own colours and no dashboard filter.
      requests.length = 0;
      await e.page.goto(`${e.url}/explore/?slice_id=${pie}`);
      await e.page
        .locator(`${dt("plotly-chart")} g.slice`)
        .first()
        .waitFor({ timeout: 30_000 });
      expect(await sliceFills(dt("explore-page"))).not.toContain(hexToRgb("#123456"));
      expect(requests.some((body) => body.includes('"CA"'))).toBe(false);
    } finally {
      e.page.off("request", onRequest);
    }
  });
});
