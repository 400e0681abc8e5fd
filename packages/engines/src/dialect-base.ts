import type { EngineName } from "@strata/contracts";

/**
 * What query compilation needs to know per engine, with Superset's time grain expressions.
 * Pure: no driver imports, safe to use anywhere.
 */
export interface Dialect {
  engine: EngineName;
  /** Superset's display name of the engine. */
  name: string;
  quoteIdentifier(name: string): string;
  quoteLiteral(value: string): string;
  limitClause(limit: number, offset?: number): string;
  /** Time grain (ISO 8601 duration, Superset's keys) → expression template with `{col}`. */
  timeGrains: Readonly<Record<string, string>>;
  /** The grain applied to a column expression; the column itself when grain is null. */
  timeGrainExpression(col: string, grain: string | null | undefined): string;
  /** A timestamp from epoch seconds or milliseconds. */
  epochToTimestamp(col: string, unit: "epoch_s" | "epoch_ms"): string;
  /** A date/time literal for comparisons (Superset's convert_dttm); `type` is the column's type. */
  datetimeLiteral(iso: string, type?: string): string;
}

export const quoteDouble = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const quoteSingle = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The grain names live in contracts, shared with the SPA. */
export { TIME_GRAIN_NAMES } from "@strata/contracts";

export function grainExpression(grains: Readonly<Record<string, string>>) {
  return (col: string, grain: string | null | undefined) => {
    if (!grain) return col;
    // The grain is request text (`extras.time_grain_sqla`, a column's `timeGrain`): own keys only,
    // or `toString` would read Object.prototype's method as a template.
    const template = Object.hasOwn(grains, grain) ? grains[grain] : undefined;
    if (!template) throw new Error(`Unknown time grain: ${grain}`);
    return template.replaceAll("{col}", col);
  };
}

/** `2020-01-02T03:04:05.678Z` → date part and `HH:MM:SS.ffffff` time part. */
export function splitIso(iso: string): { date: string; time: string } {
  const [date, rest = "00:00:00"] = iso
    .replace(" ", "T")
    .replace(/(Z|[+-]\d{2}:?\d{2})$/, "")
    .split("T");
  const [hms, fraction = ""] = rest.split(".");
  const padded = hms.length === 5 ? `${hms}:00` : hms;
  return { date, time: `${padded}.${fraction.padEnd(6, "0").slice(0, 6)}` };
}

export function isDateOnly(type?: string): boolean {
  return (type ?? "").trim().toUpperCase() === "DATE";
}

export const limitOffset = (limit: number, offset?: number) =>
  `LIMIT ${Math.max(0, Math.trunc(limit))}${offset ? ` OFFSET ${Math.max(0, Math.trunc(offset))}` : ""}`;
