/**
 * The SPA's translation layer, Superset's `t` / `tn`: the English message is the key, looked up in
 * the active locale's catalogue (web/src/locales/<locale>.json, through i18next), falling back to
 * the English text string by string; then `%s` placeholders are filled in order and `%(name)s`
 * from a bag of values. `npm run i18n:extract` collects every literal message of `t(`/`tn(` calls.
 */
import { sprintf } from "./i18n/sprintf";
import { lookUp, translator } from "./i18n/translator";

export { formatDateTime, formatNumber, formatRelativeTime, localizeHumanized } from "./i18n/format";
export { activateLocale, activeLocale, initialLocale } from "./i18n/locale";

export function t(message: string, ...args: unknown[]): string {
  const translated = lookUp(message);
  return args.length > 0 ? sprintf(translated, args) : translated;
}

/**
 * A message with a singular and a plural form, chosen by `count` with the locale's plural rules
 * (French "1 graphique" / "2 graphiques", Japanese one form, Slovenian four). Like Superset's,
 * `count` only picks the form: pass it again in `args` to print it.
 */
export function tn(singular: string, plural: string, count: number, ...args: unknown[]): string {
  // Untranslated (or translated as ""): English, with English's rule.
  if (!translator.exists(singular, { count })) return sprintf(count === 1 ? singular : plural, args);
  const translated = translator.t(singular, { count, skipInterpolation: true });
  return sprintf(String(translated), args);
}

/**
 * Marks a message kept in data (menu labels, option lists) and translated later with `t(label)`:
 * returns it unchanged, but `npm run i18n:extract` collects it like a `t("…")` literal.
 */
export function translatable<M extends string>(message: M): M {
  return message;
}
