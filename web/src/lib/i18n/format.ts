import dayjs from "dayjs";
import { activeLocale, activeLocaleTag } from "./locale";

/** A count or measure with the locale's digit grouping and decimal mark ("1 234,5" in French). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(activeLocaleTag(), options).format(value);
}

/** "2 days ago" in the UI language ("il y a 2 jours"), as Superset's lists show modification times. */
export function formatRelativeTime(when: string | number | Date): string {
  return dayjs(when).fromNow();
}

/** A date and time in the locale's own order and words. */
export function formatDateTime(when: string | number | Date, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(
    activeLocaleTag(),
    options ?? { dateStyle: "medium", timeStyle: "short" },
  ).format(new Date(when));
}

const HUMANIZED =
  /^(a few seconds|an? (year|month|day|hour|minute)|(\d+) (year|month|day|hour|minute)s) ago$/;

/**
 * The server's English "3 days ago" (Superset's `*_delta_humanized` list fields) in the UI
 * language, so lists that only get that text still read "il y a 3 jours". Text of any other shape
 * is returned as it came.
 */
export function localizeHumanized(text: string): string {
  if (activeLocale() === "en") return text;
  const m = HUMANIZED.exec(text.trim());
  if (!m) return text;
  if (m[1] === "a few seconds") return dayjs().subtract(10, "second").fromNow();
  const unit = (m[2] ?? m[4]) as "year" | "month" | "day" | "hour" | "minute";
  const count = m[3] === undefined ? 1 : Number(m[3]);
  return dayjs().subtract(count, unit).fromNow();
}
