import type { Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, datasetIdOf, dt, type E2E, logIn, startE2E } from "./browser.ts";

/**
 * In Chromium: applied native filters survive a reload through `?native_filters_key=` (Superset's
 * dashboard filter state), a markdown block edits on one click and previews on a click outside,
 * and saving a dashboard leaves edit mode and `?edit=true` behind.
 */
let e: E2E;
let births = 0;
let bigNumber = 0;

const api = <T>(method: string, path: string, body?: unknown) => apiCall<T>(e, method, path, body);
const chart = (id: number) => `${dt("dashboard-chart")}[data-chart-id="${id}"]`;
const stateFilter = () => e.page.locator(`${dt("native-filter")}[data-filter-name="State"]`);
const bigNumberText = () => e.page.locator(chart(bigNumber)).textContent();
const filtersKey = () => new URL(e.page.url()).searchParams.get("native_filters_key");

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e, "/superset/welcome/");
  const ds = await datasetIdOf(e, "birth_names");
  const dashboard = await api<{ result: { id: number; json_metadata: string } }>(
    "GET",
    "/api/v1/dashboard/births",
  );
  births = dashboard.result.id;
  const charts = await api<{ result: { id: number; slice_name: string }[] }>(
    "GET",
    "/api/v1/dashboard/births/charts",
  );
  bigNumber = charts.result.find((c) => c.slice_name === "Total babies")!.id;
  // The example dashboard with a State value filter, as the colleague's report set it up.
  const metadata = JSON.parse(dashboard.result.json_metadata);
  metadata.native_filter_configuration = [
    {
      id: "NATIVE_FILTER-state",
      type: "NATIVE_FILTER",
      filterType: "filter_select",
      name: "State",
      targets: [{ datasetId: ds, column: { name: "state" } }],
      controlValues: { multiSelect: true },
      scope: { rootPath: ["ROOT_ID"], excluded: [] },
    },
  ];
  await api("PUT", `/api/v1/dashboard/${births}`, { json_metadata: JSON.stringify(metadata) });
});
afterAll(async () => {
  await e?.close();
});

/** Chooses states in the State filter and applies them. */
async function applyStates(states: string[]) {
  await stateFilter().locator(dt("filter-value-select")).click();
  for (const s of states) await e.page.getByRole("option", { name: s, exact: true }).click();
  await e.page.keyboard.press("Escape");
  await e.page.locator(dt("filter-bar-apply")).click();
}

/** The big number chart's queries sent from now on (single or in the dashboard's batch), as JSON text. */
function recordBigNumberQueries() {
  const queries: string[] = [];
  const onRequest = (req: Request) => {
    if (req.method() !== "POST" || !req.url().includes("/api/v1/chart/data")) return;
    const body = req.postDataJSON() as {
      items?: { slice_id?: number; request: unknown }[];
      form_data?: { slice_id?: number };
    };
    for (const item of body?.items ?? [{ slice_id: body?.form_data?.slice_id, request: body }])
      if (item.slice_id === bigNumber) queries.push(JSON.stringify(item.request));
  };
  e.page.on("request", onRequest);
  return { queries, stop: () => e.page.off("request", onRequest) };
}

describe("native filters kept in the URL", () => {
  it("applying State = TX sets native_filters_key (replaced); a reload keeps the filter and the value", async () => {
    await e.page.goto(`${e.url}/superset/dashboard/births/`);
    await expect.poll(bigNumberText, { timeout: 30_000 }).toContain("80.7M");
    const historyLength = await e.page.evaluate(() => history.length);
    await applyStates(["TX"]);
    await expect.poll(bigNumberText, { timeout: 30_000 }).toContain("5.63M");
    await expect.poll(filtersKey, { timeout: 15_000 }).toMatch(/^[A-Za-z0-9_-]+$/);
    const key = filtersKey()!;
    expect(new URL(e.page.url()).pathname).toBe("/superset/dashboard/births/");
    expect(await e.page.evaluate(() => history.length)).toBe(historyLength);

    const seen = recordBigNumberQueries();
    try {
      await e.page.reload();
      await expect.poll(bigNumberText, { timeout: 30_000 }).toContain("5.63M");
      await expect.poll(() => stateFilter().textContent(), { timeout: 15_000 }).toContain("TX");
      // The stored filters were in before the charts asked: one query, already filtered.
      expect(seen.queries).toHaveLength(1);
      expect(seen.queries[0]).toContain('"TX"');
    } finally {
      seen.stop();
    }
    expect(filtersKey()).toBe(key);

    // A further change overwrites the same key.
    await applyStates(["CA"]);
    await expect.poll(bigNumberText, { timeout: 30_000 }).not.toContain("5.63M");
    const both = await bigNumberText();
    const stored = async () =>
      (await api<{ value: string }>("GET", `/api/v1/dashboard/${births}/filter_state/${key}`)).value;
    await expect.poll(stored, { timeout: 15_000 }).toContain('"CA"');
    expect(await stored()).toContain('"TX"');
    expect(filtersKey()).toBe(key);
    await e.page.reload();
    await expect.poll(bigNumberText, { timeout: 30_000 }).toBe(both);
  });

  it("Back and a bookmark open the same filters; an unknown key opens the defaults quietly", async () => {
    const url = e.page.url();
    expect(filtersKey()).toBeTruthy();
    const filtered = await bigNumberText();
    await e.page.goto(`${e.url}/dashboard/list/`);
    await e.page.goBack();
    expect(e.page.url()).toBe(url);
    await expect.poll(bigNumberText, { timeout: 30_000 }).toBe(filtered);

    const bookmark = await e.context.newPage();
    try {
      await bookmark.goto(url);
      await expect
        .poll(() => bookmark.locator(chart(bigNumber)).textContent(), { timeout: 30_000 })
        .toBe(filtered);
    } finally {
      await bookmark.close();
    }

    await e.page.goto(`${e.url}/superset/dashboard/births/?native_filters_key=no-such-key`);
    await expect.poll(bigNumberText, { timeout: 30_000 }).toContain("80.7M");
    expect(await e.page.locator(dt("dashboard-title")).textContent()).toBe("Births");
  });

  it("permalinks still open with their filters", async () => {
    await e.page.goto(`${e.url}/superset/dashboard/births/`);
    await expect.poll(bigNumberText, { timeout: 30_000 }).toContain("80.7M");
    await applyStates(["TX"]);
    await expect.poll(bigNumberText, { timeout: 30_000 }).toContain("5.63M");
    await e.page.locator(dt("share-dashboard")).click();
    const input = e.page.locator(dt("permalink-url"));
    await input.waitFor();
    const link = await input.inputValue();
    await e.page.goto(`${e.url}/superset/dashboard/births/`);
    await expect.poll(bigNumberText, { timeout: 30_000 }).toContain("80.7M");
    await e.page.goto(link);
    await expect.poll(bigNumberText, { timeout: 30_000 }).toContain("5.63M");
  });
});

