import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, dt, type E2E, logIn, startE2E } from "./browser.ts";

let e: E2E;

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e, "/sqllab/");
});
afterAll(async () => {
  await e?.close();
});

/** Replaces the editor's text (CodeMirror content-editable). */
async function typeSql(sql: string) {
  const content = e.page.locator(`${dt("sql-editor")} .cm-content`);
  await content.click();
  await e.page.keyboard.press("ControlOrMeta+a");
  await e.page.keyboard.press("Delete");
  await e.page.keyboard.insertText(sql);
}

describe("SQL Lab in Chromium", () => {
  it("picks the examples database, runs a GROUP BY and shows 2 rows in the grid", async () => {
    await e.page.goto(`${e.url}/sqllab/`);
    await e.page.locator(dt("sqllab-page")).waitFor();
    await expect
      .poll(() => e.page.locator(dt("sqllab-tab")).first().textContent(), { timeout: 15_000 })
      .toContain("Untitled Query 1");
    await e.page.locator(dt("select-database")).click();
    await e.page
      .getByRole("option", { name: /examples/i })
      .first()
      .click();
    await e.page.locator(`${dt("sql-editor")} .cm-content`).waitFor();
    await typeSql("SELECT gender, COUNT(*) AS n FROM birth_names GROUP BY gender ORDER BY gender");
    await e.page.locator(dt("run-query")).click();
    await e.page.locator(dt("sqllab-results-grid")).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => e.page.locator(dt("row-count")).textContent(), { timeout: 15_000 })
      .toBe("2 rows returned");
    const grid = e.page.locator(dt("sqllab-results-grid"));
    await expect(grid.getByText("boy", { exact: true }).count()).resolves.toBe(1);
    await expect(grid.getByText("girl", { exact: true }).count()).resolves.toBe(1);
  });

  it("runs only the selected text when there is a selection", async () => {
    await typeSql("SELECT 1 AS first_col\nSELECT 2 AS second_col");
    await e.page.keyboard.press("Shift+Home");
    await e.page.locator(dt("run-query")).click();
    const grid = e.page.locator(dt("sqllab-results-grid"));
    await grid.getByText("second_col").waitFor({ timeout: 30_000 });
    await expect(grid.getByText("first_col").count()).resolves.toBe(0);
    await e.page.screenshot({ path: "/tmp/sqllab-e2e.png" });
  });

  it("expands a table to its columns and previews its data", async () => {
    const item = e.page.locator(dt("table-item-birth_names"));
    await item.locator(dt("table-toggle")).click();
    await item.locator(dt("table-columns")).getByText("gender").waitFor();
    await item.locator(dt("table-preview")).click();
    await expect
      .poll(() => e.page.locator(dt("row-count")).textContent(), { timeout: 30_000 })
      .toBe("100 rows returned");
  });

  it("refuses a DELETE with the DML error", async () => {
    await typeSql("DELETE FROM birth_names");
    await e.page.keyboard.press("ControlOrMeta+Enter");
    const error = e.page.locator(dt("query-error"));
    await error.waitFor({ timeout: 30_000 });
    await expect.poll(() => error.textContent(), { timeout: 15_000 }).toMatch(/DML is not allowed/i);
  });

  it("saves the query and finds it in the saved queries list", async () => {
    await typeSql("SELECT gender, COUNT(*) AS n FROM birth_names GROUP BY gender ORDER BY gender");
    await e.page.locator(dt("save-query")).click();
    await e.page.locator(dt("saved-query-name")).fill("Births by gender e2e");
    await e.page.locator(dt("saved-query-description")).fill("from the browser test");
    await e.page.locator(dt("save-query-submit")).click();
    await e.page.locator(dt("copy-link")).waitFor();
    await expect
      .poll(() => e.page.locator(dt("sqllab-tab")).first().textContent(), { timeout: 15_000 })
      .toContain("Births by gender e2e");

    await e.page.goto(`${e.url}/savedqueryview/list/`);
    await e.page.getByText("Births by gender e2e").first().waitFor({ timeout: 15_000 });
  });

  it("opens a saved query from ?savedQueryId and keeps the tabs across a reload", async () => {
    const list = await e.page.request.get(`${e.url}/api/v1/saved_query/`);
    const body = (await list.json()) as { result: { id: number; label: string }[] };
    const saved = body.result.find((r) => r.label === "Births by gender e2e");
    expect(saved).toBeDefined();
    await e.page.goto(`${e.url}/sqllab/?savedQueryId=${saved?.id}`);
    await e.page.locator(dt("sqllab-page")).waitFor();
    await expect
      .poll(() => e.page.locator(`${dt("sql-editor")} .cm-content`).textContent(), { timeout: 15_000 })
      .toContain("GROUP BY gender");
    await e.page.locator(dt("add-tab")).click();
    await expect(e.page.locator(dt("sqllab-tab")).count()).resolves.toBeGreaterThanOrEqual(2);
    const names = await e.page.locator(dt("sqllab-tab")).allTextContents();
    expect(names.some((n) => n.includes("Untitled Query"))).toBe(true);

    await e.page.waitForTimeout(300);
    await e.page.goto(`${e.url}/sqllab/`);
    await e.page.locator(dt("sqllab-page")).waitFor();
    await expect
      .poll(() => e.page.locator(dt("sqllab-tab")).allTextContents(), { timeout: 15_000 })
      .toEqual(names);
  });

  it("opens a new tab with the SQL of a form post to /sqllab/ (000 §2)", async () => {
    await e.page.goto(`${e.url}/sqllab/`);
    await e.page.locator(dt("sqllab-page")).waitFor();
    const before = await e.page.locator(dt("sqllab-tab")).count();
    const list = await e.page.request.get(`${e.url}/api/v1/dataset/`);
    const datasets = (await list.json()) as { result: { id: number; table_name: string }[] };
    const dataset = datasets.result.find((d) => d.table_name === "birth_names");
    expect(dataset).toBeDefined();
    const posted = e.page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/sqllab"),
    );
    const fetched = e.page.waitForResponse((r) => r.url().includes("/api/v1/sqllab/incoming/"));
    // A cookie-authenticated form post carries the CSRF token as the `csrf_token` field.
    await e.page.evaluate(
      async ([datasourceKey, sql]) => {
        const res = await fetch("/api/v1/security/csrf_token/", { credentials: "same-origin" });
        const csrf = ((await res.json()) as { result: string }).result;
        const form = document.createElement("form");
        form.method = "POST";
        form.action = "/sqllab/";
        for (const [name, value] of [
          ["datasourceKey", datasourceKey],
          ["sql", sql],
          ["csrf_token", csrf],
        ]) {
          const input = document.createElement("input");
          input.type = "hidden";
          input.name = name;
          input.value = value;
          form.appendChild(input);
        }
        document.body.appendChild(form);
        form.submit();
      },
      [`${dataset?.id}__table`, "SELECT 42 AS posted_answer"],
    );
    const post = await posted;
    expect(post.status(), await post.text().catch(() => "")).toBe(303);
    await expect((await fetched).status()).toBe(200);
    await e.page.locator(dt("sqllab-page")).waitFor();
    await expect.poll(() => e.page.locator(dt("sqllab-tab")).count(), { timeout: 15_000 }).toBe(before + 1);
    await expect
      .poll(() => e.page.locator(`${dt("sql-editor")} .cm-content`).textContent(), { timeout: 15_000 })
      .toContain("SELECT 42 AS posted_answer");
    const names = await e.page.locator(dt("sqllab-tab")).allTextContents();
    expect(names[names.length - 1]).toMatch(/Untitled Query \d+/);
    expect(new URL(e.page.url()).searchParams.has("incoming")).toBe(false);
    await e.page.waitForTimeout(1500); // the new tab is stored before the next test compares tabs
  });

  it("opens a shared link /sqllab/p/<key> in a new 'Shared query' tab (002)", async () => {
    const dbs = await e.page.request.get(`${e.url}/api/v1/database/`);
    const databases = (await dbs.json()) as { result: { id: number; database_name: string }[] };
    const db = databases.result.find((d) => /examples/i.test(d.database_name)) ?? databases.result[0];
    expect(db).toBeDefined();
    const csrfRes = await e.page.request.get(`${e.url}/api/v1/security/csrf_token/`);
    const csrf = ((await csrfRes.json()) as { result: string }).result;
    const created = await e.page.request.post(`${e.url}/api/v1/sqllab/permalink`, {
      headers: { "X-CSRFToken": csrf, Referer: `${e.url}/sqllab/` },
      data: { dbId: db.id, sql: "SELECT 7 AS shared_answer", name: "Mine", schema: null },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { key } = (await created.json()) as { key: string; url: string };
    expect(key).toMatch(/^kv:/);

    await e.page.goto(`${e.url}/sqllab/p/${key}`);
    await e.page.locator(dt("sqllab-page")).waitFor();
    await expect
      .poll(() => e.page.locator(dt("sqllab-tab")).allTextContents(), { timeout: 15_000 })
      .toContain("Shared query");
    await expect
      .poll(() => e.page.locator(`${dt("sql-editor")} .cm-content`).textContent(), { timeout: 15_000 })
      .toContain("SELECT 7 AS shared_answer");
    await expect.poll(() => new URL(e.page.url()).pathname).toBe("/sqllab/");
    await e.page.waitForTimeout(1500); // the new tab is stored before the next test compares tabs
  });

  it("brings the same tabs back in another browser (state is on the server, not in localStorage)", async () => {
    const names = await e.page.locator(dt("sqllab-tab")).allTextContents();
    await e.page.waitForTimeout(1500); // the debounced save
    const other = await e.context.browser()?.newContext();
    const page = other ? await other.newPage() : await e.context.newPage();
    if (!other) await e.context.clearCookies();
    await page.goto(`${e.url}/login/?next=${encodeURIComponent("/sqllab/")}`);
    await page.evaluate(() => localStorage.clear());
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: /sign in|log in/i }).click();
    await page.locator(dt("sqllab-page")).waitFor();
    await expect
      .poll(() => page.locator(dt("sqllab-tab")).allTextContents(), { timeout: 15_000 })
      .toEqual(names);
    await page.close();
    await other?.close();
  });
});
