import { invalidPayload } from "../errors.ts";
import {
  addUnits,
  isoDateProblem,
  parseIsoDate,
  parseTimeUnit,
  type TimeUnit,
  truncate,
} from "./calendar.ts";

const DATE_UNITS: ReadonlySet<TimeUnit> = new Set(["day", "week", "month", "quarter", "year"]);
const UNIT_WORDS = "second|minute|hour|day|week|month|quarter|year";
const RELATIVE = new RegExp(`^(\\d+)\\s+(${UNIT_WORDS})s?\\s+(ago|before|later|after|from now)$`, "i");
const LAST_NEXT = new RegExp(`^(last|next|this)\\s+(${UNIT_WORDS})$`, "i");
const AMBIGUOUS = new RegExp(`^\\d+\\s+(${UNIT_WORDS})s?$`, "i");

/** Relative moves by whole days or more land on midnight, as Superset's parser does. */
function move(now: Date, amount: number, unit: TimeUnit): Date {
  const moved = addUnits(now, amount, unit);
  return DATE_UNITS.has(unit) ? truncate(moved, "day") : moved;
}

/**
 * Superset's `DATETIME("…")` argument: `now`, `today`, `yesterday`, `tomorrow`, ISO dates,
 * `7 days ago`, `2 weeks later`, `last month`, `next year`. Throws a QueryValidationError otherwise.
 */
export function parseHumanDatetime(text: string, now: Date): Date {
  const value = text.trim();
  const lower = value.toLowerCase();
  if (lower === "now") return new Date(now.getTime());
  if (lower === "today") return truncate(now, "day");
  if (lower === "yesterday") return move(now, -1, "day");
  if (lower === "tomorrow") return move(now, 1, "day");
  const relative = RELATIVE.exec(value);
  if (relative) {
    const sign = /^(ago|before)$/i.test(relative[3]) ? -1 : 1;
    return move(now, sign * Number(relative[1]), parseTimeUnit(relative[2])!);
  }
  const lastNext = LAST_NEXT.exec(value);
  if (lastNext) {
    const sign = { last: -1, next: 1, this: 0 }[lastNext[1].toLowerCase() as "last" | "next" | "this"];
    return move(now, sign, parseTimeUnit(lastNext[2])!);
  }
  if (AMBIGUOUS.test(value)) {
    throw invalidPayload(`Time string is ambiguous. Please specify [${value} ago] or [${value} later].`);
  }
  const iso = parseIsoDate(value.replaceAll("/", "-"));
  if (iso) return iso;
  const problem = isoDateProblem(value.replaceAll("/", "-"));
  if (problem) throw invalidPayload(`Cannot parse date "${value}": ${problem}.`);
  throw invalidPayload(`Cannot parse date "${value}": use an ISO date, today, now or "N days ago".`);
}