/** Drags from the centre of one element to a point, with intermediate pointer moves. */
async function drag(from: string, to: { x: number; y: number }) {
  const box = await e.page.locator(from).first().boundingBox();
  if (!box) throw new Error(`no box for ${from}`);
  await e.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await e.page.mouse.down();
  await e.page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2 + 10, { steps: 3 });
  await e.page.mouse.move(to.x, to.y, { steps: 12 });
  await e.page.locator(dt("drop-indicator")).waitFor();
  await e.page.mouse.up();
}

describe("the dashboard builder", () => {
  it("a markdown block edits on one click and previews on a click outside; saving leaves edit mode and ?edit=true", async () => {
    await e.page.goto(`${e.url}/dashboard/new/`);
    await e.page.waitForURL((u) => /\/superset\/dashboard\/\d+\/$/.test(u.pathname));
    expect(new URL(e.page.url()).searchParams.get("edit")).toBe("true");
    await e.page.locator(dt("builder-pane")).waitFor();
    await e.page.locator(dt("builder-tab-layout")).click();
    const grid = await e.page.locator('[data-dnd-id="GRID_ID"]').boundingBox();
    if (!grid) throw new Error("no grid");
    await drag(dt("new-component-markdown"), { x: grid.x + grid.width / 2, y: grid.y + 8 });
    const preview = e.page.locator(dt("markdown-preview"));
    await preview.getByText("Click here to edit").waitFor();

    // One click: the source, focused.
    await preview.click();
    // Mantine puts the data-test on the textarea itself.
    const editor = e.page.locator(`textarea${dt("markdown-editor")}`);
    await editor.waitFor();
    await expect.poll(() => editor.evaluate((el) => el === document.activeElement)).toBe(true);
    await editor.fill("# Kept heading\n\nSome *notes*.");

    // A click elsewhere on the page: the rendered preview again, with the new text.
    const viewport = e.page.viewportSize()!;
    await e.page.mouse.click(8, viewport.height - 8);
    await editor.waitFor({ state: "detached" });
    await e.page
      .locator(`${dt("markdown-html")} h1`)
      .filter({ hasText: "Kept heading" })
      .waitFor();

    // Clicking inside the editor does not end editing.
    await preview.click();
    await editor.waitFor();
    await editor.click();
    await e.page.waitForTimeout(200);
    expect(await editor.count()).toBe(1);
    await e.page.mouse.click(8, viewport.height - 8);
    await editor.waitFor({ state: "detached" });

    const historyLength = await e.page.evaluate(() => history.length);
    await e.page.locator(dt("header-save-button")).click();
    await e.page.getByText("This dashboard was saved successfully.").waitFor();
    await e.page.locator(dt("edit-dashboard-button")).waitFor();
    await e.page.waitForURL((u) => !u.searchParams.has("edit"));
    expect(await e.page.evaluate(() => history.length)).toBe(historyLength);

    await e.page.reload();
    await e.page.locator(dt("edit-dashboard-button")).waitFor();
    expect(await e.page.locator(dt("builder-pane")).count()).toBe(0);
    await e.page
      .locator(`${dt("markdown-html")} h1`)
      .filter({ hasText: "Kept heading" })
      .waitFor();
    // Outside edit mode a click on the markdown opens nothing.
    await e.page.locator(dt("markdown-preview")).click();
    expect(await e.page.locator(dt("markdown-editor")).count()).toBe(0);
  });
});
