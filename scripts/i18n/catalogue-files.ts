import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGES, type Locale, localeTag } from "../../packages/contracts/src/locales.ts";
import { catalogueKeys, type ExtractedMessage } from "./messages.ts";

export const WEB_SRC = join(import.meta.dirname, "../../web/src");
export const LOCALES_DIR = join(WEB_SRC, "locales");

/** The languages whose catalogues must be complete (issue 14): the others fall back to English. */
export const COMPLETE_LOCALES: Locale[] = ["fr", "es", "de", "ja", "pt_BR"];

/** Every locale but English (whose messages are the keys themselves) has a catalogue file. */
export const TRANSLATED_LOCALES = (Object.keys(LANGUAGES) as Locale[]).filter((l) => l !== "en");

export type Catalogue = Record<string, string>;

export function cataloguePath(locale: Locale): string {
  return join(LOCALES_DIR, `${locale}.json`);
}

export function readCatalogue(locale: Locale): Catalogue {
  const path = cataloguePath(locale);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Catalogue) : {};
}

/**
 * The catalogue with exactly the keys the code uses: known translations kept, new messages added
 * untranslated (""), messages no longer used dropped. Sorted, so diffs stay small and reviewable.
 */
export function syncCatalogue(
  locale: Locale,
  current: Catalogue,
  messages: Iterable<ExtractedMessage>,
): Catalogue {
  const next: Catalogue = {};
  const keys = [...messages].flatMap((m) => catalogueKeys(m, localeTag(locale)));
  for (const key of keys.sort()) next[key] = current[key] ?? "";
  return next;
}

export function writeCatalogue(locale: Locale, catalogue: Catalogue): void {
  writeFileSync(cataloguePath(locale), `${JSON.stringify(catalogue, null, 2)}\n`);
}
