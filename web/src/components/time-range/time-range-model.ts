/**
 * Superset's time range picker (DateFilterControl) as pure functions: which frame a value belongs
 * to, the custom frame's sides encoded to and from the time-range language, and the resolved
 * range as Superset prints it (`2024-01-01 ≤ col < 2024-02-01`).
 */

import { NO_TIME_RANGE, TIME_RANGE_SEPARATOR } from "@strata/contracts";
import { translatable } from "../../lib/i18n";

export const RANGE_TYPES = [
  translatable("Last"),
  translatable("Previous"),
  translatable("Custom"),
  translatable("Advanced"),
  translatable("No filter"),
] as const;
export type RangeType = (typeof RANGE_TYPES)[number];

export const LAST_OPTIONS: string[] = [
  translatable("Last day"),
  translatable("Last week"),
  translatable("Last month"),
  translatable("Last quarter"),
  translatable("Last year"),
];
export const PREVIOUS_OPTIONS: string[] = [
  translatable("previous calendar week"),
  translatable("previous calendar month"),
  translatable("previous calendar year"),
];

export const UNITS = ["second", "minute", "hour", "day", "week", "month", "quarter", "year"] as const;
export type Unit = (typeof UNITS)[number];
const UNIT_WORDS = UNITS.join("|");

/** "Last 3 months": the "Last N units" choice of the Last frame. */
const LAST_N = new RegExp(`^Last (\\d+) (${UNIT_WORDS})s?$`, "i");

export function lastN(amount: number, unit: Unit): string {
  const n = Math.max(1, Math.floor(amount) || 1);
  return `Last ${n} ${unit}${n === 1 ? "" : "s"}`;
}

export function parseLastN(value: string): { amount: number; unit: Unit } | null {
  const m = LAST_N.exec(value.trim());
  return m ? { amount: Number(m[1]), unit: m[2].toLowerCase() as Unit } : null;
}

/** A custom frame side: a date, N units before (start) / after (end) now, now, or midnight today. */
export type Side =
  | { mode: "specific"; date: string }
  | { mode: "relative"; amount: number; unit: Unit }
  | { mode: "now" }
  | { mode: "midnight" };

const SPECIFIC = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/;
const RELATIVE = new RegExp(`^DATEADD\\(DATETIME\\("now"\\), (-?\\d+), (${UNIT_WORDS})\\)$`, "i");

export function encodeSide(side: Side, isStart: boolean): string {
  switch (side.mode) {
    case "specific":
      return side.date;
    case "relative": {
      const n = Math.max(0, Math.floor(side.amount) || 0);
      return `DATEADD(DATETIME("now"), ${isStart ? -n : n}, ${side.unit})`;
    }
    case "now":
      return "now";
    case "midnight":
      return "today";
  }
}

export function decodeSide(text: string, isStart: boolean): Side | null {
  const value = text.trim();
  if (value === "now") return { mode: "now" };
  if (value === "today") return { mode: "midnight" };
  if (SPECIFIC.test(value)) return { mode: "specific", date: value };
  const m = RELATIVE.exec(value);
  if (!m) return null;
  const amount = Number(m[1]);
  // "Before" for the start and "after" for the end, as the custom frame offers them.
  if (isStart ? amount > 0 : amount < 0) return null;
  return { mode: "relative", amount: Math.abs(amount), unit: m[2].toLowerCase() as Unit };
}

export function encodeCustom(start: Side, end: Side): string {
  return `${encodeSide(start, true)}${TIME_RANGE_SEPARATOR}${encodeSide(end, false)}`;
}

export function decodeCustom(value: string): [Side, Side] | null {
  const parts = value.split(TIME_RANGE_SEPARATOR);
  if (parts.length !== 2) return null;
  const start = decodeSide(parts[0], true);
  const end = decodeSide(parts[1], false);
  return start && end ? [start, end] : null;
}

/** The frame a value is edited in (Superset's guessFrame). */
export function rangeTypeOf(value: string): RangeType {
  const text = value.trim();
  if (!text || text === NO_TIME_RANGE) return "No filter";
  if (LAST_OPTIONS.includes(text) || parseLastN(text)) return "Last";
  if (PREVIOUS_OPTIONS.includes(text)) return "Previous";
  if (decodeCustom(text)) return "Custom";
  return "Advanced";
}

/** Advanced's two sides (a value without the separator is kept whole as the start). */
export function splitAdvanced(value: string): [string, string] {
  if (!value || value === NO_TIME_RANGE) return ["", ""];
  const at = value.indexOf(TIME_RANGE_SEPARATOR);
  return at === -1 ? [value, ""] : [value.slice(0, at), value.slice(at + TIME_RANGE_SEPARATOR.length)];
}

/** What a frame starts from when the user switches to it; `since`/`until` seed a custom range. */
export function defaultValueFor(type: RangeType, current: string, since?: string, until?: string): string {
  switch (type) {
    case "No filter":
      return NO_TIME_RANGE;
    case "Last":
      return "Last week";
    case "Previous":
      return "previous calendar week";
    case "Custom": {
      if (decodeCustom(current)) return current;
      const start: Side = since
        ? { mode: "specific", date: since }
        : { mode: "relative", amount: 7, unit: "day" };
      const end: Side = until ? { mode: "specific", date: until } : { mode: "now" };
      return encodeCustom(start, end);
    }
    case "Advanced":
      return current && current !== NO_TIME_RANGE ? current : `${TIME_RANGE_SEPARATOR}`;
  }
}

const endpoint = (text: string, unbounded: string) => (text ? text.replace(/T00:00:00$/, "") : unbounded);

/** `2024-01-01 ≤ col < 2024-02-01`; an open side is -∞ / ∞. */
export function formatResolved(since: string, until: string, column = "col"): string {
  return `${endpoint(since, "-∞")} ≤ ${column} < ${endpoint(until, "∞")}`;
}
