import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dt, type E2E, logIn, startE2E } from "./browser.ts";

/**
 * Pages come with their bootstrap data inlined (who is signed in, flags, limits): a visitor who is
 * not signed in reaches the login page without a single failed request or console error, and a
 * signed-in page paints its shell without asking who the user is.
 */
let e: E2E;
const consoleErrors: string[] = [];
const failed: string[] = [];
const requested: string[] = [];

/** What the page did since the last call: console errors, 4xx/5xx responses, API paths asked. */
function drain() {
  const out = { consoleErrors: [...consoleErrors], failed: [...failed], requested: [...requested] };
  consoleErrors.length = 0;
  failed.length = 0;
  requested.length = 0;
  return out;
}

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  e.page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
  e.page.on("pageerror", (err) => consoleErrors.push(String(err)));
  e.page.on("response", (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  e.page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith("/api/")) requested.push(path);
  });
});
afterAll(async () => {
  await e?.close();
});

describe("login page and bootstrap data in Chromium", () => {
  it("sends a signed-out visitor of an app page to the login page without any 401", async () => {
    await e.page.goto(`${e.url}/dashboard/list/`);
    await e.page.waitForURL((u) => u.pathname === "/login/");
    await e.page.getByLabel("Username").waitFor();
    expect(new URL(e.page.url()).searchParams.get("next")).toBe("/dashboard/list/");
    const seen = drain();
    expect(seen.failed).toEqual([]);
    expect(seen.consoleErrors).toEqual([]);
    expect(seen.requested).not.toContain("/api/v1/me/roles/");
  });

  it("opens /login/ fresh with no console error and no failed request", async () => {
    await e.page.goto(`${e.url}/login/`);
    await e.page.getByLabel("Username").waitFor();
    await e.page.getByLabel("Password").waitFor();
    await e.page.waitForLoadState("networkidle");
    const seen = drain();
    expect(seen.failed).toEqual([]);
    expect(seen.consoleErrors).toEqual([]);
  });

  it("logs in and opens pages whose shell paints from the inlined user", async () => {
    await logIn(e, "/superset/welcome/");
    await e.page.locator(dt("user-menu")).waitFor();
    await e.page.waitForLoadState("networkidle");
    let seen = drain();
    expect(seen.failed).toEqual([]);
    expect(seen.consoleErrors).toEqual([]);

    // A full page load: the user comes with the HTML, so the shell asks nobody who is signed in.
    await e.page.goto(`${e.url}/tablemodelview/list/?viewMode=table`);
    await e.page.locator(dt("user-menu")).waitFor();
    await e.page.locator(dt("listview-table")).getByText("birth_names").waitFor();
    await e.page.waitForLoadState("networkidle");
    seen = drain();
    expect(seen.failed).toEqual([]);
    expect(seen.consoleErrors).toEqual([]);
    expect(seen.requested).not.toContain("/api/v1/me/roles/");
    const boot = await e.page.locator("#root").getAttribute("data-bootstrap");
    expect(JSON.parse(boot ?? "{}").user.username).toBe("admin");
  });
});
