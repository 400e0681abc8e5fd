import { invalidPayload } from "../errors.ts";
import { addUnits, parseTimeUnit, type TimeUnit } from "./calendar.ts";
import { checkBounds, type TimeBounds } from "./time-range.ts";

/** A time comparison shift such as `1 year ago` or `28 days` (000 §9 lists the offered ones). */
export interface TimeShift {
  amount: number;
  unit: TimeUnit;
}

const SHIFT = /^(\d+)\s+(second|minute|hour|day|week|month|quarter|year)s?(\s+ago)?$/i;

/** `1 day`, `52 weeks ago`, `2 years` → { amount, unit }. Throws for anything else. */
export function parseTimeShift(text: string): TimeShift {
  const match = SHIFT.exec(text.trim());
  if (!match) {
    throw invalidPayload(
      `Unsupported time shift "${text}": use e.g. "1 day", "1 week", "52 weeks", "1 year".`,
    );
  }
  return { amount: Number(match[1]), unit: parseTimeUnit(match[2])! };
}

/** Moves a date back by the shift (direction -1, the default) or forward (direction 1). */
export function shiftDate(date: Date, shift: TimeShift | string, direction: 1 | -1 = -1): Date {
  const { amount, unit } = typeof shift === "string" ? parseTimeShift(shift) : shift;
  return addUnits(date, direction * amount, unit);
}

/** The range the offset query runs on: both bounds moved back by the shift, still in bounds. */
export function shiftTimeRange(bounds: TimeBounds, shift: TimeShift | string): TimeBounds {
  const shifted = {
    since: bounds.since && shiftDate(bounds.since, shift),
    until: bounds.until && shiftDate(bounds.until, shift),
  };
  checkBounds(shifted, `the shift "${typeof shift === "string" ? shift : `${shift.amount} ${shift.unit}`}"`);
  return shifted;
}
