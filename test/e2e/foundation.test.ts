import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dt, type E2E, logIn, startE2E } from "./browser.ts";

let e: E2E;

beforeAll(async () => {
  e = await startE2E(["birth_names", "energy_usage"]);
});
afterAll(async () => {
  await e?.close();
});

/** Picks an option in a Mantine Select found by its data-test attribute. */
async function choose(testId: string, option: string | RegExp) {
  await e.page.locator(dt(testId)).click();
  await e.page.getByRole("option", { name: option }).first().click();
}

describe("foundation in Chromium", () => {
  it("logs in and lands on the home page", async () => {
    await logIn(e, "/superset/welcome/");
    expect(new URL(e.page.url()).pathname).toBe("/superset/welcome/");
    await e.page.locator(dt("user-menu")).waitFor();
  });

  it("lists datasets with a search filter and a sort reflected in the URL", async () => {
    await e.page.goto(`${e.url}/tablemodelview/list/?viewMode=table`);
    const table = e.page.locator(dt("listview-table"));
    await table.getByText("energy_usage").waitFor();
    await expect(table.getByText("birth_names").isVisible()).resolves.toBe(true);

    const search = e.page.locator(dt("filters-search-table_name"));
    await search.fill("birth");
    await search.press("Enter");
    await e.page.waitForURL(/filters=/);
    await table.getByText("energy_usage").waitFor({ state: "detached" });
    expect(decodeURIComponent(e.page.url())).toContain("birth");
    await expect(table.getByText("birth_names").isVisible()).resolves.toBe(true);

    await table.locator("th", { hasText: /^Name/ }).first().click();
    await e.page.waitForURL(/sortColumn=table_name/);
    expect(e.page.url()).toMatch(/sortOrder=(asc|desc)/);

    // The state survives a reload: it lives in the URL.
    await e.page.reload();
    await table.getByText("birth_names").waitFor();
    await expect(table.getByText("energy_usage").count()).resolves.toBe(0);
  });

  it("adds a DuckDB database through the connection form", async () => {
    await e.page.goto(`${e.url}/databaseview/list/`);
    await e.page.locator(dt("btn-create-database")).click();
    await e.page.locator(dt("engine-duckdb")).click();
    await e.page.locator(dt("database-name-input")).fill("E2E scratch");
    await e.page.locator(dt("parameter-path")).fill("e2e_scratch.duckdb");
    await e.page.locator(dt("btn-test-connection")).click();
    await e.page.getByText("Connection looks good!").waitFor();
    await e.page.locator(dt("btn-submit-connection")).click();
    // The form goes once saved (the modal's own root counts as hidden even while it is open).
    await e.page.locator(dt("btn-submit-connection")).waitFor({ state: "detached" });
    await e.page.getByText("E2E scratch").first().waitFor();
    const res = await e.page.request.get(
      `${e.url}/api/v1/database/?q=(filters:!((col:database_name,opr:eq,value:'E2E scratch')))`,
    );
    expect(((await res.json()) as { count: number }).count).toBe(1);
  });

  it("creates a virtual dataset", async () => {
    await e.page.goto(`${e.url}/tablemodelview/list/`);
    await e.page.locator(dt("btn-add-dataset")).click();
    await e.page.locator(dt("add-dataset-virtual")).click();
    await choose("select-database", "examples");
    await choose("select-schema", "main");
    await e.page.locator(dt("virtual-dataset-name")).fill("girls_by_state");
    await e.page
      .locator(dt("virtual-dataset-sql"))
      .fill("SELECT state, SUM(num_girls) AS girls FROM birth_names GROUP BY state");
    await e.page.locator(dt("modal-confirm-button")).click();
    await e.page.locator(dt("add-dataset-modal")).waitFor({ state: "hidden" });
    await e.page.getByText("girls_by_state").first().waitFor();
    const res = await e.page.request.get(
      `${e.url}/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:girls_by_state)))`,
    );
    const body = (await res.json()) as { count: number; result: { kind: string }[] };
    expect(body.count).toBe(1);
    expect(body.result[0].kind).toBe("virtual");
  });

  const meStatus = async () => (await e.page.request.get(`${e.url}/api/v1/me/`)).status();

  it("is not logged out by an image or a stylesheet pointing at /logout/", async () => {
    await e.page.goto(`${e.url}/superset/welcome/`);
    await e.page.locator(dt("user-menu")).waitFor();
    await e.page.evaluate(async () => {
      const img = document.createElement("img");
      const loaded = new Promise((r) => {
        img.onload = r;
        img.onerror = r;
      });
      img.src = "/logout/";
      document.body.append(img);
      const style = document.createElement("div");
      style.style.backgroundImage = "url(/logout/)";
      document.body.append(style);
      await loaded;
    });
    expect(await meStatus()).toBe(200);
  });

  it("logs out from the address bar through a confirm page", async () => {
    await e.page.goto(`${e.url}/logout/`);
    await e.page.locator(dt("logout-confirm")).waitFor();
    expect(await meStatus()).toBe(200); // opening the page ends nothing
    await e.page.locator(dt("logout-confirm")).click();
    await e.page.waitForURL((u) => u.pathname === "/login/");
    expect(await meStatus()).toBe(401);
  });

  it("logs out from the user menu", async () => {
    await logIn(e, "/superset/welcome/");
    expect(await meStatus()).toBe(200);
    await e.page.locator(dt("user-menu")).click();
    // The SPA may route to /login/ on its own as the session ends, before the full load of the
    // login page that logging out performs: wait for that document, not just the address.
    const loginDocument = e.page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/login/" && r.request().resourceType() === "document",
    );
    await e.page.locator(dt("logout")).click();
    await loginDocument;
    await e.page.waitForLoadState("load");
    expect(await meStatus()).toBe(401);
    // The old page's cookie is gone for good: going back does not restore the session.
    // A new tab with the same cookies (the login page may still be settling in this one).
    const tab = await e.page.context().newPage();
    try {
      await tab.goto(`${e.url}/superset/welcome/`);
      await tab.waitForURL((u) => u.pathname === "/login/");
    } finally {
      await tab.close();
    }
  });
});
