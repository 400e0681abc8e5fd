import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { localeTag } from "../../packages/contracts/src/locales.ts";
import {
  COMPLETE_LOCALES,
  readCatalogue,
  TRANSLATED_LOCALES,
  WEB_SRC,
} from "../../scripts/i18n/catalogue-files.ts";
import { catalogueKeys, extractMessages, placeholders } from "../../scripts/i18n/messages.ts";

const { messages } = extractMessages(WEB_SRC);

describe("message extraction", () => {
  it("collects literal messages of t, tn and translatable imported from lib/i18n, and nothing else", () => {
    const dir = mkdtempSync(join(tmpdir(), "i18n-extract-"));
    try {
      mkdirSync(join(dir, "feature"));
      writeFileSync(
        join(dir, "feature", "page.tsx"),
        [
          'import { t as translate, tn, translatable } from "../lib/i18n";',
          'const label = translatable("Menu label");',
          'export const A = () => <b title={translate("Title %s", 1)}>{tn("%s chart", "%s charts", 2, 2)}</b>;',
          "export const B = (name: string) => translate(name);",
        ].join("\n"),
      );
      // A function of its own called `t` is not the translation layer.
      writeFileSync(join(dir, "other.ts"), 'const t = (s: string) => s;\nt("Not a message");\n');
      const found = extractMessages(dir);
      expect([...found.messages.keys()].sort()).toEqual(["%s chart", "Menu label", "Title %s"]);
      expect(found.messages.get("%s chart")?.plural).toBe("%s charts");
      expect(found.dynamic).toEqual(["feature/page.tsx:4"]);
      expect(catalogueKeys(found.messages.get("%s chart")!, "fr").sort()).toEqual([
        "%s chart_many",
        "%s chart_one",
        "%s chart_other",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("finds the SPA's messages", () => {
    expect(messages.size).toBeGreaterThan(500);
    expect(messages.has("Dashboards")).toBe(true);
  });
});

describe("catalogues", () => {
  for (const locale of COMPLETE_LOCALES) {
    it(`${locale} translates every message the SPA uses (run npm run i18n:extract, then translate)`, () => {
      const catalogue = readCatalogue(locale);
      const missing = [...messages.values()]
        .flatMap((m) => catalogueKeys(m, localeTag(locale)))
        .filter((key) => !catalogue[key]);
      expect(missing).toEqual([]);
    });
  }

  for (const locale of TRANSLATED_LOCALES) {
    it(`${locale} keeps each message's placeholders`, () => {
      const catalogue = readCatalogue(locale);
      const broken = Object.entries(catalogue)
        .filter(([, text]) => text !== "")
        .filter(([key, text]) => {
          const msgid = key.replace(/_(zero|one|two|few|many|other)$/, "");
          const source = messages.get(msgid)?.msgid ?? key;
          return placeholders(source).join() !== placeholders(text).join();
        })
        .map(([key, text]) => `${key} → ${text}`);
      expect(broken).toEqual([]);
    });
  }
});
