import type { FormData } from "../types.ts";

/**
 * The comparison shifts of the period-over-period KPI that depend on the chart's time range, as
 * Superset's getTimeOffset computes them in the browser: "inherit" compares with the period just
 * before the filtered one (shifted by the range's length in days), "custom" with the period
 * starting on the chosen date (shifted by the days from that date to the range's start). Both
 * become plain `N days ago` shifts the server understands.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

interface AdhocLike {
  expressionType?: string;
  operator?: string;
  operatorId?: string;
  comparator?: unknown;
}

const isTemporalRange = (f: AdhocLike) =>
  f?.expressionType === "SIMPLE" && (f.operator === "TEMPORAL_RANGE" || f.operatorId === "TEMPORAL_RANGE");

/**
 * The range the chart is filtered on: its `time_range` when set (a dashboard's time filter lands
 * there), else its first time-range filter's (a dashboard's time filter replaces that one too).
 */
export function filteredTimeRange(fd: FormData): string | null {
  const own = typeof fd.time_range === "string" ? fd.time_range.trim() : "";
  if (own && own.toLowerCase() !== "no filter") return own;
  const adhoc = Array.isArray(fd.adhoc_filters) ? (fd.adhoc_filters as AdhocLike[]) : [];
  const comparator = adhoc.find(isTemporalRange)?.comparator;
  return typeof comparator === "string" && comparator.trim() && comparator.toLowerCase() !== "no filter"
    ? comparator.trim()
    : null;
}

const todayUtc = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

function addUnits(base: number, unit: string, amount: number): number {
  const d = new Date(base);
  switch (unit) {
    case "day":
      d.setUTCDate(d.getUTCDate() + amount);
      break;
    case "week":
      d.setUTCDate(d.getUTCDate() + amount * 7);
      break;
    case "month":
      d.setUTCMonth(d.getUTCMonth() + amount);
      break;
    case "quarter":
      d.setUTCMonth(d.getUTCMonth() + amount * 3);
      break;
    case "year":
      d.setUTCFullYear(d.getUTCFullYear() + amount);
      break;
    default:
      return Number.NaN;
  }
  return d.getTime();
}

/** One end of a range, at midnight UTC: an ISO date (or year, year-month), today/now, `N units ago`. */
export function parseRangeEnd(text: string, now = new Date()): number | null {
  const value = text.trim();
  const lower = value.toLowerCase();
  if (lower === "today" || lower === "now") return todayUtc(now);
  const ago = /^(\d+)\s+(day|week|month|quarter|year)s?\s+ago$/.exec(lower);
  if (ago) return addUnits(todayUtc(now), ago[2], -Number(ago[1]));
  const date = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:[T ][\d:.]+Z?)?$/.exec(value);
  if (!date) return null;
  const at = Date.UTC(Number(date[1]), Number(date[2] ?? 1) - 1, Number(date[3] ?? 1));
  return Number.isNaN(at) ? null : at;
}

/** `Last week` and the like: [start, end) ending today, as Superset's range names. */
const LAST: Record<string, [string, number]> = {
  "last day": ["day", 1],
  "last week": ["week", 1],
  "last month": ["month", 1],
  "last quarter": ["quarter", 1],
  "last year": ["year", 1],
};

/** A time range's start and end (midnight UTC), or null when unbounded or not understood here. */
export function rangeBounds(range: string, now = new Date()): [number, number] | null {
  const last = LAST[range.trim().toLowerCase()];
  if (last) {
    const end = todayUtc(now);
    return [addUnits(end, last[0], -last[1]), end];
  }
  const parts = range.split(" : ");
  if (parts.length !== 2) return null;
  const start = parseRangeEnd(parts[0], now);
  const end = parseRangeEnd(parts[1], now);
  return start === null || end === null ? null : [start, end];
}

const daysAgo = (days: number) => `${days} days ago`;

/** "inherit": the range's own length in days, back from its start; nothing for an empty range. */
export function inheritedShift(fd: FormData, now = new Date()): string | null {
  const range = filteredTimeRange(fd);
  const bounds = range ? rangeBounds(range, now) : null;
  if (!bounds) return null;
  const days = Math.round((bounds[1] - bounds[0]) / DAY_MS);
  return days > 0 ? daysAgo(days) : null;
}

/**
 * "custom": from the chosen start (`start_date_offset`, else the start of the older controls'
 * `adhoc_custom` time-range filter) to the range's start. A start after the range's would be a
 * shift forward, which the server does not take: no comparison then.
 */
export function customShift(fd: FormData, now = new Date()): string | null {
  const range = filteredTimeRange(fd);
  const bounds = range ? rangeBounds(range, now) : null;
  if (!bounds) return null;
  let chosen = typeof fd.start_date_offset === "string" ? fd.start_date_offset : "";
  if (!chosen) {
    const adhoc = Array.isArray(fd.adhoc_custom) ? (fd.adhoc_custom as AdhocLike[]) : [];
    const comparator = adhoc.find(isTemporalRange)?.comparator;
    if (typeof comparator === "string" && comparator.toLowerCase() !== "no filter")
      chosen = comparator.split(" : ")[0] ?? "";
  }
  const start = chosen ? parseRangeEnd(chosen, now) : null;
  if (start === null) return null;
  const days = Math.round((bounds[0] - start) / DAY_MS);
  return days > 0 ? daysAgo(days) : null;
}
