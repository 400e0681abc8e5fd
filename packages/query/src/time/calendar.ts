import { invalidPayload } from "../errors.ts";

/**
 * Calendar arithmetic on naive datetimes. Superset's time language is timezone-naive; we keep
 * every instant as a `Date` whose UTC fields are the naive wall-clock fields, so nothing here
 * depends on the process time zone.
 */

export const TIME_UNITS = ["second", "minute", "hour", "day", "week", "month", "quarter", "year"] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

/**
 * The dates a time range may name: Superset's are Python datetimes (years 1 to 9999), and every
 * engine takes a four-digit ISO year. JavaScript's Date reaches further (±273,790 years) and then
 * turns into NaN, which would print as `0NaN-NaN-NaN` or reach the database as a broken literal.
 */
export const EARLIEST_DATE = "0001-01-01T00:00:00";
export const LATEST_DATE = "9999-12-31T23:59:59.999";
const EARLIEST_MS = Date.parse(`${EARLIEST_DATE}Z`);
const LATEST_MS = Date.parse(`${LATEST_DATE}Z`);

/** True for a real date between EARLIEST_DATE and LATEST_DATE (false for an invalid Date). */
export function isRepresentableDate(date: Date): boolean {
  const ms = date.getTime();
  return ms >= EARLIEST_MS && ms <= LATEST_MS;
}

/** The message of a time range that goes beyond the representable dates. */
export function outOfBoundsMessage(what: string): string {
  return (
    `Time range out of bounds: ${what} goes beyond the dates that can be used ` +
    `(${EARLIEST_DATE.slice(0, 10)} to ${LATEST_DATE.slice(0, 10)}). Use a smaller amount or a nearer date.`
  );
}

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

/**
 * `date` moved by `amount` units. Throws a QueryValidationError when the result is past what a
 * Date can hold (`Last 999999999 years`), rather than returning an invalid Date that every later
 * step would carry along as NaN.
 */
export function addUnits(date: Date, amount: number, unit: TimeUnit): Date {
  const fixed = FIXED_MS[unit];
  const months = unit === "year" ? 12 : unit === "quarter" ? 3 : 1;
  // UTC has no daylight saving, so days and weeks are fixed lengths here.
  const result =
    fixed !== undefined ? new Date(date.getTime() + amount * fixed) : addMonths(date, amount * months);
  if (Number.isNaN(result.getTime())) {
    const move = `moving by ${amount} ${unit}${Math.abs(amount) === 1 ? "" : "s"}`;
    throw invalidPayload(outOfBoundsMessage(move), { amount, unit });
  }
  return result;
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

type IsoParse = { date: Date } | { problem: string } | undefined;

function readIsoDate(text: string): IsoParse {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo = "1", d = "1", h = "0", mi = "0", s = "0", frac = "", zone] = match;
  const month = Number(mo) - 1;
  const day = Number(d);
  if (month < 0 || month > 11) return { problem: `the month ${mo} is not between 1 and 12` };
  if (day < 1 || day > daysInMonth(Number(y), month))
    return { problem: `the day ${d} is not in ${y}-${pad(month + 1)}` };
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59)
    return { problem: `the time ${h}:${mi}:${s} is not between 00:00:00 and 23:59:59` };
  let offsetMinutes = 0;
  if (zone && zone.toUpperCase() !== "Z") {
    const digits = zone.slice(1).replace(":", "");
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2));
    // As Python's: an offset is less than a day, so `+99:99` is refused, not read as 4 days.
    if (hours > 23 || minutes > 59)
      return { problem: `the UTC offset ${zone} is not between -23:59 and +23:59` };
    offsetMinutes = (zone.startsWith("-") ? -1 : 1) * (hours * 60 + minutes);
  }
  const ms = Number(frac.padEnd(3, "0").slice(0, 3));
  const result = new Date(Date.UTC(Number(y), month, day, Number(h), Number(mi), Number(s), ms));
  result.setUTCFullYear(Number(y)); // Date.UTC maps years 0–99 to 1900–1999
  return { date: offsetMinutes ? new Date(result.getTime() - offsetMinutes * 60_000) : result };
}

/**
 * ISO-like dates: `2020`, `2020-01`, `2020-01-02`, `2020-01-02T03:04[:05[.678]]`, with an
 * optional `Z` or offset of less than a day (converted to UTC wall time). Undefined when it is
 * not one, or names a field out of range (month 13, `+99:99`).
 */
export function parseIsoDate(text: string): Date | undefined {
  const read = readIsoDate(text);
  return read && "date" in read ? read.date : undefined;
}

/** Why text shaped like an ISO date is not a valid one (`the UTC offset +99:99 …`), if it is so. */
export function isoDateProblem(text: string): string | undefined {
  const read = readIsoDate(text);
  return read && "problem" in read ? read.problem : undefined;
}

/** Milliseconds of a fixed-length unit (second … week), for resampling and bucketing. */
export function fixedUnitMs(unit: TimeUnit): number | undefined {
  return FIXED_MS[unit];
}
