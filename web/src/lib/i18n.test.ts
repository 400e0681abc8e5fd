import { afterEach, describe, expect, it } from "vitest";
import {
  activateLocale,
  activeLocale,
  formatDateTime,
  formatNumber,
  formatRelativeTime,
  initialLocale,
  localizeHumanized,
  t,
  tn,
} from "./i18n";
import { translator } from "./i18n/translator";

/** A catalogue given to i18next directly, so these cases don't depend on the shipped translations. */
function useCatalogue(tag: string, catalogue: Record<string, string>) {
  translator.addResourceBundle(tag, "translation", catalogue, true, true);
}

afterEach(async () => {
  await activateLocale("en");
});

describe("t", () => {
  it("formats %s in order and %(name)s by name, in English by default", () => {
    expect(activeLocale()).toBe("en");
    expect(t("%s-%s of %s", 1, 25, 300)).toBe("1-25 of 300");
    expect(t("Deleted %(name)s", { name: "Sales" })).toBe("Deleted Sales");
    // A placeholder without a value stays visible rather than printing "undefined".
    expect(t("%s rows")).toBe("%s rows");
  });

  it("looks the English message up in the active locale's catalogue", async () => {
    useCatalogue("sk", {
      Save: "Uložiť",
      "%s rows": "%s riadkov",
      "Key with. dots: and colons": "Bodky: áno",
    });
    await activateLocale("sk");
    expect(activeLocale()).toBe("sk");
    expect(t("Save")).toBe("Uložiť");
    expect(t("%s rows", 12)).toBe("12 riadkov");
    // Dots and colons are text, not key paths or namespaces.
    expect(t("Key with. dots: and colons")).toBe("Bodky: áno");
  });

  it("falls back to English string by string: missing and empty translations", async () => {
    useCatalogue("nl", { Save: "Opslaan", Cancel: "" });
    await activateLocale("nl");
    expect(t("Save")).toBe("Opslaan");
    expect(t("Cancel")).toBe("Cancel");
    expect(t("Never translated %s", "x")).toBe("Never translated x");
  });

  it("leaves i18next's own {{…}} syntax alone", async () => {
    useCatalogue("sl", { "Use {{ name }} in SQL": "V SQL uporabite {{ name }}" });
    await activateLocale("sl");
    expect(t("Use {{ name }} in SQL")).toBe("V SQL uporabite {{ name }}");
  });

  it("answers anew when the language or its catalogue changes after a lookup", async () => {
    useCatalogue("sk", { Save: "Uložiť" });
    await activateLocale("sk");
    expect(t("Save")).toBe("Uložiť");
    useCatalogue("sk", { Save: "Uložiť zmeny" });
    expect(t("Save")).toBe("Uložiť zmeny");
    translator.removeResourceBundle("sk", "translation");
    expect(t("Save")).toBe("Save");
    useCatalogue("sk", { Save: "Uložiť" });
    await activateLocale("en");
    expect(t("Save")).toBe("Save");
    await activateLocale("sk");
    expect(t("Save")).toBe("Uložiť");
  });

  it("loads a shipped catalogue lazily and answers in it", async () => {
    await activateLocale("fr");
    expect(t("Cancel")).toBe("Annuler");
    expect(document.documentElement.lang).toBe("fr");
    await activateLocale("pt_BR");
    expect(t("Cancel")).toBe("Cancelar");
    expect(document.documentElement.lang).toBe("pt-BR");
  });
});

describe("tn", () => {
  it("picks English's singular or plural without a catalogue", () => {
    expect(tn("%s chart", "%s charts", 1, 1)).toBe("1 chart");
    expect(tn("%s chart", "%s charts", 3, 3)).toBe("3 charts");
    expect(tn("%s chart", "%s charts", 0, 0)).toBe("0 charts");
  });

  it("uses the locale's plural categories", async () => {
    // Slovenian has four forms: one (1), two (2), few (3-4), other (5+).
    useCatalogue("sl", {
      "%s chart_one": "%s grafikon",
      "%s chart_two": "%s grafikona",
      "%s chart_few": "%s grafikoni",
      "%s chart_other": "%s grafikonov",
    });
    await activateLocale("sl");
    expect(tn("%s chart", "%s charts", 1, 1)).toBe("1 grafikon");
    expect(tn("%s chart", "%s charts", 2, 2)).toBe("2 grafikona");
    expect(tn("%s chart", "%s charts", 4, 4)).toBe("4 grafikoni");
    expect(tn("%s chart", "%s charts", 7, 7)).toBe("7 grafikonov");
    // Untranslated plural messages fall back to English's rule, empty ones too.
    expect(tn("%s table", "%s tables", 2, 2)).toBe("2 tables");
    useCatalogue("sl", { "%s row_one": "", "%s row_two": "", "%s row_few": "", "%s row_other": "" });
    expect(tn("%s row", "%s rows", 1, 1)).toBe("1 row");
    expect(tn("%s row", "%s rows", 5, 5)).toBe("5 rows");
  });
});

describe("locale choice and formats", () => {
  it("starts in the bootstrap's locale, else the cookie's, else English", () => {
    const boot = (locale?: string) => ({
      user: { roles: {}, permissions: {} },
      common: { feature_flags: {}, conf: {}, locale },
    });
    expect(initialLocale(boot("de"))).toBe("de");
    expect(initialLocale(boot("xx"))).toBe("en");
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie /lang/ja sets, as the browser holds it
    document.cookie = "locale=ja; path=/";
    expect(initialLocale(null)).toBe("ja");
    // biome-ignore lint/suspicious/noDocumentCookie: removes it again
    document.cookie = "locale=; path=/; max-age=0";
    expect(initialLocale(null)).toBe("en");
  });

  it("formats numbers with the locale's separators", async () => {
    expect(formatNumber(1234567.5)).toBe("1,234,567.5");
    await activateLocale("de");
    expect(formatNumber(1234567.5)).toBe("1.234.567,5");
    // Formatters are kept by locale and options: a change of either gives the right one.
    expect(formatNumber(0.5, { style: "percent" })).toBe("50\u00a0%");
    await activateLocale("en");
    expect(formatNumber(1234567.5)).toBe("1,234,567.5");
    expect(formatNumber(0.5, { style: "percent" })).toBe("50%");
  });

  it("says relative times in the locale, the server's English ones too", async () => {
    const twoDaysAgo = Date.now() - 2 * 24 * 3600 * 1000;
    expect(formatRelativeTime(twoDaysAgo)).toBe("2 days ago");
    expect(localizeHumanized("2 days ago")).toBe("2 days ago");
    await activateLocale("fr");
    expect(formatRelativeTime(twoDaysAgo)).toBe("il y a 2 jours");
    expect(localizeHumanized("2 days ago")).toBe("il y a 2 jours");
    expect(localizeHumanized("an hour ago")).toBe("il y a une heure");
    expect(localizeHumanized("a few seconds ago")).toBe("il y a quelques secondes");
    expect(localizeHumanized("yesterday-ish")).toBe("yesterday-ish");
    await activateLocale("ja");
    expect(localizeHumanized("3 months ago")).toBe("3ヶ月前");
  });

  it("formats dates in the locale's words", async () => {
    const when = Date.UTC(2024, 0, 15, 12, 0);
    await activateLocale("de");
    expect(formatDateTime(when, { dateStyle: "long", timeZone: "UTC" })).toBe("15. Januar 2024");
    await activateLocale("en");
    expect(formatDateTime(when, { dateStyle: "long", timeZone: "UTC" })).toBe("January 15, 2024");
  });
});
