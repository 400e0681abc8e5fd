import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, dt, type E2E, logIn, startE2E, waitShown } from "./browser.ts";
import { typeSql } from "./sql-editor.ts";

/**
 * What a deletion would break, and what the database can do, as a user meets them: the delete
 * dialog of a dataset names the chart drawn from it and the dashboard showing that chart, the
 * database's dialog counts them and the user's SQL Lab tab on it, and SQL Lab completes the
 * database's own functions beside keywords and tables.
 */

let e: E2E;
/** A database of its own, so that only what this file makes depends on it. */
const DATABASE = "scratch";
const DATASET = "scratch_numbers";
const CHART = "Scratch numbers table";
const DASHBOARD = "Scratch board";
const SLUG = "scratch-board";
let chartId: number;

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e, "/tablemodelview/list/");
  const db = await apiCall<{ id: number }>(e, "POST", "/api/v1/database/", {
    database_name: DATABASE,
    engine: "duckdb",
    parameters: { path: "scratch.duckdb" },
    expose_in_sqllab: true,
  });
  const dataset = await apiCall<{ id: number }>(e, "POST", "/api/v1/dataset/", {
    database: db.id,
    table_name: DATASET,
    sql: "SELECT i AS n FROM range(10) AS t(i)",
  });
  const dashboard = await apiCall<{ id: number }>(e, "POST", "/api/v1/dashboard/", {
    dashboard_title: DASHBOARD,
    slug: SLUG,
    published: true,
  });
  chartId = (
    await apiCall<{ id: number }>(e, "POST", "/api/v1/chart/", {
      slice_name: CHART,
      viz_type: "table",
      datasource_id: dataset.id,
      datasource_type: "table",
      params: JSON.stringify({ datasource: `${dataset.id}__table`, viz_type: "table", all_columns: ["n"] }),
      dashboards: [dashboard.id],
    })
  ).id;
  // A SQL Lab tab of the admin's with the scratch database selected.
  await apiCall(e, "POST", "/tabstateview/", {
    queryEditor: JSON.stringify({ name: "Scratch work", dbId: db.id, schema: null, sql: "SELECT 1" }),
  });
});
afterAll(async () => {
  await e?.close();
});

const row = (name: string) =>
  e.page.locator(dt("table-row")).filter({ has: e.page.getByText(name, { exact: true }) });

/** Opens a list page and its delete dialog for the row named `name`; also the dialog's related_objects answer. */
async function askToDelete(listPath: string, name: string) {
  await e.page.goto(`${e.url}${listPath}`);
  await waitShown(e, row(name));
  const related = e.page.waitForResponse((r) => r.url().includes("/related_objects/"));
  await row(name).locator(dt("delete")).click();
  const modal = e.page.locator(dt("delete-modal"));
  await waitShown(e, modal.getByText(`Are you sure you want to delete ${name}?`));
  return { modal, related: (await related).json() as Promise<{ charts: { count: number } }> };
}

