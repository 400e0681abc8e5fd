import { utcFormat } from "d3-time-format";

export const SMART_DATE = "smart_date";

/** Epoch milliseconds, ISO text or Date → Date (invalid → null). */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(typeof value === "number" ? value : String(value));
  return Number.isNaN(d.getTime()) ? null : d;
}

const dateOnly = utcFormat("%Y-%m-%d");
const dateTime = utcFormat("%Y-%m-%d %H:%M:%S");

function smartDate(d: Date): string {
  const midnight = d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0;
  return midnight ? dateOnly(d) : dateTime(d);
}

/** A formatter for a d3 time format ('%Y-%m-%d'…), or the adaptive smart date. */
export function timeFormatter(spec?: string | null): (value: unknown) => string {
  const fmt = spec && spec !== SMART_DATE ? utcFormat(spec) : smartDate;
  return (value) => {
    const d = toDate(value);
    return d ? fmt(d) : String(value ?? "");
  };
}

export const D3_TIME_FORMAT_OPTIONS: [string, string][] = [
  [SMART_DATE, "Adaptive formatting"],
  ["%d/%m/%Y", "%d/%m/%Y | 14/01/2019"],
  ["%m/%d/%Y", "%m/%d/%Y | 01/14/2019"],
  ["%Y-%m-%d", "%Y-%m-%d | 2019-01-14"],
  ["%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M:%S | 2019-01-14 01:32:10"],
  ["%d-%m-%Y %H:%M:%S", "%d-%m-%Y %H:%M:%S | 14-01-2019 01:32:10"],
  ["%H:%M:%S", "%H:%M:%S | 01:32:10"],
  ["%Y", "%Y | 2019"],
  ["%b %Y", "%b %Y | Jan 2019"],
];
