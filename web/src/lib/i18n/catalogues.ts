import type { Locale } from "@strata/contracts";

export type Catalogue = Record<string, string>;

/**
 * Each locale's catalogue is its own chunk, fetched only when that language is chosen: an English
 * user downloads none of them.
 */
const loaders = import.meta.glob<Catalogue>("../../locales/*.json", { import: "default" });

export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const load = loaders[`../../locales/${locale}.json`];
  return load ? await load() : {};
}
