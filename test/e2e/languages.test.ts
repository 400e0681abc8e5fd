import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, logIn, startE2E } from "./browser.ts";

/**
 * Switching the UI language as a Superset user does: the flag in the top nav opens the language
 * menu, choosing one brings them back to the same page in that language, and the choice holds on
 * the next visit. `/lang/<locale>` (what the menu's entries link to) also works typed directly.
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
const htmlLang = () => e.page.evaluate(() => document.documentElement.lang);

/** Opens the language menu from its flag and picks `name`, as a user would. */
async function pickLanguage(name: string): Promise<void> {
  await e.page.locator('[data-test="language-picker"]').click();
  await e.page.getByRole("menuitem", { name }).click();
}

describe("UI languages in Chromium", () => {
  it("starts in English", async () => {
    await nav().getByRole("link", { name: "Dashboards" }).waitFor();
    expect(await htmlLang()).toBe("en");
  });

  it("switches to French from the language menu and comes back to the page in French", async () => {
    await pickLanguage("French");
    await e.page.waitForURL((u) => u.pathname === "/chart/list/");
    await nav().getByRole("link", { name: "Tableaux de bord" }).waitFor();
    await expect.poll(htmlLang).toBe("fr");
    await nav().getByRole("link", { name: "Graphiques" }).waitFor();
    // The menu now marks French as the current language.
    await e.page.locator('[data-test="language-picker"]').click();
    const french = e.page.locator('[data-test="language-fr"]');
    await french.getByLabel("Langue actuelle").waitFor();
    await e.page.keyboard.press("Escape");
  });

  it("remembers French on the next visit", async () => {
    await e.page.goto(`${e.url}/dashboard/list/`);
    await nav().getByRole("link", { name: "Tableaux de bord" }).waitFor();
    const boot = await e.page.evaluate(() => JSON.parse(document.getElementById("root")!.dataset.bootstrap!));
    expect(boot.common.locale).toBe("fr");
  });

  it("switches to Japanese and back to English from the menu", async () => {
    await pickLanguage("Japanese");
    await e.page.waitForURL((u) => u.pathname === "/dashboard/list/");
    await nav().getByRole("link", { name: "ダッシュボード" }).waitFor();
    await expect.poll(htmlLang).toBe("ja");
    await pickLanguage("English");
    await e.page.waitForURL((u) => u.pathname === "/dashboard/list/");
    await nav().getByRole("link", { name: "Dashboards" }).waitFor();
    await expect.poll(htmlLang).toBe("en");
  });

  it("switches with the /lang/<locale> route typed directly", async () => {
    await e.page.goto(`${e.url}/lang/fr`);
    await nav().getByRole("link", { name: "Tableaux de bord" }).waitFor();
    await expect.poll(htmlLang).toBe("fr");
    await e.page.goto(`${e.url}/lang/en`);
    await nav().getByRole("link", { name: "Dashboards" }).waitFor();
  });
});
