import { request as playwrightRequest } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, datasetIdOf, dt, type E2E, logIn, startE2E } from "./browser.ts";

/**
 * Settings in Chromium: the grouped menu, CSS templates and row level security managed through
 * their pages (an RLS rule added in the UI changes what a Gamma user's chart query returns), and
 * the user info page with a password change.
 */

let e: E2E;
let birth: number;
const GAMMA = { username: "rls_gamma", password: "rls-gamma-password-1" };

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e, "/superset/welcome/");
  birth = await datasetIdOf(e, "birth_names");
  // A Gamma user who may read birth_names (Gamma itself has no data access).
  const reader = await apiCall<{ id: number }>(e, "POST", "/api/v1/security/roles/", {
    name: "birth_reader",
  });
  const perms = await apiCall<{
    result: { id: number; permission: { name: string }; view_menu: { name: string } }[];
  }>(e, "GET", "/api/v1/security/permissions-resources?q=(page_size:1000)");
  const access = perms.result.find(
    (pv) => pv.permission.name === "datasource_access" && pv.view_menu.name.includes("[birth_names]"),
  )!;
  await apiCall(e, "POST", `/api/v1/security/roles/${reader.id}/permissions`, {
    permission_view_menu_ids: [access.id],
  });
  const roles = await apiCall<{ result: { id: number; name: string }[] }>(
    e,
    "GET",
    "/api/v1/security/roles/?q=(page_size:100)",
  );
  const gammaRole = roles.result.find((r) => r.name === "Gamma")!.id;
  await apiCall(e, "POST", "/api/v1/security/users/", {
    username: GAMMA.username,
    first_name: "Rita",
    last_name: "Gamma",
    email: "rita@example.com",
    password: GAMMA.password,
    roles: [gammaRole, reader.id],
  });
});
afterAll(async () => {
  await e?.close();
});

async function openSettings() {
  await e.page.locator(dt("navbar-menu")).filter({ hasText: "Settings" }).click();
  await e.page.locator(dt("settings-menu")).waitFor();
}

/** Item names of one section of the open Settings menu. */
const groupItems = (group: string) =>
  e.page.locator(`${dt(`settings-group-${group}`)} [role="menuitem"]`).allTextContents();

/** Chart data of birth_names by gender, as the Gamma user calls the API (a Bearer token, no cookies). */
async function gammaGenders(): Promise<string[]> {
  const api = await playwrightRequest.newContext({ baseURL: e.url });
  try {
    const login = await api.post("/api/v1/security/login", { data: { ...GAMMA, provider: "db" } });
    const { access_token } = (await login.json()) as { access_token: string };
    const res = await api.post("/api/v1/chart/data", {
      headers: { Authorization: `Bearer ${access_token}` },
      data: {
        datasource: { id: birth, type: "table" },
        queries: [{ columns: ["gender"], metrics: ["count"], orderby: [["count", false]], row_limit: 10 }],
        result_format: "json",
        result_type: "full",
      },
    });
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { result: { data: { gender: string }[] }[] };
    return body.result[0].data.map((r) => r.gender).sort();
  } finally {
    await api.dispose();
  }
}

