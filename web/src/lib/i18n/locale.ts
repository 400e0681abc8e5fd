import type { BootstrapData } from "@strata/contracts";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale, localeTag } from "@strata/contracts";
import { loadCatalogue } from "./catalogues";
import { applyDayjsLocale } from "./dayjs-locales";
import { translator } from "./translator";

let active: Locale = DEFAULT_LOCALE;

/** The UI language in effect. */
export function activeLocale(): Locale {
  return active;
}

/** Its BCP 47 tag, for Intl formatters. */
export function activeLocaleTag(): string {
  return localeTag(active);
}

/** The `locale` cookie `/lang/<locale>` set, for pages served without bootstrap data (dev server, CDN). */
function cookieLocale(): Locale | undefined {
  if (typeof document === "undefined") return undefined;
  for (const part of document.cookie.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LOCALE_COOKIE && isLocale(value)) return value;
  }
  return undefined;
}

/** Which language to start in: the page's bootstrap `common.locale`, else the cookie, else English. */
export function initialLocale(boot: BootstrapData | null): Locale {
  const fromBoot = boot?.common.locale;
  if (isLocale(fromBoot)) return fromBoot;
  return cookieLocale() ?? DEFAULT_LOCALE;
}

/**
 * Switches the translation layer to a locale: its catalogue, dayjs's locale and the page's `lang`.
 * Resolves once every `t()` answers in it, so the app renders after this, never half-translated.
 * A catalogue that fails to load leaves the UI in English rather than blank.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  const tag = localeTag(locale);
  try {
    if (locale !== DEFAULT_LOCALE && !translator.hasResourceBundle(tag, "translation")) {
      translator.addResourceBundle(tag, "translation", await loadCatalogue(locale));
    }
    await applyDayjsLocale(locale);
    await translator.changeLanguage(tag);
    active = locale;
  } catch {
    await translator.changeLanguage(localeTag(DEFAULT_LOCALE));
    active = DEFAULT_LOCALE;
  }
  if (typeof document !== "undefined") document.documentElement.lang = localeTag(active);
}
