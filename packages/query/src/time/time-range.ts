import { NO_TIME_RANGE, TIME_RANGE_SEPARATOR } from "@strata/contracts";
import { invalidPayload } from "../errors.ts";
import {
  addUnits,
  isRepresentableDate,
  outOfBoundsMessage,
  parseTimeUnit,
  type TimeUnit,
  truncate,
} from "./calendar.ts";
import { evaluateDateExpression, isDateExpression } from "./date-expression.ts";
import { parseHumanDatetime } from "./human-datetime.ts";

export { NO_TIME_RANGE, TIME_RANGE_SEPARATOR };

/** `since` inclusive, `until` exclusive; null means unbounded. Naive datetimes (see calendar.ts). */
export interface TimeBounds {
  since: Date | null;
  until: Date | null;
}

export interface TimeRangeOptions {
  /** The clock, injected so that parsing is pure. */
  now: Date;
  /** `extras.relative_start`: what "Last …" counts back from (default `today`). */
  relativeStart?: string | null;
  /** `extras.relative_end`: where "Last …" ends (default `today`). */
  relativeEnd?: string | null;
}

const UNITS = "second|minute|hour|day|week|month|quarter|year";
const LAST_ONE = /^last\s+(day|week|month|quarter|year)$/i;
const LAST_N = new RegExp(`^last\\s+(\\d+)\\s+(${UNITS})s?$`, "i");
const NEXT_N = new RegExp(`^next\\s+(\\d+)\\s+(${UNITS})s?$`, "i");
const CURRENT = /^current\s+(day|week|month|quarter|year)$/i;
const PREVIOUS_CALENDAR = /^previous\s+calendar\s+(week|month|quarter|year)$/i;

function evaluateSide(part: string, options: TimeRangeOptions, relativeStart: Date): Date | null {
  const text = part.trim();
  if (!text) return null;
  const lastOne = LAST_ONE.exec(text);
  if (lastOne) return addUnits(relativeStart, -1, parseTimeUnit(lastOne[1])!);
  const lastN = LAST_N.exec(text);
  if (lastN) return addUnits(relativeStart, -Number(lastN[1]), parseTimeUnit(lastN[2])!);
  const nextN = NEXT_N.exec(text);
  if (nextN) return addUnits(relativeStart, Number(nextN[1]), parseTimeUnit(nextN[2])!);
  if (isDateExpression(text)) return evaluateDateExpression(text, options.now);
  return parseHumanDatetime(text, options.now);
}

function relative(text: string | null | undefined, now: Date): Date {
  return parseHumanDatetime(text?.trim() || "today", now);
}

/**
 * Superset's time-range language → bounds:
 * `No filter`; `Last day|week|month|quarter|year` and `Last N days`; `Next N weeks`;
 * `previous calendar week|month|quarter|year`; `Current day|week|month|quarter|year`;
 * `A : B` where each side is empty (unbounded), an ISO date, `today`, `now`, `7 days ago`,
 * `Last week`, or `DATEADD(…)` / `DATETRUNC(…)` / `LASTDAY(…)` / `DATETIME(…)`.
 * Unknown text throws a QueryValidationError.
 */
export function parseTimeRange(timeRange: string | null | undefined, options: TimeRangeOptions): TimeBounds {
  const text = (timeRange ?? "").trim();
  if (!text || text.toLowerCase() === NO_TIME_RANGE.toLowerCase()) return { since: null, until: null };
  const today = truncate(options.now, "day");
  // Padding keeps an empty side (`2020-01-01 : `) recognisable after trimming; ISO times have no spaced colon.
  const padded = ` ${text} `;
  const at = padded.indexOf(TIME_RANGE_SEPARATOR);

  if (at === -1) {
    const current = CURRENT.exec(text);
    if (current) {
      const unit = parseTimeUnit(current[1]) as TimeUnit;
      const since = truncate(today, unit);
      return { since, until: addUnits(since, 1, unit) };
    }
    const previous = PREVIOUS_CALENDAR.exec(text);
    if (previous) {
      const unit = parseTimeUnit(previous[1]) as TimeUnit;
      return { since: truncate(addUnits(today, -1, unit), unit), until: truncate(today, unit) };
    }
    const relativeEnd = options.relativeEnd?.trim() || "today";
    const relativeStartText = options.relativeStart?.trim() || "today";
    if (/^last\b/i.test(text)) return parseTimeRange(`${text}${TIME_RANGE_SEPARATOR}${relativeEnd}`, options);
    if (/^next\b/i.test(text))
      return parseTimeRange(`${relativeStartText}${TIME_RANGE_SEPARATOR}${text}`, options);
    throw invalidPayload(
      `Unrecognised time range "${text}". Use "No filter", "Last week", "previous calendar month", ` +
        `"Current year" or "<start> : <end>" with ISO dates, today, now, "7 days ago", DATEADD(…) or DATETRUNC(…).`,
    );
  }

  const relativeStart = relative(options.relativeStart, options.now);
  const since = evaluateSide(padded.slice(0, at), options, relativeStart);
  const until = evaluateSide(padded.slice(at + TIME_RANGE_SEPARATOR.length), options, relativeStart);
  checkBounds({ since, until }, `"${text}"`);
  if (since && until && since.getTime() > until.getTime()) {
    throw invalidPayload("From date cannot be larger than to date");
  }
  return { since, until };
}

/**
 * Refuses bounds outside the representable dates (years 1 to 9999): `Last 200000 years` is a
 * valid Date in JavaScript but no engine's, and Superset cannot name it either.
 */
export function checkBounds(bounds: TimeBounds, what: string): void {
  for (const date of [bounds.since, bounds.until]) {
    if (date && !isRepresentableDate(date)) throw invalidPayload(outOfBoundsMessage(what));
  }
}
