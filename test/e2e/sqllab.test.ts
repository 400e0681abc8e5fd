import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, apiCall, dt, type E2E, logIn, startE2E } from "./browser.ts";
import { pickExamplesDatabase, typeSql } from "./sql-editor.ts";

let e: E2E;
/** Failed calls that store the editor on the server (each would turn persistence off). */
const persistenceFailures: string[] = [];

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e, "/sqllab/");
  e.page.on("response", (r) => {
    if (/\/(tabstateview|tableschemaview)\b/.test(r.url()) && r.status() >= 400)
      persistenceFailures.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
});
afterAll(async () => {
  await e?.close();
});

/** What the server has stored of this user's SQL Lab: tab labels in order, and the active tab. */
async function stored() {
  const boot = await apiCall<{
    result: {
      tab_state_ids: [number, string][];
      active_tab: { latest_query: { sql: string; state: string } | null } | null;
    };
  }>(e, "GET", "/api/v1/sqllab/");
  return { labels: boot.result.tab_state_ids.map(([, label]) => label), active: boot.result.active_tab };
}

/** Waits until the server stores the tabs the page shows (the SPA saves them debounced). */
async function tabsStored() {
  const shown = await e.page.locator(dt("sqllab-tab")).allTextContents();
  await expect.poll(async () => (await stored()).labels, { timeout: 15_000 }).toEqual(shown);
}

/** Waits until the active tab's stored latest query is the run whose SQL contains `sql`. */
async function latestQueryStored(sql: string) {
  await expect
    .poll(async () => (await stored()).active?.latest_query?.sql ?? "", { timeout: 15_000 })
    .toContain(sql);
}

