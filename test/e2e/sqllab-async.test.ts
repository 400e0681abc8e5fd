import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, dt, type E2E, logIn, startE2E } from "./browser.ts";
import { typeSql } from "./sql-editor.ts";

/**
 * A database that allows asynchronous runs: SQL Lab's run answers 202, the page polls the query's
 * state and fetches its stored results, and the grid fills as for an inline run.
 */
let e: E2E;

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
  await apiCall(e, "PUT", `/api/v1/database/${examples.id}`, { allow_run_async: true });
});
afterAll(async () => {
  await e?.close();
});

describe("SQL Lab with asynchronous runs", () => {
  it("runs in the background, polls until it is done and shows the stored results", async () => {
    await e.page.goto(`${e.url}/sqllab/`);
    await e.page.locator(dt("sqllab-page")).waitFor();
    await expect
      .poll(() => e.page.locator(dt("select-database")).inputValue(), { timeout: 15_000 })
      .toBe("examples");
    await typeSql(e, "SELECT gender, SUM(num) AS births FROM birth_names GROUP BY gender");

    const queued = e.page.waitForResponse((r) => r.url().includes("/api/v1/sqllab/execute/"));
    const polled = e.page.waitForRequest((r) => r.url().includes("/api/v1/query/updated_since"));
    const fetched = e.page.waitForResponse((r) => r.url().includes("/api/v1/sqllab/results/"));
    await e.page.locator(dt("run-query")).click();
    expect((await queued).status()).toBe(202);
    await polled;
    expect((await fetched).status()).toBe(200);
    await e.page.locator(dt("sqllab-results-grid")).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => e.page.locator(dt("row-count")).textContent(), { timeout: 15_000 })
      .toBe("2 rows returned");
  });
});
