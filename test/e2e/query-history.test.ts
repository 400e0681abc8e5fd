import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, dt, type E2E, logIn, startE2E } from "./browser.ts";

/**
 * SQL → Query history (`/sqllab/history/`): the runs SQL Lab stored, listed from
 * GET /api/v1/query/ with their state, filtered, previewed whole, and opened again in SQL Lab.
 */
let e: E2E;
const OK_SQL = "SELECT gender, COUNT(*) AS n FROM birth_names GROUP BY gender";
const FAILING_SQL = "SELECT no_such_column FROM birth_names";

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e, "/superset/welcome/");
  const dbs = await apiCall<{ result: { id: number; database_name: string }[] }>(
    e,
    "GET",
    `/api/v1/database/?q=${encodeURIComponent("(page_size:100)")}`,
  );
  const examples = dbs.result.find((d) => d.database_name === "examples");
  if (!examples) throw new Error("no examples database");
  const run = (sql: string, client_id: string, tab: string) =>
    apiCall(e, "POST", "/api/v1/sqllab/execute/", { database_id: examples.id, sql, client_id, tab });
  await run(OK_SQL, "qh_ok", "Births by gender");
  // A failed run answers 400 and is kept in the history all the same.
  await expect(run(FAILING_SQL, "qh_failed", "Broken tab")).rejects.toThrow(/400/);
});
afterAll(async () => {
  await e?.close();
});

/** The state of each listed run, keyed by its SQL (read at once: rows come and go while it loads). */
function listed(): Promise<Record<string, string>> {
  return e.page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const row of document.querySelectorAll('[data-test="query-list-view"] tbody tr')) {
      const sql = row.querySelector('[data-test="query-sql"]')?.textContent;
      const status = row.querySelector('[data-test="query-status"]')?.getAttribute("data-status");
      if (sql && status) out[sql] = status;
    }
    return out;
  });
}

describe("Query history in Chromium", () => {
  it("is under the SQL menu and lists both runs with their state, newest first", async () => {
    await e.page.goto(`${e.url}/superset/welcome/`);
    await e.page.locator(dt("navbar-menu")).filter({ hasText: "SQL" }).click();
    await e.page.getByRole("menuitem", { name: "Query history" }).click();
    await e.page.waitForURL((u) => u.pathname === "/sqllab/history/");

    await expect.poll(listed, { timeout: 15_000 }).toEqual({ [OK_SQL]: "success", [FAILING_SQL]: "failed" });
    const first = e.page.locator(`${dt("query-list-view")} tbody tr`).first();
    await expect(first.locator(dt("query-sql")).textContent()).resolves.toBe(FAILING_SQL);
    await expect(first.textContent()).resolves.toContain("Broken tab");
    await expect(first.textContent()).resolves.toContain("examples");
    const okRow = e.page.locator(`${dt("query-list-view")} tbody tr`).nth(1);
    await expect(okRow.textContent()).resolves.toContain("Births by gender");
    // Humanized start time, the exact one on hover.
    await expect(okRow.locator(dt("query-start-time")).textContent()).resolves.toMatch(/ago$/);
    await okRow.locator(dt("query-start-time")).hover();
    await expect
      .poll(() => e.page.getByRole("tooltip").textContent(), { timeout: 5_000 })
      .toContain(String(new Date().getFullYear()));
    await e.page.screenshot({ path: "/tmp/query-history-e2e.png" });
  });

  it("filters by state", async () => {
    await e.page.locator(dt("filters-select-status")).click();
    await e.page.getByRole("option", { name: "Failed" }).click();
    await expect.poll(listed, { timeout: 15_000 }).toEqual({ [FAILING_SQL]: "failed" });
    expect(new URL(e.page.url()).searchParams.get("filters")).toContain("failed");
  });

  it("filters by the days runs started, today's runs in a range ending today and none in a past one", async () => {
    await e.page.goto(`${e.url}/sqllab/history/`);
    await expect.poll(listed, { timeout: 15_000 }).toEqual({ [OK_SQL]: "success", [FAILING_SQL]: "failed" });
    const picker = e.page.locator(dt("filters-date-start_time"));
    // Today, as the first and the last day of the range: the server counts the last day whole.
    await picker.click();
    const today = e.page.locator("button[data-today]:not([data-outside])").first();
    await today.click();
    await today.click();
    await e.page.waitForURL((u) => (u.searchParams.get("filters") ?? "").includes("start_time"));
    await expect.poll(listed, { timeout: 15_000 }).toEqual({ [OK_SQL]: "success", [FAILING_SQL]: "failed" });

    // A range in the past holds neither run.
    const url = new URL(e.page.url());
    const filters = url.searchParams.get("filters") ?? "";
    const day = /\d{4}-\d{2}-\d{2}/.exec(filters)?.[0];
    expect(day).toBeTruthy();
    url.searchParams.set("filters", filters.replaceAll(day as string, "2001-01-01"));
    await e.page.goto(url.toString());
    await expect.poll(listed, { timeout: 15_000 }).toEqual({});
    await expect(picker.textContent()).resolves.toMatch(/2001/);
  });

  it("shows the whole SQL in a modal and opens the run in SQL Lab", async () => {
    await e.page.goto(`${e.url}/sqllab/history/`);
    await e.page.locator(dt("filters-select-status")).click();
    await e.page.getByRole("option", { name: "Failed" }).click();
    await expect.poll(listed, { timeout: 15_000 }).toEqual({ [FAILING_SQL]: "failed" });
    await e.page.locator(dt("query-sql")).first().click();
    const modal = e.page.locator(dt("query-preview-modal"));
    await expect(modal.locator(dt("query-preview-sql")).textContent()).resolves.toBe(FAILING_SQL);

    await modal.locator(dt("query-preview-open-in-sqllab")).click();
    await e.page.waitForURL((u) => u.pathname === "/sqllab/");
    await expect
      .poll(() => e.page.locator(`${dt("sql-editor")} .cm-content`).textContent(), { timeout: 15_000 })
      .toBe(FAILING_SQL);
    await expect
      .poll(() => e.page.locator(dt("select-database")).inputValue(), { timeout: 15_000 })
      .toBe("examples");
  });

  it("opens a run in SQL Lab from its row's action", async () => {
    await e.page.goto(`${e.url}/sqllab/history/`);
    const okRow = e.page.locator(`${dt("query-list-view")} tbody tr`, { hasText: "Births by gender" });
    await okRow.locator(dt("open-in-sqllab")).click();
    await e.page.waitForURL((u) => u.pathname === "/sqllab/");
    await expect
      .poll(() => e.page.locator(`${dt("sql-editor")} .cm-content`).textContent(), { timeout: 15_000 })
      .toBe(OK_SQL);
  });
});
