import { toDate } from "../../format/time-format";
import type { ChartDataResult, FormData } from "../../types";
import { metricLabelsOf, rowsOf, timeKeyOf } from "../legacy/time-series";

export type Unit = "min" | "hour" | "day" | "week" | "month" | "year";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The start of the unit holding `t` (UTC; weeks start on Monday, as cal-heatmap's default). */
export function startOf(unit: Unit, t: number): number {
  const d = new Date(t);
  switch (unit) {
    case "min":
      return Math.floor(t / MINUTE) * MINUTE;
    case "hour":
      return Math.floor(t / HOUR) * HOUR;
    case "day":
      return Math.floor(t / DAY) * DAY;
    case "week": {
      const day = Math.floor(t / DAY) * DAY;
      const weekday = (new Date(day).getUTCDay() + 6) % 7;
      return day - weekday * DAY;
    }
    case "month":
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    case "year":
      return Date.UTC(d.getUTCFullYear(), 0, 1);
  }
}

export function next(unit: Unit, t: number): number {
  const d = new Date(t);
  switch (unit) {
    case "min":
      return t + MINUTE;
    case "hour":
      return t + HOUR;
    case "day":
      return t + DAY;
    case "week":
      return t + 7 * DAY;
    case "month":
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    case "year":
      return Date.UTC(d.getUTCFullYear() + 1, 0, 1);
  }
}

const UNITS: Unit[] = ["min", "hour", "day", "week", "month", "year"];
export const unitOf = (v: unknown, fallback: Unit): Unit =>
  UNITS.includes(v as Unit) ? (v as Unit) : fallback;

export interface CalendarCell {
  time: number;
  row: number;
  col: number;
  value: number | null;
}
export interface CalendarDomain {
  start: number;
  cells: CalendarCell[];
  rows: number;
  cols: number;
}

/** Rows of the grid a domain's blocks fill (column by column). */
const ROWS: Record<Unit, number> = { min: 10, hour: 6, day: 7, week: 1, month: 3, year: 1 };

/** Domains are capped so a long time range at a fine grain does not draw thousands of blocks. */
export const MAX_DOMAINS = 100;

/**
 * The calendar of one metric: a domain (e.g. a month) per period from the first to the last
 * time of the result, each holding every subdomain block (e.g. its days). Days fill weekday
 * rows and week columns, as cal-heatmap draws them; other units fill a small grid in order.
 */
export function calendarDomains(
  values: Map<number, number>,
  domainUnit: Unit,
  subUnit: Unit,
): CalendarDomain[] {
  const times = [...values.keys()].sort((a, b) => a - b);
  if (!times.length) return [];
  const domains: CalendarDomain[] = [];
  let start = startOf(domainUnit, times[0]);
  const last = times[times.length - 1];
  while (start <= last) {
    const end = next(domainUnit, start);
    const cells: CalendarCell[] = [];
    let s = startOf(subUnit, start);
    if (s < start) s = next(subUnit, s);
    const weekly =
      subUnit === "day" && (domainUnit === "month" || domainUnit === "year" || domainUnit === "week");
    const firstWeek = startOf("week", start);
    let i = 0;
    for (; s < end; s = next(subUnit, s), i += 1) {
      const row = weekly ? (new Date(s).getUTCDay() + 6) % 7 : i % ROWS[subUnit];
      const col = weekly
        ? Math.floor((startOf("week", s) - firstWeek) / (7 * DAY))
        : Math.floor(i / ROWS[subUnit]);
      cells.push({ time: s, row, col, value: values.get(s) ?? null });
    }
    domains.push({
      start,
      cells,
      rows: weekly ? 7 : Math.min(ROWS[subUnit], cells.length),
      cols: Math.max(0, ...cells.map((c) => c.col)) + 1,
    });
    start = end;
  }
  return domains.slice(-MAX_DOMAINS);
}

/** Per metric, its values by block start (the rows come truncated to the subdomain grain). */
export function calendarData(fd: FormData, results: ChartDataResult[]) {
  const rows = rowsOf(results[0]);
  const timeKey = timeKeyOf(fd, results[0]);
  const subUnit = unitOf(fd.subdomain_granularity, "day");
  const domainUnit = unitOf(fd.domain_granularity, "month");
  return metricLabelsOf(fd).map((metric) => {
    const values = new Map<number, number>();
    for (const row of rows) {
      const t = toDate(row[timeKey])?.getTime();
      const v = Number(row[metric]);
      if (t === undefined || row[metric] === null || !Number.isFinite(v)) continue;
      const key = startOf(subUnit, t);
      values.set(key, (values.get(key) ?? 0) + v);
    }
    return { metric, values, domains: calendarDomains(values, domainUnit, subUnit) };
  });
}

/** The colour step of a value: `steps` equal slices between the smallest and largest value. */
export function stepOf(value: number, min: number, max: number, steps: number): number {
  if (max <= min) return steps - 1;
  return Math.min(Math.floor(((value - min) / (max - min)) * steps), steps - 1);
}
