import { EMPTY_STRING, type FilterValue, NULL_STRING } from "@strata/contracts";
import { invalidPayload } from "../errors.ts";
import type { ColumnKind } from "../model.ts";
import { parseIsoDate } from "../time/calendar.ts";
import type { SqlScalar } from "./params.ts";

/** A filter value after Superset's marker and type handling: a scalar to bind, or a date. */
export type FilterScalar = SqlScalar | Date;

const NUMERIC = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/**
 * Superset's handling of one filter value: `<NULL>` → null, `<empty string>` → '', and values
 * coerced to the column's kind so that engines compare like with like (numeric text → number,
 * numbers → text for string columns, TRUE/FALSE → booleans, ISO text → dates for temporal columns).
 */
export function normalizeFilterScalar(
  value: Exclude<FilterValue, unknown[]>,
  kind: ColumnKind,
): FilterScalar {
  if (value === NULL_STRING || value === null) return null;
  if (value === EMPTY_STRING) return "";
  switch (kind) {
    case "numeric":
      if (typeof value === "string" && NUMERIC.test(value)) return Number(value);
      if (typeof value === "boolean") return value ? 1 : 0;
      return value;
    case "string":
      return typeof value === "string" ? value : String(value);
    case "boolean":
      if (typeof value === "string" && /^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
      if (typeof value === "number" && (value === 0 || value === 1)) return value === 1;
      return value;
    case "temporal": {
      if (typeof value === "number") return new Date(value);
      if (typeof value === "string") return parseIsoDate(value) ?? value;
      return value;
    }
    default:
      return value;
  }
}

export function asList(value: FilterValue | undefined): Exclude<FilterValue, unknown[]>[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function requireScalar(value: FilterValue | undefined, op: string, column: string) {
  if (Array.isArray(value)) {
    if (value.length !== 1) throw invalidPayload(`Filter "${column} ${op}" needs a single value`);
    return value[0];
  }
  if (value === undefined) throw invalidPayload(`Filter "${column} ${op}" needs a value`);
  return value;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * Python's `datetime.strftime` for the directives Superset users write, on the naive UTC wall
 * time: a string-typed date column's `python_date_format` (`%Y-%m-%d`, `%Y%m%d %H:%M:%S` …) and
 * a SQL template's `get_time_filter(strftime=…)` both format through it. Unknown directives are
 * kept as written, as Python does on most platforms.
 */
export function formatDate(date: Date, pattern: string): string {
  return pattern.replace(/%([a-zA-Z%])/g, (whole, code: string) => {
    switch (code) {
      case "Y":
        return pad(date.getUTCFullYear(), 4);
      case "y":
        return pad(date.getUTCFullYear() % 100);
      case "m":
        return pad(date.getUTCMonth() + 1);
      case "d":
        return pad(date.getUTCDate());
      case "H":
        return pad(date.getUTCHours());
      case "I":
        return pad(((date.getUTCHours() + 11) % 12) + 1);
      case "p":
        return date.getUTCHours() < 12 ? "AM" : "PM";
      case "M":
        return pad(date.getUTCMinutes());
      case "S":
        return pad(date.getUTCSeconds());
      case "f":
        return pad(date.getUTCMilliseconds() * 1000, 6);
      case "j": {
        const start = Date.UTC(date.getUTCFullYear(), 0, 1);
        return pad(Math.floor((date.getTime() - start) / 86_400_000) + 1, 3);
      }
      case "a":
        return DAYS[date.getUTCDay()].slice(0, 3);
      case "A":
        return DAYS[date.getUTCDay()];
      case "b":
        return MONTHS[date.getUTCMonth()].slice(0, 3);
      case "B":
        return MONTHS[date.getUTCMonth()];
      case "%":
        return "%";
      default:
        return whole;
    }
  });
}