describe("SQL Lab in Chromium", () => {
  it("picks the examples database, runs a GROUP BY and shows 2 rows in the grid", async () => {
    await e.page.goto(`${e.url}/sqllab/`);
    await e.page.locator(dt("sqllab-page")).waitFor();
    await expect
      .poll(() => e.page.locator(dt("sqllab-tab")).first().textContent(), { timeout: 15_000 })
      .toContain("Untitled Query 1");
    await pickExamplesDatabase(e);
    await e.page.locator(`${dt("sql-editor")} .cm-content`).waitFor();
    await typeSql(e, "SELECT gender, COUNT(*) AS n FROM birth_names GROUP BY gender ORDER BY gender");
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
    await typeSql(e, "SELECT 1 AS first_col\nSELECT 2 AS second_col");
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
    await typeSql(e, "DELETE FROM birth_names");
    await e.page.keyboard.press("ControlOrMeta+Enter");
    const error = e.page.locator(dt("query-error"));
    await error.waitFor({ timeout: 30_000 });
    await expect.poll(() => error.textContent(), { timeout: 15_000 }).toMatch(/DML is not allowed/i);
  });

  it("saves the query and finds it in the saved queries list", async () => {
    await typeSql(e, "SELECT gender, COUNT(*) AS n FROM birth_names GROUP BY gender ORDER BY gender");
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

    await tabsStored();
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
    await tabsStored(); // before the next test compares tabs
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
    await tabsStored(); // before the next test compares tabs
  });

  it("brings the same tabs back in another browser (state is on the server, not in localStorage)", async () => {
    const names = await e.page.locator(dt("sqllab-tab")).allTextContents();
    await tabsStored();
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

  /** A new tab on the examples database with this SQL. */
  async function freshTab(sql: string) {
    await e.page.goto(`${e.url}/sqllab/`);
    await e.page.locator(dt("sqllab-page")).waitFor();
    await e.page.locator(dt("add-tab")).click();
    const database = e.page.locator(dt("select-database"));
    // A new tab keeps the previous tab's database; picking the selected option again would clear it.
    if (!/examples/i.test(await database.inputValue())) {
      await pickExamplesDatabase(e);
    }
    await expect.poll(() => database.inputValue()).toMatch(/examples/i);
    await typeSql(e, sql);
  }

  it("shows 20000 rows as a capped display and downloads all of them as CSV", async () => {
    await freshTab("SELECT * FROM range(20000) t(i)");
    await e.page.locator(dt("query-limit")).click();
    // Powers of ten up to SQL_MAX_ROW (1,000,000 by default).
    await expect
      .poll(() => e.page.getByRole("option", { name: /^LIMIT: / }).allTextContents())
      .toEqual([
        "LIMIT: 10",
        "LIMIT: 100",
        "LIMIT: 1,000",
        "LIMIT: 10,000",
        "LIMIT: 100,000",
        "LIMIT: 1,000,000",
      ]);
    await e.page.getByRole("option", { name: "LIMIT: 100,000" }).click();
    await expect.poll(() => e.page.locator(dt("query-limit")).inputValue()).toBe("LIMIT: 100,000");
    await e.page.locator(dt("run-query")).click();
    await expect
      .poll(() => e.page.locator(dt("row-count")).textContent(), { timeout: 30_000 })
      .toBe("20000 rows returned");
    await expect
      .poll(() => e.page.locator(dt("display-limit")).textContent(), { timeout: 15_000 })
      .toContain("Only the first 10,000 of 20,000 rows");
    const [download] = await Promise.all([
      e.page.waitForEvent("download", { timeout: 30_000 }),
      e.page.locator(dt("download-csv")).click(),
    ]);
    const file = await download.path();
    expect(await download.failure()).toBeNull();
    const lines = readFileSync(file, "utf8")
      .split(/\r?\n/)
      .filter((l) => l !== "");
    expect(lines.length).toBe(20001);
    expect(lines[0]).toBe("i");
  });

  it("schedules the current query and lists it with its schedule on the saved queries page", async () => {
    await e.page.locator(dt("schedule-query")).click();
    await e.page.locator(dt("schedule-label")).fill("Range nightly e2e");
    await e.page.locator(dt("schedule-description")).fill("scheduled from the browser test");
    await e.page.locator(dt("schedule-interval")).fill("0 3 * * *");
    await e.page.locator(dt("schedule-submit")).click();
    await e.page.locator(dt("toast-success")).first().waitFor({ timeout: 15_000 });
    await expect.poll(() => e.page.locator(dt("schedule-submit")).count(), { timeout: 5_000 }).toBe(0);

    // The card shows the schedule too; the table view has it in its own column.
    await e.page.goto(`${e.url}/savedqueryview/list/`);
    const card = e.page.locator(dt("styled-card"), { hasText: "Range nightly e2e" });
    await expect
      .poll(() => card.first().locator(dt("saved-query-schedule")).textContent(), { timeout: 15_000 })
      .toMatch(/0 3 \* \* \*\s*Next run: /);
    await e.page.locator(dt("list-view")).click();
    const row = e.page.locator("tr", { hasText: "Range nightly e2e" });
    await expect
      .poll(() => row.first().locator(dt("saved-query-schedule")).textContent(), { timeout: 15_000 })
      .toMatch(/0 3 \* \* \*\s*Next run: /);
  });

  it("creates a table from a SELECT (CTAS) and queries it in a new tab", async () => {
    await freshTab("SELECT gender, COUNT(*) AS n FROM birth_names GROUP BY gender");
    await e.page.locator(dt("run-options")).click();
    await e.page.locator(dt("run-ctas")).click();
    await e.page.locator(dt("ctas-name")).fill("births_by_gender_ctas");
    await e.page.locator(dt("ctas-submit")).click();
    await expect
      .poll(() => e.page.locator(dt("ctas-message")).textContent(), { timeout: 30_000 })
      .toMatch(/^Table (\w+\.)?births_by_gender_ctas was created$/);
    const before = await e.page.locator(dt("sqllab-tab")).count();
    await e.page.locator(dt("ctas-query-new-tab")).click();
    await expect.poll(() => e.page.locator(dt("sqllab-tab")).count()).toBe(before + 1);
    await expect
      .poll(() => e.page.locator(`${dt("sql-editor")} .cm-content`).textContent(), { timeout: 15_000 })
      .toMatch(/SELECT \* FROM (\w+\.)?births_by_gender_ctas/);
    await e.page.locator(dt("run-query")).click();
    await expect
      .poll(() => e.page.locator(dt("row-count")).textContent(), { timeout: 30_000 })
      .toBe("2 rows returned");
  });

  /** A new tab on the examples database (kept when the new tab inherits it: re-picking would deselect it). */
  async function examplesTab() {
    await e.page.goto(`${e.url}/sqllab/`);
    await e.page.locator(dt("sqllab-page")).waitFor();
    await e.page.locator(dt("add-tab")).click();
    const select = e.page.locator(dt("select-database"));
    if (!/examples/i.test(await select.inputValue())) {
      await pickExamplesDatabase(e);
    }
    await expect.poll(() => select.inputValue()).toMatch(/examples/i);
  }

  it("adds birth_names as a table schema: own south-pane tab, kept collapsed across a reload, removed (002 §3/§4)", async () => {
    await examplesTab();
    const item = e.page.locator(dt("table-item-birth_names"));
    await item.waitFor({ timeout: 15_000 });
    const stored = e.page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/tableschemaview/",
    );
    await item.locator(dt("table-preview")).click();
    expect((await stored).status()).toBe(200);

    // Its own tab next to Results / Query history, active, with its columns and 100 preview rows.
    const southTab = e.page.locator(dt("tab-table-birth_names"));
    await expect.poll(() => southTab.getAttribute("aria-selected"), { timeout: 15_000 }).toBe("true");
    const panel = e.page.locator(dt("table-schema-panel"));
    await expect
      .poll(() => panel.locator(dt("table-schema-panel-columns")).textContent(), { timeout: 15_000 })
      .toContain("gender");
    await expect
      .poll(() => panel.locator(dt("row-count")).textContent(), { timeout: 30_000 })
      .toBe("100 rows returned");
    await expect.poll(() => panel.locator(dt("sqllab-results-grid")).count(), { timeout: 15_000 }).toBe(1);

    // The left-bar card: expanded with the columns, then collapsed (stored on the server).
    const card = e.page.locator(dt("table-schema-birth_names"));
    await expect
      .poll(() => card.locator(dt("table-schema-columns")).textContent(), { timeout: 15_000 })
      .toContain("gender");
    const collapsed = e.page.waitForResponse((r) => /\/tableschemaview\/\d+\/expanded$/.test(r.url()));
    await card.locator(dt("table-schema-toggle")).click();
    expect((await collapsed).status()).toBe(200);
    await expect.poll(() => card.locator(dt("table-schema-columns")).count()).toBe(0);

    // A reload brings the table back, still collapsed, with its south-pane tab.
    await e.page.reload();
    await e.page.locator(dt("sqllab-page")).waitFor();
    await card.waitFor({ timeout: 15_000 });
    await expect(card.locator(dt("table-schema-columns")).count()).resolves.toBe(0);
    await expect.poll(() => southTab.count()).toBe(1);

    // Shown again it runs its preview; removing it falls back to 'Results' and deletes it on the server.
    await southTab.click();
    await expect
      .poll(() => panel.locator(dt("row-count")).textContent(), { timeout: 30_000 })
      .toBe("100 rows returned");
    const deleted = e.page.waitForResponse(
      (r) => r.request().method() === "DELETE" && /\/tableschemaview\/\d+$/.test(r.url()),
    );
    await southTab.locator(dt("table-tab-remove")).click();
    expect((await deleted).status()).toBe(200);
    await expect.poll(() => southTab.count()).toBe(0);
    await expect.poll(() => card.count()).toBe(0);
    await expect.poll(() => e.page.locator(dt("tab-results")).getAttribute("aria-selected")).toBe("true");
    const boot = await apiCall<{ result: { active_tab: { table_schemas: unknown[] } | null } }>(
      e,
      "GET",
      "/api/v1/sqllab/",
    );
    expect(boot.result.active_tab?.table_schemas).toEqual([]);
  });

  it("stops a long query: 'stopped' with no results, then a normal query runs again", async () => {
    await examplesTab();
    const longSql = "SELECT count(*) AS n FROM range(100000) a(i), range(100000) b(j) WHERE (i * j) % 7 = 3";
    await typeSql(e, longSql);
    await e.page.locator(dt("run-query")).click();
    await e.page.locator(dt("query-running")).waitFor({ timeout: 15_000 });
    // The server has registered the run (a stop finds it by client id).
    await expect
      .poll(
        async () =>
          (
            await apiCall<{ result: { sql: string }[] }>(
              e,
              "GET",
              "/api/v1/query/updated_since?q=(last_updated_ms:0)",
            )
          ).result.some((q) => q.sql === longSql),
        { timeout: 15_000 },
      )
      .toBe(true);
    const stop = e.page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/v1/query/stop"));
    await e.page.locator(dt("stop-query")).click();
    expect((await stop).status()).toBe(200);
    await e.page.locator(dt("query-stopped")).waitFor({ timeout: 15_000 });
    await expect(e.page.locator(dt("sqllab-results-grid")).count()).resolves.toBe(0);
    await expect(e.page.locator(dt("row-count")).count()).resolves.toBe(0);

    // The query history shows the run as stopped.
    await e.page.locator(dt("tab-history")).click();
    const row = e.page.locator(`${dt("query-history")} tr`, { hasText: "range(100000)" }).first();
    await expect
      .poll(() => row.locator(dt("query-state")).textContent(), { timeout: 15_000 })
      .toBe("stopped");

    await e.page.locator(dt("tab-results")).click();
    await typeSql(e, "SELECT 40 + 2 AS answer");
    await e.page.locator(dt("run-query")).click();
    await expect
      .poll(() => e.page.locator(dt("row-count")).textContent(), { timeout: 30_000 })
      .toBe("1 rows returned");
    await e.page.locator(dt("sqllab-results-grid")).getByText("42", { exact: true }).waitFor();
  });

  it("finds the tab's latest results again after a reload", async () => {
    await examplesTab();
    await typeSql(e, "SELECT 'kept after reload' AS survivor");
    await e.page.locator(dt("run-query")).click();
    const grid = e.page.locator(dt("sqllab-results-grid"));
    await grid.getByText("kept after reload").waitFor({ timeout: 30_000 });
    await latestQueryStored("'kept after reload'");
    await e.page.reload();
    await e.page.locator(dt("sqllab-page")).waitFor();
    await grid.getByText("kept after reload").waitFor({ timeout: 30_000 });
    await expect.poll(() => e.page.locator(dt("row-count")).textContent()).toBe("1 rows returned");
  });

  it("opens a Share link in a new browser context, logged in there", async () => {
    await examplesTab();
    await typeSql(e, "SELECT 'from a link' AS shared_text");
    const csrf = (
      (await (await e.page.request.get(`${e.url}/api/v1/security/csrf_token/`)).json()) as { result: string }
    ).result;
    const dbs = (await (await e.page.request.get(`${e.url}/api/v1/database/`)).json()) as {
      result: { id: number; database_name: string }[];
    };
    const db = dbs.result.find((d) => /examples/i.test(d.database_name));
    const created = await e.page.request.post(`${e.url}/api/v1/sqllab/permalink`, {
      headers: { "X-CSRFToken": csrf, Referer: `${e.url}/sqllab/` },
      data: { dbId: db?.id, sql: "SELECT 'from a link' AS shared_text", name: "Linked", autorun: false },
    });
    const { url } = (await created.json()) as { url: string };
    const other = await e.context.browser()?.newContext();
    expect(other).toBeDefined();
    const page = await other!.newPage();
    await page.goto(`${e.url}/login/?next=${encodeURIComponent(new URL(url).pathname)}`);
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: /sign in|log in/i }).click();
    await page.locator(dt("sqllab-page")).waitFor();
    await expect
      .poll(() => page.locator(`${dt("sql-editor")} .cm-content`).textContent(), { timeout: 15_000 })
      .toContain("from a link");
    await expect.poll(() => page.locator(dt("sqllab-tab")).allTextContents()).toContain("Shared query");
    await other!.close();
  });

  /** The editor's text, line by line (CodeMirror renders one element per line). */
  const editorLines = () => e.page.locator(`${dt("sql-editor")} .cm-line`).allTextContents();

  it("formats a messy query with the Format SQL button and Ctrl/Cmd+Shift+F (002 §7)", async () => {
    await examplesTab();
    await typeSql(e, "select gender,count(*) as n from birth_names where num>10 group by gender");
    const formatted = e.page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/v1/sqllab/format_sql/",
    );
    await e.page.locator(dt("format-sql")).click();
    const res = await formatted;
    expect(res.status()).toBe(200);
    // The tab's database goes along, so the server formats in its dialect.
    expect(res.request().postDataJSON()).toMatchObject({ database_id: expect.any(Number) });
    await expect
      .poll(editorLines, { timeout: 15_000 })
      .toEqual([
        "SELECT",
        "  gender,",
        "  count(*) AS n",
        "FROM",
        "  birth_names",
        "WHERE",
        "  num > 10",
        "GROUP BY",
        "  gender",
      ]);

    await typeSql(e, "select 1 as a,2 as b");
    await e.page.keyboard.press("ControlOrMeta+Shift+F");
    await expect.poll(editorLines, { timeout: 15_000 }).toEqual(["SELECT", "  1 AS a,", "  2 AS b"]);
  });

  it("estimates the cost of the selected statement and shows DuckDB's plan (002 §5/§7)", async () => {
    await examplesTab();
    await typeSql(e, "SELECT 1 AS first_col\nSELECT gender FROM birth_names");
    await e.page.keyboard.press("Shift+Home"); // selects the second line only
    const estimated = e.page.waitForResponse((r) => new URL(r.url()).pathname === "/api/v1/sqllab/estimate/");
    await e.page.locator(dt("estimate-cost")).click();
    const dialog = e.page.getByRole("dialog", { name: "Estimated cost" });
    await dialog.waitFor();
    const res = await estimated;
    expect(res.status()).toBe(200);
    expect(res.request().postDataJSON()).toMatchObject({ sql: "SELECT gender FROM birth_names" });
    const plan = dialog.locator(dt("estimate-plan"));
    await expect.poll(() => plan.first().textContent(), { timeout: 30_000 }).toContain("SEQ_SCAN");
    await expect.poll(() => plan.first().textContent()).toContain("birth_names");
    await expect(plan.count()).resolves.toBe(1);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // The same SQL again: the kept estimate shows without a new call.
    let asked = 0;
    const count = (r: { url(): string }) => {
      if (new URL(r.url()).pathname === "/api/v1/sqllab/estimate/") asked += 1;
    };
    e.page.on("request", count);
    await e.page.locator(dt("estimate-cost")).click();
    await expect.poll(() => plan.first().textContent()).toContain("SEQ_SCAN");
    e.page.off("request", count);
    expect(asked).toBe(0);
    await dialog.getByRole("button", { name: "Close" }).click();
  });

  it("inserts a table's select * into the editor and refreshes its data preview", async () => {
    await examplesTab();
    await typeSql(e, "SELECT 1 AS one");
    const item = e.page.locator(dt("table-item-birth_names"));
    await item.waitFor({ timeout: 15_000 });
    await item.locator(dt("table-preview")).click();
    const card = e.page.locator(dt("table-schema-birth_names"));
    const panel = e.page.locator(dt("table-schema-panel"));
    await expect
      .poll(() => panel.locator(dt("row-count")).textContent(), { timeout: 30_000 })
      .toBe("100 rows returned");

    await card.locator(dt("table-schema-insert")).click();
    await expect
      .poll(async () => (await editorLines()).join("\n"), { timeout: 15_000 })
      .toMatch(/^SELECT 1 AS one;\n\nSELECT[\s\S]*birth_names[\s\S]*LIMIT 100$/);

    const rerun = e.page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/v1/sqllab/execute/",
    );
    await panel.locator(dt("table-preview-refresh")).click();
    const res = await rerun;
    expect(res.status()).toBe(200);
    expect(res.request().postDataJSON()).toMatchObject({ queryLimit: 100 });
    await expect
      .poll(() => panel.locator(dt("row-count")).textContent(), { timeout: 30_000 })
      .toBe("100 rows returned");

    const deleted = e.page.waitForResponse(
      (r) => r.request().method() === "DELETE" && /\/tableschemaview\/\d+$/.test(r.url()),
    );
    await e.page.locator(dt("tab-table-birth_names")).locator(dt("table-tab-remove")).click();
    expect((await deleted).status()).toBe(200);
  });

  it("shows the CTAS outcome again after a reload (restored from the tab's latest_query)", async () => {
    await examplesTab();
    await typeSql(e, "SELECT state, SUM(num) AS total FROM birth_names GROUP BY state");
    await e.page.locator(dt("run-options")).click();
    await e.page.locator(dt("run-ctas")).click();
    await e.page.locator(dt("ctas-name")).fill("births_by_state_reload");
    await e.page.locator(dt("ctas-submit")).click();
    const message = e.page.locator(dt("ctas-message"));
    await expect
      .poll(() => message.textContent(), { timeout: 30_000 })
      .toMatch(/^Table (\w+\.)?births_by_state_reload was created$/);
    await latestQueryStored("SUM(num) AS total FROM birth_names GROUP BY state");
    await e.page.reload();
    await e.page.locator(dt("sqllab-page")).waitFor();
    await expect
      .poll(() => message.textContent(), { timeout: 30_000 })
      .toMatch(/^Table (\w+\.)?births_by_state_reload was created$/);
    await expect(e.page.locator(dt("ctas-query-new-tab")).count()).resolves.toBe(1);
  });

  it("stored every tab and table change without a failed call (no 'storing your query' warning)", () => {
    expect(persistenceFailures).toEqual([]);
  });
});
