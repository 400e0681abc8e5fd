import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, logIn, startE2E } from "./browser.ts";

/**
 * Switching the UI language as a Superset user does: `/lang/fr` from a page (the language menu's
 * links) brings them back to that page, now in French, and the choice holds on the next visit.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E([]);
  await logIn(e, "/chart/list/");
});
afterAll(async () => {
  await e?.close();
});

const nav = () => e.page.getByRole("navigation").first();

describe("UI languages in Chromium", () => {
  it("starts in English", async () => {
    await nav().getByRole("link", { name: "Dashboards" }).waitFor();
    expect(await e.page.evaluate(() => document.documentElement.lang)).toBe("en");
  });

  it("switches to French from the page and comes back to it in French", async () => {
    // A link's navigation, as the language menu's: the browser sends this page as the referrer.
    await e.page.evaluate(() => window.location.assign("/lang/fr"));
    await e.page.waitForURL((u) => u.pathname === "/chart/list/");
    await nav().getByRole("link", { name: "Tableaux de bord" }).waitFor();
    await expect.poll(() => e.page.evaluate(() => document.documentElement.lang)).toBe("fr");
    await nav().getByRole("link", { name: "Graphiques" }).waitFor();
  });

  it("remembers French on the next visit", async () => {
    await e.page.goto(`${e.url}/dashboard/list/`);
    await nav().getByRole("link", { name: "Tableaux de bord" }).waitFor();
    const boot = await e.page.evaluate(() => JSON.parse(document.getElementById("root")!.dataset.bootstrap!));
    expect(boot.common.locale).toBe("fr");
  });

  it("goes back to English", async () => {
    await e.page.evaluate(() => window.location.assign("/lang/en"));
    await e.page.waitForURL((u) => u.pathname === "/dashboard/list/");
    await nav().getByRole("link", { name: "Dashboards" }).waitFor();
    await expect.poll(() => e.page.evaluate(() => document.documentElement.lang)).toBe("en");
  });
});