describe("delete dialogs", () => {
  it("names the chart and the dashboard a dataset's deletion would break, as links", async () => {
    const { modal } = await askToDelete("/tablemodelview/list/", DATASET);
    const summary = modal.locator(dt("related-objects-summary"));
    await waitShown(e, summary);
    expect(await summary.textContent()).toBe(
      "Used by 1 chart on 1 dashboard. They stop working once the dataset is deleted.",
    );
    const chart = modal.locator(dt("related-charts")).getByRole("link", { name: CHART });
    expect(await chart.getAttribute("href")).toBe(`/explore/?slice_id=${chartId}`);
    const dashboard = modal.locator(dt("related-dashboards")).getByRole("link", { name: DASHBOARD });
    expect(await dashboard.getAttribute("href")).toBe(`/superset/dashboard/${SLUG}/`);
    // Only a database has SQL Lab tabs.
    expect(await modal.locator(dt("related-tab-states")).count()).toBe(0);
    await modal.getByRole("button", { name: "Cancel" }).click();
    await modal.waitFor({ state: "hidden" });
  });

  it("counts what uses a database, the user's SQL Lab tab on it included", async () => {
    const { modal } = await askToDelete("/databaseview/list/", DATABASE);
    const summary = modal.locator(dt("related-objects-summary"));
    await waitShown(e, summary);
    expect(await summary.textContent()).toBe("Used by 1 chart on 1 dashboard.");
    expect(await modal.locator(dt("related-charts")).getByRole("link").allTextContents()).toEqual([CHART]);
    expect(await modal.locator(dt("related-dashboards")).getByRole("link").allTextContents()).toEqual([
      DASHBOARD,
    ]);
    expect(await modal.locator(dt("related-tab-states")).textContent()).toBe(
      "You have 1 SQL Lab tab using this database.",
    );
    await modal.getByRole("button", { name: "Cancel" }).click();
    await modal.waitFor({ state: "hidden" });
  });

  it("says nothing more when nothing depends on what is deleted", async () => {
    const databases = await apiCall<{ result: { id: number; database_name: string }[] }>(
      e,
      "GET",
      "/api/v1/database/",
    );
    await apiCall(e, "POST", "/api/v1/dataset/", {
      database: databases.result.find((d) => d.database_name === "examples")!.id,
      table_name: "unused_numbers",
      sql: "SELECT 1 AS n",
    });
    const { modal, related } = await askToDelete("/tablemodelview/list/", "unused_numbers");
    expect((await related).charts.count).toBe(0);
    await expect.poll(() => modal.locator(dt("related-objects-loading")).count()).toBe(0);
    expect(await modal.locator(dt("related-objects")).count()).toBe(0);
    // The dialog is the plain one: its question, the DELETE field and the buttons.
    expect(await modal.locator("a").count()).toBe(0);
    await modal.getByRole("button", { name: "Cancel" }).click();
  });
});

describe("SQL Lab completion", () => {
  const options = () => e.page.locator(".cm-tooltip-autocomplete li");
  const option = (label: string) =>
    e.page.locator(".cm-tooltip-autocomplete").getByRole("option", { name: label, exact: true });
  const offered = () =>
    options().evaluateAll((items) =>
      items.map((li) => ({
        label: li.querySelector(".cm-completionLabel")?.textContent ?? "",
        kind: li.querySelector(".cm-completionIcon")?.className.replace(/.*cm-completionIcon-/, "") ?? "",
      })),
    );

  it("offers the database's functions as they are typed, keywords and tables still", async () => {
    // A tab on the examples database's main schema, made the active one: birth_names is there.
    const databases = await apiCall<{ result: { id: number; database_name: string }[] }>(
      e,
      "GET",
      "/api/v1/database/",
    );
    const examples = databases.result.find((d) => d.database_name === "examples")!.id;
    await apiCall(e, "POST", "/tabstateview/", {
      queryEditor: JSON.stringify({ name: "Completion", dbId: examples, schema: "main", sql: "" }),
    });
    const functionNames = e.page.waitForResponse((r) =>
      r.url().includes(`/api/v1/database/${examples}/function_names/`),
    );
    await e.page.goto(`${e.url}/sqllab/`);
    await e.page.locator(dt("sqllab-page")).waitFor();
    expect((await functionNames).status()).toBe(200);

    await typeSql(e, "SELECT approx_c");
    // Typed key by key, as a user does: the list opens without asking.
    await e.page.keyboard.type("o");
    await waitShown(e, option("approx_count_distinct"), 15_000);
    expect(await offered()).toContainEqual({ label: "approx_count_distinct", kind: "function" });
    await e.page.keyboard.press("Enter");
    await expect
      .poll(() => e.page.locator(`${dt("sql-editor")} .cm-content`).textContent())
      .toBe("SELECT approx_count_distinct");

    await typeSql(e, "SEL");
    await e.page.keyboard.press("Control+Space");
    await waitShown(e, option("SELECT"));
    expect(await offered()).toContainEqual({ label: "SELECT", kind: "keyword" });

    await typeSql(e, "SELECT * FROM birth");
    await e.page.keyboard.press("Control+Space");
    await waitShown(e, option("birth_names"));
    expect(await offered()).toContainEqual({ label: "birth_names", kind: "type" });
    await e.page.keyboard.press("Escape");
  });
});
