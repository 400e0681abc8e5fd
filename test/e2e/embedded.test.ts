import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, dt, type E2E, logIn, startE2E, testChromium } from "./browser.ts";

let e: E2E;
let browser: Browser;
let guest: BrowserContext;
let page: Page;

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e, "/superset/welcome/");
  // The guest's page: a separate browser context without the admin's session cookie.
  browser = await chromium.launch({
    executablePath: testChromium(),
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  guest = await browser.newContext({ viewport: { width: 1400, height: 1600 } });
  page = await guest.newPage();
});
afterAll(async () => {
  await browser?.close();
  await e?.close();
});

const api = <T>(method: string, path: string, body?: unknown) => apiCall<T>(e, method, path, body);

describe("Embedded dashboards in Chromium", () => {
  let uuid = "";
  let token = "";
  let pieId = 0;
  let otherId = 0;

  it("configures embedding and issues a guest token with an RLS clause", async () => {
    const births = await api<{ result: { id: number } }>("GET", "/api/v1/dashboard/births");
    const charts = await api<{ result: { id: number; slice_name: string }[] }>(
      "GET",
      "/api/v1/dashboard/births/charts",
    );
    pieId = charts.result.find((c) => c.slice_name === "Babies by gender")?.id ?? 0;
    expect(pieId).toBeGreaterThan(0);
    const embed = await api<{ result: { uuid: string; allowed_domains: string[] } }>(
      "POST",
      `/api/v1/dashboard/${births.result.id}/embedded`,
      { allowed_domains: [e.url] },
    );
    uuid = embed.result.uuid;
    expect(embed.result.allowed_domains).toEqual([e.url]);
    const other = await api<{ id: number }>("POST", "/api/v1/dashboard/", { dashboard_title: "Not shared" });
    otherId = other.id;
    const issued = await api<{ token: string }>("POST", "/api/v1/security/guest_token/", {
      user: { username: "guest-e2e" },
      resources: [{ type: "dashboard", id: uuid }],
      rls: [{ clause: "gender = 'girl'" }],
    });
    token = issued.token;
    expect(token).toBeTruthy();
  });

  it("shows the dashboard to the guest: charts drawn, no navigation or edit button, RLS applied", async () => {
    const res = await page.goto(`${e.url}/embedded/${uuid}?guest_token=${encodeURIComponent(token)}`);
    expect(res?.headers()["content-security-policy"]).toContain(`frame-ancestors 'self' ${e.url}`);
    expect(await guest.cookies()).toEqual([]);
    await page.locator(dt("embedded-dashboard")).waitFor({ timeout: 30_000 });
    const total = await page.locator(dt("dashboard-chart")).count();
    expect(total).toBe(5);
    await page
      .locator(`${dt("dashboard-chart")}[data-rendered]`)
      .nth(total - 1)
      .waitFor({ timeout: 60_000 });
    expect(await page.locator(`${dt("dashboard-chart")}[data-status="failed"]`).count()).toBe(0);
    expect(await page.locator("header, nav").count()).toBe(0);
    expect(await page.locator(dt("edit-dashboard-button")).count()).toBe(0);
    expect(await page.locator(dt("favorite-star")).count()).toBe(0);
    expect(await page.locator(dt("dashboard-title")).textContent()).toBe("Births");

    const pie = page.locator(`${dt("dashboard-chart")}[data-chart-id="${pieId}"]`);
    await pie.locator("g.slice").first().waitFor();
    expect(await pie.locator("g.slice").count()).toBe(1);
    const legend = await pie.locator(".legendtext").allTextContents();
    expect(legend).toEqual(["girl"]);
  });

  it("hides title and chart controls through uiConfig", async () => {
    await page.goto(`${e.url}/embedded/${uuid}?uiConfig=9&guest_token=${encodeURIComponent(token)}`);
    await page
      .locator(`${dt("dashboard-chart")}[data-rendered]`)
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await page.locator(dt("dashboard-title")).count()).toBe(0);
    expect(await page.locator(dt("chart-menu")).first().isVisible()).toBe(false);
  });

  it("limits the guest token to its dashboard", async () => {
    const headers = { "X-GuestToken": token, Accept: "application/json" };
    expect((await guest.request.get(`${e.url}/api/v1/database/`, { headers })).status()).toBe(403);
    expect((await guest.request.get(`${e.url}/api/v1/dashboard/${otherId}`, { headers })).status()).toBe(404);
  });

  it("shows the error display for an invalid token", async () => {
    await page.goto(`${e.url}/embedded/${uuid}?guest_token=not-a-token`);
    await page.locator(dt("embedded-error")).waitFor({ timeout: 30_000 });
    expect(page.url()).toContain("/embedded/");
  });
});
