import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, dt, type E2E, logInAs, startE2E } from "./browser.ts";
import { typeSql } from "./sql-editor.ts";

/**
 * A newcomer's first minutes in SQL Lab: a fresh user opens it, types SQL and runs it without
 * picking a database; completion shows what each suggestion is; a typo is reported as a typo.
 */
let e: E2E;
const NEWCOMER = { username: "newcomer", password: "newcomer-password-1" };

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  // A second database, listed before "examples": the default is examples, not the first one.
  // The admin creates the newcomer (Alpha + sql_lab: every database, no SQL Lab tabs yet).
  await e.page.goto(`${e.url}/login/`);
  await e.page.getByLabel("Username").fill("admin");
  await e.page.getByLabel("Password").fill("e2e-admin-password");
  await e.page.getByRole("button", { name: /sign in|log in/i }).click();
  await e.page.waitForURL((u) => !u.pathname.startsWith("/login"));
  const roles = await apiCall<{ result: { id: number; name: string }[] }>(
    e,
    "GET",
    `/api/v1/security/roles/?q=${encodeURIComponent("(page_size:100)")}`,
  );
  const roleIds = roles.result.filter((r) => ["Alpha", "sql_lab"].includes(r.name)).map((r) => r.id);
  await apiCall(e, "POST", "/api/v1/database/", {
    database_name: "analytics",
    engine: "duckdb",
    parameters: { path: "analytics.duckdb" },
    expose_in_sqllab: true,
  });
  await apiCall(e, "POST", "/api/v1/security/users/", {
    first_name: "New",
    last_name: "Comer",
    username: NEWCOMER.username,
    email: "newcomer@example.com",
    password: NEWCOMER.password,
    active: true,
    roles: roleIds,
  });
  await logInAs(e, NEWCOMER, "/sqllab/");
});
afterAll(async () => {
  await e?.close();
});

describe("SQL Lab on a first visit", () => {
  it("runs the first query on the examples database without picking one", async () => {
    await e.page.locator(dt("sqllab-page")).waitFor();
    await expect
      .poll(() => e.page.locator(`${dt("select-database")}`).inputValue(), { timeout: 15_000 })
      .toBe("examples");
    await typeSql(e, "SELECT gender, COUNT(*) AS n FROM birth_names GROUP BY gender ORDER BY gender");
    await e.page.locator(dt("run-query")).click();
    await e.page.locator(dt("sqllab-results-grid")).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => e.page.locator(dt("row-count")).textContent(), { timeout: 15_000 })
      .toBe("2 rows returned");
  });

  it("shows a visible icon beside every completion, keywords and tables included", async () => {
    const options = e.page.locator(".cm-tooltip-autocomplete li");
    const iconsOfList = () =>
      options.evaluateAll((items) =>
        items.map((li) => {
          const icon = li.querySelector(".cm-completionIcon");
          const after = icon ? getComputedStyle(icon, "::after") : null;
          return {
            label: li.querySelector(".cm-completionLabel")?.textContent ?? "",
            kind: icon?.className.replace(/.*cm-completionIcon-/, "") ?? "",
            width: Number.parseFloat(after?.width ?? "0") || 0,
            height: Number.parseFloat(after?.height ?? "0") || 0,
            mask: after?.maskImage || after?.getPropertyValue("-webkit-mask-image") || "none",
          };
        }),
      );
    // Tables (kind "type") after FROM, keywords at the start of a statement.
    await typeSql(e, "SELECT * FROM birth");
    await e.page.keyboard.press("Control+Space");
    await options.first().waitFor({ timeout: 10_000 });
    const icons = await iconsOfList();
    await typeSql(e, "SEL");
    await e.page.keyboard.press("Control+Space");
    await options.first().waitFor({ timeout: 10_000 });
    icons.push(...(await iconsOfList()));
    await e.page.screenshot({ path: "/tmp/sqllab-completion.png" });
    expect(icons.length).toBeGreaterThan(0);
    expect(icons.map((i) => i.kind)).toEqual(expect.arrayContaining(["keyword", "type"]));
    for (const icon of icons) {
      // Drawn from an SVG, not from a font glyph the system may lack (the key emoji was a box).
      expect(icon.mask, icon.label).toContain("data:image/svg+xml");
      expect(icon.width, icon.label).toBeGreaterThan(0);
      expect(icon.height, icon.label).toBeGreaterThan(0);
    }
    // And it paints: hiding the icons changes the pixels of the first row.
    const row = options.first();
    const shown = await row.screenshot();
    await e.page.addStyleTag({ content: ".cm-completionIcon:after { visibility: hidden !important; }" });
    const hidden = await row.screenshot();
    expect(shown.equals(hidden)).toBe(false);
    await e.page.keyboard.press("Escape");
  });

  it("reports a misspelt column as the engine's error with its issue codes, not as DML", async () => {
    await typeSql(e, "select stat from birth_names");
    await e.page.locator(dt("run-query")).click();
    const error = e.page.locator(dt("query-error"));
    await error.waitFor({ timeout: 30_000 });
    // On a loaded machine the message once showed a moment before its issue codes: wait for both.
    await expect
      .poll(() => error.textContent(), { timeout: 15_000 })
      .toMatch(/Referenced column "stat" not found[\s\S]*Issue 1003/);
    const text = (await error.textContent()) ?? "";
    expect(text).toMatch(/DuckDB Error/);
    expect(text).toMatch(/Issue 1003/);
    expect(text).toMatch(/Issue 1004/);
    expect(text).not.toMatch(/DML/);
  });

  it("reports an unknown table and a refused file read for what they are", async () => {
    await typeSql(e, "select * from no_such_table");
    await e.page.locator(dt("run-query")).click();
    const error = e.page.locator(dt("query-error"));
    await expect
      .poll(() => error.textContent(), { timeout: 30_000 })
      .toMatch(/Table with name no_such_table does not exist/);
    await typeSql(e, "select * from read_csv('/etc/passwd')");
    await e.page.locator(dt("run-query")).click();
    await expect
      .poll(() => error.textContent(), { timeout: 30_000 })
      .toMatch(/Reading "\/etc\/passwd" was refused/);
    expect(await error.textContent()).not.toMatch(/DML/);
  });
});
