import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, datasetIdOf, dt, type E2E, logIn, logInAs, startE2E } from "./browser.ts";
import { pickExamplesDatabase, typeSql } from "./sql-editor.ts";

/**
 * SQL Lab in Chromium for an analyst whose role grants one dataset of the examples database
 * (datasource_access), not the whole database: the table list shows that table, a query on it
 * runs, and a query on another table is refused with a message naming it.
 */
let e: E2E;
const READER = { username: "births_analyst", password: "births-analyst-password-1" };

beforeAll(async () => {
  e = await startE2E(["birth_names", "energy_usage"]);
  await logIn(e, "/");
  const birth = await datasetIdOf(e, "birth_names");
  const pairs = await apiCall<{
    result: { id: number; permission: { name: string }; view_menu: { name: string } }[];
  }>(e, "GET", "/api/v1/security/permissions-resources/?q=(page_size:1000)");
  const access = pairs.result.find(
    (pv) =>
      pv.permission.name === "datasource_access" &&
      pv.view_menu.name === `[examples].[birth_names](id:${birth})`,
  );
  const role = await apiCall<{ id: number }>(e, "POST", "/api/v1/security/roles/", { name: "Births only" });
  await apiCall(e, "POST", `/api/v1/security/roles/${role.id}/permissions`, {
    permission_view_menu_ids: [access?.id],
  });
  const roles = await apiCall<{ result: { id: number; name: string }[] }>(
    e,
    "GET",
    "/api/v1/security/roles/?q=(page_size:100)",
  );
  const sqlLab = roles.result.find((r) => r.name === "sql_lab")!;
  await apiCall(e, "POST", "/api/v1/security/users/", {
    username: READER.username,
    first_name: "Births",
    last_name: "Analyst",
    email: "births@example.com",
    password: READER.password,
    roles: [role.id, sqlLab.id],
  });
  await logInAs(e, READER, "/sqllab/");
});
afterAll(async () => {
  await e?.close();
});

describe("SQL Lab with access to one dataset", () => {
  it("lists the dataset's table, runs a query on it and refuses another table", async () => {
    await e.page.locator(dt("sqllab-page")).waitFor();
    await pickExamplesDatabase(e);
    await e.page.locator(dt("table-item-birth_names")).waitFor({ timeout: 30_000 });
    expect(await e.page.locator(dt("table-item-energy_usage")).count()).toBe(0);

    await e.page.locator(`${dt("sql-editor")} .cm-content`).waitFor();
    await typeSql(e, "SELECT gender, COUNT(*) AS n FROM birth_names GROUP BY gender ORDER BY gender");
    await e.page.locator(dt("run-query")).click();
    await expect
      .poll(() => e.page.locator(dt("row-count")).textContent(), { timeout: 30_000 })
      .toBe("2 rows returned");

    await typeSql(e, "SELECT * FROM energy_usage");
    await e.page.locator(dt("run-query")).click();
    const error = e.page.locator(dt("query-error"));
    await error.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => error.textContent(), { timeout: 15_000 })
      .toMatch(/access to the table energy_usage/);
  });
});
