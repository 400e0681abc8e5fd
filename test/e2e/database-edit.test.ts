import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, dt, type E2E, logIn, startE2E } from "./browser.ts";

/**
 * Editing a database's settings in the connection form (Data → Databases → Edit): the embedded
 * examples database (whose connection is fixed) and a regular DuckDB database both save.
 * Like every e2e test it drives the built SPA in web/dist (`npm test` builds it first).
 */
let e: E2E;

interface Detail {
  id: number;
  database_name: string;
  allow_dml: boolean;
  expose_in_sqllab: boolean;
  cache_timeout: number | null;
  parameters?: Record<string, unknown>;
  sqlalchemy_uri?: string;
}

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e, "/databaseview/list/");
});
afterAll(async () => {
  await e?.close();
});

async function idOf(name: string): Promise<number> {
  const q = encodeURIComponent(`(filters:!((col:database_name,opr:eq,value:'${name}')))`);
  const list = await apiCall<{ ids: number[] }>(e, "GET", `/api/v1/database/?q=${q}`);
  expect(list.ids).toHaveLength(1);
  return list.ids[0];
}

const connection = (id: number) =>
  apiCall<{ result: Detail }>(e, "GET", `/api/v1/database/${id}/connection`).then((r) => r.result);

/** Opens the list and the edit form of the row showing `name`. */
async function openEdit(name: string) {
  await e.page.goto(`${e.url}/databaseview/list/?viewMode=table`);
  const row = e.page.locator(dt("listview-table")).locator("tr", { hasText: name });
  await row.first().waitFor();
  await row.first().locator(dt("edit")).click();
  await e.page.locator(dt("database-name-input")).waitFor();
}

/** Clicks Finish and waits for the form to close, or fails with what the form shows instead. */
async function saveAndClose() {
  const submit = e.page.locator(dt("btn-submit-connection"));
  const put = e.page.waitForResponse((r) => r.request().method() === "PUT", { timeout: 10_000 });
  put.catch(() => undefined); // awaited below only once the form closed
  await submit.click();
  const closed = submit.waitFor({ state: "detached", timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  if (!(await closed)) {
    const shown = await e.page.getByRole("dialog").innerText();
    throw new Error(`The form did not close after Finish; it shows:\n${shown}`);
  }
  expect((await put).status()).toBe(200);
}

describe("editing a database in Chromium", () => {
  it("saves the examples database's settings and says its connection is fixed", async () => {
    const id = await idOf("examples");
    const before = await connection(id);
    await openEdit("examples");
    const modal = e.page.locator(dt("database-modal"));
    // The connection of the embedded database can't change: it is shown as such, not as a field.
    await modal.locator(dt("builtin-connection-note")).waitFor();
    await expect(modal.locator(dt("parameter-path")).count()).resolves.toBe(0);
    await expect(modal.locator(dt("sqlalchemy-uri-input")).count()).resolves.toBe(0);
    await expect(modal.locator(dt("configuration-method")).count()).resolves.toBe(0);

    await e.page.locator(dt("database-name-input")).fill("Examples (edited)");
    // Testing the fixed connection tests the saved one, even with the name edited but not saved.
    await modal.locator(dt("btn-test-connection")).click();
    await e.page.getByText("Connection looks good!").waitFor();
    await e.page.locator(dt("database-tab-advanced")).click();
    const dml = e.page.locator(dt("flag-allow_dml"));
    await expect(dml.isChecked()).resolves.toBe(before.allow_dml);
    await dml.click();
    await e.page.locator(dt("cache-timeout")).fill("120");
    await saveAndClose();

    const after = await connection(id);
    expect(after).toMatchObject({
      database_name: "Examples (edited)",
      allow_dml: !before.allow_dml,
      cache_timeout: 120,
      parameters: before.parameters,
    });
    // Re-opened, the form shows what was saved.
    await openEdit("Examples (edited)");
    await e.page.locator(dt("database-tab-advanced")).click();
    await expect(e.page.locator(dt("flag-allow_dml")).isChecked()).resolves.toBe(!before.allow_dml);
    // And saving again unchanged still works (the connection is not sent back as a change).
    await saveAndClose();
    // Queries still run on the embedded examples file.
    const res = await apiCall<{ data: { n: number }[] }>(e, "POST", "/api/v1/sqllab/execute/", {
      database_id: id,
      sql: "SELECT COUNT(*) AS n FROM birth_names",
      runAsync: false,
    });
    expect(res.data[0].n).toBeGreaterThan(0);
  });

  it("still saves a regular DuckDB database's settings and connection", async () => {
    await apiCall(e, "POST", "/api/v1/database/", {
      database_name: "Scratch edit",
      engine: "duckdb",
      parameters: { path: "scratch_edit.duckdb" },
    });
    const id = await idOf("Scratch edit");
    await openEdit("Scratch edit");
    await expect(e.page.locator(dt("builtin-connection-note")).count()).resolves.toBe(0);
    await e.page.locator(dt("parameter-path")).fill("scratch_edit_2.duckdb");
    await e.page.locator(dt("database-tab-advanced")).click();
    await e.page.locator(dt("flag-expose_in_sqllab")).click();
    await saveAndClose();
    expect(await connection(id)).toMatchObject({
      expose_in_sqllab: false,
      parameters: { path: "scratch_edit_2.duckdb" },
    });
  });

  it("shows a name already taken under the name, keeps the form open and the message goes once the name is edited", async () => {
    await openEdit("Scratch edit");
    const name = e.page.locator(dt("database-name-input"));
    await name.fill("Examples (edited)");
    // From the advanced tab: the refusal brings back the tab that holds the refused field.
    await e.page.locator(dt("database-tab-advanced")).click();
    const put = e.page.waitForResponse((r) => r.request().method() === "PUT");
    await e.page.locator(dt("btn-submit-connection")).click();
    expect((await put).status()).toBe(422);
    const modal = e.page.locator(dt("database-modal"));
    await modal.getByText("A database with the same name already exists.").waitFor();
    await expect(name.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(modal.getByText("Unexpected error").count()).resolves.toBe(0);

    await name.fill("Scratch edit 2");
    await expect(modal.getByText("A database with the same name already exists.").count()).resolves.toBe(0);
    await saveAndClose();
    await idOf("Scratch edit 2");
  });
});
