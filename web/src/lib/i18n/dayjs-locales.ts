import type { Locale } from "@strata/contracts";
import dayjs from "dayjs";
import localizedFormat from "dayjs/plugin/localizedFormat";
import relativeTime from "dayjs/plugin/relativeTime";

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

/**
 * dayjs's locale for each UI language, loaded on demand (English is built in). The imports are
 * spelled out so the bundler makes one small chunk per language.
 */
const loaders: Record<Exclude<Locale, "en">, () => Promise<{ default: { name: string } }>> = {
  fr: () => import("dayjs/locale/fr"),
  es: () => import("dayjs/locale/es"),
  it: () => import("dayjs/locale/it"),
  zh: () => import("dayjs/locale/zh-cn"),
  ja: () => import("dayjs/locale/ja"),
  de: () => import("dayjs/locale/de"),
  pt: () => import("dayjs/locale/pt"),
  pt_BR: () => import("dayjs/locale/pt-br"),
  ru: () => import("dayjs/locale/ru"),
  ko: () => import("dayjs/locale/ko"),
  sk: () => import("dayjs/locale/sk"),
  sl: () => import("dayjs/locale/sl"),
  nl: () => import("dayjs/locale/nl"),
};

/** Makes dayjs speak the locale (relative times such as "il y a 2 jours"). */
export async function applyDayjsLocale(locale: Locale): Promise<void> {
  if (locale === "en") {
    dayjs.locale("en");
    return;
  }
  const mod = await loaders[locale]();
  // The locale file registers itself with dayjs on import; its name is dayjs's key for it.
  dayjs.locale(mod.default.name);
}
