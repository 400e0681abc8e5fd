/**
 * Calendar arithmetic on naive datetimes. Superset's time language is timezone-naive; we keep
 * every instant as a `Date` whose UTC fields are the naive wall-clock fields, so nothing here
 * depends on the process time zone.
 */

export const TIME_UNITS = ["second", "minute", "hour", "day", "week", "month", "quarter", "year"] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

const FIXED_MS: Partial<Record<TimeUnit, number>> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
};

/** `days`, `Weeks`, `YEAR` → the unit, or undefined. */
export function parseTimeUnit(text: string): TimeUnit | undefined {
  const unit = text.trim().toLowerCase().replace(/s$/, "");
  return (TIME_UNITS as readonly string[]).includes(unit) ? (unit as TimeUnit) : undefined;
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** Adds months the way dateutil's relativedelta does: the day is clamped to the month's end. */
function addMonths(date: Date, months: number): Date {
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  const result = new Date(date.getTime());
  result.setUTCFullYear(year, month, day);
  return result;
}

export function addUnits(date: Date, amount: number, unit: TimeUnit): Date {
  const fixed = FIXED_MS[unit];
  // UTC has no daylight saving, so days and weeks are fixed lengths here.
  if (fixed !== undefined) return new Date(date.getTime() + amount * fixed);
  const months = unit === "year" ? 12 : unit === "quarter" ? 3 : 1;
  return addMonths(date, amount * months);
}

/** Start of the unit containing `date`; weeks start on Monday (as Superset's DATETRUNC). */
export function truncate(date: Date, unit: TimeUnit): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  switch (unit) {
    case "second":
      return new Date(Math.floor(date.getTime() / 1000) * 1000);
    case "minute":
      return new Date(Date.UTC(y, m, d, date.getUTCHours(), date.getUTCMinutes()));
    case "hour":
      return new Date(Date.UTC(y, m, d, date.getUTCHours()));
    case "day":
      return new Date(Date.UTC(y, m, d));
    case "week": {
      const mondayOffset = (date.getUTCDay() + 6) % 7;
      return new Date(Date.UTC(y, m, d - mondayOffset));
    }
    case "month":
      return new Date(Date.UTC(y, m, 1));
    case "quarter":
      return new Date(Date.UTC(y, m - (m % 3), 1));
    case "year":
      return new Date(Date.UTC(y, 0, 1));
    default: {
      const never: never = unit;
      throw new Error(`Unknown unit ${String(never)}`);
    }
  }
}

/** Superset's LASTDAY: the last day of the year / month / week (Sunday), time of day kept. */
export function lastDay(date: Date, unit: "year" | "month" | "week"): Date {
  const result = new Date(date.getTime());
  if (unit === "year") result.setUTCMonth(11, 31);
  else if (unit === "month") result.setUTCDate(daysInMonth(date.getUTCFullYear(), date.getUTCMonth()));
  else result.setUTCDate(date.getUTCDate() + ((7 - date.getUTCDay()) % 7));
  return result;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `2020-01-02T03:04:05` (with `.mmm000` when there are milliseconds), naive. */
export function toNaiveIso(date: Date): string {
  const base =
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  const ms = date.getUTCMilliseconds();
  return ms ? `${base}.${pad(ms, 3)}000` : base;
}

const ISO_DATE =
  /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * ISO-like dates: `2020`, `2020-01`, `2020-01-02`, `2020-01-02T03:04[:05[.678]]`, with an
 * optional `Z` or offset (converted to UTC wall time). Undefined when it is not one.
 */
export function parseIsoDate(text: string): Date | undefined {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo = "1", d = "1", h = "0", mi = "0", s = "0", frac = "", zone] = match;
  const month = Number(mo) - 1;
  const day = Number(d);
  if (month < 0 || month > 11 || day < 1 || day > daysInMonth(Number(y), month)) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  const ms = Number(frac.padEnd(3, "0").slice(0, 3));
  const result = new Date(Date.UTC(Number(y), month, day, Number(h), Number(mi), Number(s), ms));
  result.setUTCFullYear(Number(y)); // Date.UTC maps years 0–99 to 1900–1999
  if (zone && zone.toUpperCase() !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
    return new Date(result.getTime() - sign * offsetMinutes * 60_000);
  }
  return result;
}

/** Milliseconds of a fixed-length unit (second … week), for resampling and bucketing. */
export function fixedUnitMs(unit: TimeUnit): number | undefined {
  return FIXED_MS[unit];
}