describe("Settings in Chromium", () => {
  it("groups the Settings menu as Superset's: Security, Manage, User, About", async () => {
    await e.page.goto(`${e.url}/superset/welcome/`);
    await openSettings();
    expect(await groupItems("Security")).toEqual(["List Users", "List Roles", "Row Level Security"]);
    expect(await groupItems("Manage")).toEqual([
      "Annotation Layers",
      "CSS Templates",
      "Alerts & Reports",
      "Tags",
    ]);
    expect(await groupItems("User")).toEqual(["Info", "Logout"]);
    expect(await e.page.locator(dt("about-version")).textContent()).toMatch(/^Version: \d+\.\d+\.\d+/);
    await e.page.getByRole("menuitem", { name: "Row Level Security" }).click();
    await e.page.waitForURL(/\/rowlevelsecurity\/list\/$/);
  });

  it("adds, edits and deletes a CSS template", async () => {
    await e.page.goto(`${e.url}/superset/welcome/`);
    await openSettings();
    await e.page.getByRole("menuitem", { name: "CSS Templates" }).click();
    await e.page.waitForURL(/\/csstemplatemodelview\/list\/$/);

    await e.page.locator(dt("btn-add-css-template")).click();
    const modal = e.page.locator(dt("css-template-modal"));
    await modal.locator(dt("css-template-name")).fill("Rounded cards");
    await modal.locator(".cm-content").click();
    await e.page.keyboard.insertText(".chart-card { border-radius: 12px; }");
    await modal.locator(dt("modal-save-button")).click();
    const row = e.page.locator(dt("table-row")).filter({ hasText: "Rounded cards" });
    await row.waitFor({ timeout: 15_000 });
    const list = await apiCall<{ result: { id: number; template_name: string; css: string }[] }>(
      e,
      "GET",
      "/api/v1/css_template/",
    );
    expect(list.result).toEqual([
      expect.objectContaining({
        template_name: "Rounded cards",
        css: ".chart-card { border-radius: 12px; }",
      }),
    ]);

    await row.locator(dt("edit")).click();
    await expect.poll(() => modal.locator(".cm-content").textContent()).toContain("border-radius: 12px");
    await modal.locator(dt("css-template-name")).fill("Round cards");
    await modal.locator(dt("modal-save-button")).click();
    const renamed = e.page.locator(dt("table-row")).filter({ hasText: "Round cards" });
    await renamed.waitFor({ timeout: 15_000 });

    await renamed.locator(dt("delete")).click();
    await e.page.locator(dt("delete-modal-input")).fill("DELETE");
    await e.page.locator(dt("modal-confirm-button")).click();
    await expect.poll(() => e.page.locator(dt("table-row")).count(), { timeout: 15_000 }).toBe(0);
    expect((await apiCall<{ count: number }>(e, "GET", "/api/v1/css_template/")).count).toBe(0);
  });

  it("adds a row level security rule in the UI and the Gamma user's chart data changes", async () => {
    expect(await gammaGenders()).toEqual(["boy", "girl"]);

    await e.page.goto(`${e.url}/rowlevelsecurity/list/`);
    await e.page.locator(dt("add-rule")).click();
    const modal = e.page.locator(dt("rls-modal"));
    await modal.locator(dt("rule-name-test")).fill("Girls only for Gamma");
    await modal.locator(dt("rls-tables")).click();
    await e.page.getByRole("option", { name: "birth_names" }).click();
    await modal.locator(dt("rls-roles")).click();
    await e.page.getByRole("option", { name: "Gamma", exact: true }).click();
    await modal.locator(dt("group-key-test")).fill("gender");
    await modal.locator(dt("clause-test")).fill("gender = 'girl'");
    await modal.locator(dt("modal-save-button")).click();
    const row = e.page.locator(dt("table-row")).filter({ hasText: "Girls only for Gamma" });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain("gender = 'girl'");

    await expect.poll(gammaGenders, { timeout: 15_000 }).toEqual(["girl"]);

    // Editing shows the stored datasets and roles by name; Base turns the rule around.
    await row.locator(dt("edit")).click();
    await expect.poll(() => modal.textContent()).toContain("birth_names");
    await modal.locator(dt("filter-type-test")).click();
    await e.page.getByRole("option", { name: "Base" }).click();
    await modal.locator(dt("modal-save-button")).click();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain("Base");
    // A Base rule applies to everyone except its roles: Gamma now sees every row again.
    await expect.poll(gammaGenders, { timeout: 15_000 }).toEqual(["boy", "girl"]);
  });

  it("shows the user's info and roles, changes their password, and limits the menu to their permissions", async () => {
    await e.page.goto(`${e.url}/superset/welcome/`);
    await openSettings();
    await e.page.locator(dt("settings-logout")).click();
    await e.page.waitForURL(/\/login\//);
    await e.page.getByLabel("Username").fill(GAMMA.username);
    await e.page.getByLabel("Password").fill(GAMMA.password);
    await e.page.getByRole("button", { name: /sign in|log in/i }).click();
    await e.page.waitForURL((u) => !u.pathname.startsWith("/login"));

    await openSettings();
    expect(await e.page.locator(dt("settings-group-Security")).count()).toBe(0);
    expect(await groupItems("Manage")).toEqual(["Annotation Layers", "Tags"]);
    await e.page.getByRole("menuitem", { name: "Info" }).click();
    await e.page.waitForURL(/\/user_info\/$/);
    const info = e.page.locator(dt("user-info"));
    await expect.poll(() => info.textContent()).toContain("rita@example.com");
    expect(await info.textContent()).toContain("Rita");
    expect((await e.page.locator(dt("user-role")).allTextContents()).sort()).toEqual([
      "Gamma",
      "birth_reader",
    ]);

    await e.page.locator(dt("reset-password")).click();
    await e.page.getByLabel("Current password").fill("not-my-password");
    await e.page.getByLabel(/^New password/).fill("a-fresh-password-9");
    await e.page.getByLabel("Confirm new password").fill("a-fresh-password-9");
    await e.page.locator(dt("password-save")).click();
    await e.page.getByText("The current password is not right.").waitFor();

    await e.page.getByLabel("Current password").fill(GAMMA.password);
    await e.page.locator(dt("password-save")).click();
    await e.page.getByText("Password changed.", { exact: false }).first().waitFor();
    // Still signed in here (a fresh session), and the new password is the one that logs in.
    await e.page.reload();
    await e.page.locator(dt("user-info")).waitFor();
    const api = await playwrightRequest.newContext({ baseURL: e.url });
    try {
      const old = await api.post("/api/v1/security/login", { data: { ...GAMMA, provider: "db" } });
      expect(old.status()).toBe(401);
      const fresh = await api.post("/api/v1/security/login", {
        data: { username: GAMMA.username, password: "a-fresh-password-9", provider: "db" },
      });
      expect(fresh.status()).toBe(200);
    } finally {
      await api.dispose();
    }
  });

  // Still signed in as the Gamma user of the test before (Gamma may create charts).
  it("draws initials for owners whose avatar endpoint answers 204", async () => {
    const me = await apiCall<{ result: { id: number } }>(e, "GET", "/api/v1/me/");
    await apiCall(e, "POST", "/api/v1/chart/", {
      slice_name: "Avatar probe",
      viz_type: "table",
      datasource_id: birth,
      datasource_type: "table",
      params: JSON.stringify({ metrics: ["count"] }),
      owners: [me.result.id],
    });
    const asked = e.page.waitForResponse((r) => r.url().endsWith(`/api/v1/user/${me.result.id}/avatar.png`));
    await e.page.goto(`${e.url}/chart/list/`);
    expect((await asked).status()).toBe(204);
    const avatar = e.page.locator(`${dt("owner-avatars")} .mantine-Avatar-root`).first();
    await expect.poll(() => avatar.textContent(), { timeout: 15_000 }).toMatch(/^[A-Z?]{1,2}$/);
    expect(await avatar.locator("img").count()).toBe(0);
  });
});
