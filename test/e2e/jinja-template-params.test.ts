import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, dt, type E2E, logIn, startE2E } from "./browser.ts";
import { pickExamplesDatabase, typeSql } from "./sql-editor.ts";

/**
 * Template parameters in Chromium: SQL Lab's Parameters modal, the dataset editor's field, and
 * Explore's own URL parameters reaching `url_param()`.
 */

let e: E2E;

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e, "/sqllab/");
});
afterAll(async () => {
  await e?.close();
});

describe("template parameters in the browser", () => {
  it("SQL Lab validates its parameters JSON and runs Jinja with them and the user's macros", async () => {
    await e.page.goto(`${e.url}/sqllab/`);
    await e.page.locator(dt("sqllab-page")).waitFor();
    await pickExamplesDatabase(e);
    await e.page.locator(`${dt("sql-editor")} .cm-content`).waitFor();
    await typeSql(e, "SELECT '{{ current_username() }}' AS who, {{ n }} * 2 AS doubled");

    await e.page.locator(dt("template-params")).click();
    const modal = e.page.locator(dt("template-params-modal"));
    const input = modal.locator(dt("template-params-input"));
    await input.fill('{"n": ');
    await modal.getByText("Invalid JSON").waitFor();
    await expect(modal.locator(dt("template-params-apply")).isDisabled()).resolves.toBe(true);
    await input.fill('{"n": 21}');
    await expect.poll(() => modal.locator(dt("template-params-apply")).isDisabled()).toBe(false);
    await modal.locator(dt("template-params-apply")).click();

    await e.page.locator(dt("run-query")).click();
    const grid = e.page.locator(dt("sqllab-results-grid"));
    await grid.waitFor({ timeout: 30_000 });
    await grid.getByText("42", { exact: true }).waitFor({ timeout: 15_000 });
    await expect(grid.getByText("admin", { exact: true }).count()).resolves.toBe(1);

    // A misspelt parameter: Superset's error, with the near match offered.
    await typeSql(e, "SELECT {{ nn }} AS x");
    await e.page.locator(dt("run-query")).click();
    const error = e.page.locator(dt("query-error"));
    await error.waitFor({ timeout: 30_000 });
    await expect.poll(() => error.textContent(), { timeout: 15_000 }).toMatch(/undefined: "nn"/);
    await expect.poll(() => error.textContent()).toMatch(/Did you mean/);
  });

  it("Explore sends its page's URL parameters as url_params, which url_param() reads as a literal", async () => {
    const dbs = await apiCall<{ result: { id: number; database_name: string }[] }>(
      e,
      "GET",
      "/api/v1/database/",
    );
    const examples = dbs.result.find((d) => d.database_name === "examples")!.id;
    const ds = await apiCall<{ id: number }>(e, "POST", "/api/v1/dataset/", {
      database: examples,
      schema: "main",
      table_name: "states_by_url",
      sql: "SELECT DISTINCT state FROM birth_names {% if url_param('st') %}WHERE state = {{ url_param('st') }}{% endif %}",
    });
    const chart = await apiCall<{ id: number }>(e, "POST", "/api/v1/chart/", {
      slice_name: "States by URL",
      viz_type: "table",
      datasource_id: ds.id,
      datasource_type: "table",
      params: JSON.stringify({
        datasource: `${ds.id}__table`,
        viz_type: "table",
        query_mode: "raw",
        all_columns: ["state"],
        row_limit: 100,
      }),
    });
    const sent = e.page.waitForRequest(
      (r) => r.url().includes("/api/v1/chart/data") && r.method() === "POST",
    );
    const answered = e.page.waitForResponse(
      (r) => r.url().includes("/api/v1/chart/data") && r.request().method() === "POST",
    );
    await e.page.goto(`${e.url}/explore/?slice_id=${chart.id}&st=NY`);
    const body = (await sent).postDataJSON() as { queries: { url_params?: Record<string, string> }[] };
    expect(body.queries[0].url_params).toEqual({ st: "NY" });
    const reply = (await (await answered).json()) as { result: { data: { state: string }[] }[] };
    expect(reply.result[0].data).toEqual([{ state: "NY" }]);
  });

  it("the dataset editor shows a virtual dataset's parameters and refuses what is not a JSON object", async () => {
    const dbs = await apiCall<{ result: { id: number; database_name: string }[] }>(
      e,
      "GET",
      "/api/v1/database/",
    );
    const examples = dbs.result.find((d) => d.database_name === "examples")!.id;
    await apiCall(e, "POST", "/api/v1/dataset/", {
      database: examples,
      schema: "main",
      table_name: "births_in_state",
      sql: "SELECT name, num FROM birth_names WHERE state = '{{ state }}'",
      template_params: JSON.stringify({ state: "CA" }),
    });
    await e.page.goto(`${e.url}/tablemodelview/list/`);
    const row = e.page.locator(dt("table-row")).filter({ hasText: "births_in_state" });
    await row.locator(dt("edit")).click();
    const modal = e.page.locator(dt("edit-dataset-modal"));
    const params = modal.locator(dt("dataset-template-params"));
    await expect.poll(() => params.inputValue(), { timeout: 15_000 }).toBe('{"state":"CA"}');

    await params.fill('["CA"]');
    await modal.getByText("Template parameters must be a JSON object", { exact: false }).first().waitFor();
    await expect(modal.locator(dt("datasource-modal-save")).isDisabled()).resolves.toBe(true);
    await params.fill("{not json");
    await modal.getByText("Template parameters must be valid JSON").first().waitFor();

    await params.fill('{"state": "NY"}');
    await expect.poll(() => modal.locator(dt("datasource-modal-save")).isDisabled()).toBe(false);
    await modal.locator(dt("datasource-modal-save")).click();
    await e.page.locator(dt("modal-confirm-save-button")).click();
    await expect
      .poll(
        async () => {
          const list = await apiCall<{ result: { table_name: string; id: number }[] }>(
            e,
            "GET",
            "/api/v1/dataset/",
          );
          const id = list.result.find((d) => d.table_name === "births_in_state")!.id;
          return (await apiCall<{ result: { template_params: string } }>(e, "GET", `/api/v1/dataset/${id}`))
            .result.template_params;
        },
        { timeout: 15_000 },
      )
      .toBe('{"state": "NY"}');
  });
});
