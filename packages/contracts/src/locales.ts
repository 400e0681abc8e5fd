/**
 * The UI languages (spec 001 §9; Superset's `LANGUAGES`): locale code → the flag shown in the
 * language menu (ISO 3166 country) and the name Superset lists it under.
 */
export const LANGUAGES = {
  en: { flag: "us", name: "English" },
  fr: { flag: "fr", name: "French" },
  es: { flag: "es", name: "Spanish" },
  it: { flag: "it", name: "Italian" },
  zh: { flag: "cn", name: "Chinese" },
  ja: { flag: "jp", name: "Japanese" },
  de: { flag: "de", name: "German" },
  pt: { flag: "pt", name: "Portuguese" },
  pt_BR: { flag: "br", name: "Brazilian Portuguese" },
  ru: { flag: "ru", name: "Russian" },
  ko: { flag: "kr", name: "Korean" },
  sk: { flag: "sk", name: "Slovak" },
  sl: { flag: "si", name: "Slovenian" },
  nl: { flag: "nl", name: "Dutch" },
} as const satisfies Record<string, { flag: string; name: string }>;

export type Locale = keyof typeof LANGUAGES;

export const DEFAULT_LOCALE: Locale = "en";

/** The cookie `/lang/<locale>` sets; readable by the SPA too, for pages served without bootstrap data. */
export const LOCALE_COOKIE = "locale";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && Object.hasOwn(LANGUAGES, value);
}

/** The BCP 47 tag of a locale (`pt_BR` → `pt-BR`), as Intl, dayjs and i18next spell it. */
export function localeTag(locale: Locale): string {
  return locale.replace("_", "-");
}
