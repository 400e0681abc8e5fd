import { parseIsoDate, toNaiveIso } from "../time/calendar.ts";

/**
 * Time values in results arrive as naive ISO text (engines), epoch milliseconds or Dates.
 * Operations compute in milliseconds and write back in the representation they were given.
 */
export function toMillis(value: unknown): number | null {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string") return parseIsoDate(value)?.getTime() ?? null;
  return null;
}

export function timeWriter(sample: unknown[]): (ms: number) => unknown {
  const first = sample.find((v) => v !== null && v !== undefined);
  if (typeof first === "number") return (ms) => ms;
  if (first instanceof Date) return (ms) => new Date(ms);
  const spaced = typeof first === "string" && /^\d{4}-\d{2}-\d{2} /.test(first);
  return (ms) => {
    const iso = toNaiveIso(new Date(ms));
    return spaced ? iso.replace("T", " ") : iso;
  };
}
