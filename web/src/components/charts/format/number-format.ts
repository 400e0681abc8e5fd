import { format as d3Format } from "d3-format";

/** Superset's default number format: SI prefixes for large values, up to 3 significant digits. */
export const SMART_NUMBER = "SMART_NUMBER";

const si = d3Format(".3~s");
const small = d3Format(".3~r");

function smart(value: number): string {
  const abs = Math.abs(value);
  if (abs === 0) return "0";
  if (abs >= 1000) return si(value).replace("G", "B");
  if (abs < 0.001) return d3Format(".3~e")(value);
  return small(value);
}

/** True when d3-format accepts the specifier (axis format controls are free text). */
export function isValidNumberFormat(spec: string): boolean {
  if (!spec || spec === SMART_NUMBER) return true;
  try {
    d3Format(spec);
    return true;
  } catch {
    return false;
  }
}

/** A formatter for a d3 number format string; unknown or empty formats fall back to SMART_NUMBER. */
export function numberFormatter(spec?: string | null): (value: unknown) => string {
  let fmt: ((n: number) => string) | undefined;
  if (spec && spec !== SMART_NUMBER && isValidNumberFormat(spec)) fmt = d3Format(spec);
  return (value) => {
    if (value === null || value === undefined || value === "") return "";
    const n = typeof value === "number" ? value : Number(value);
    if (!Number.isFinite(n)) return String(value);
    return fmt ? fmt(n) : smart(n);
  };
}

/** Common d3 formats offered by the axis/number format controls (free-form: any d3 format works). */
export const D3_FORMAT_OPTIONS: [string, string][] = [
  [SMART_NUMBER, "Adaptive formatting"],
  ["~g", "Original value"],
  [",d", ",d (12345.432 => 12,345)"],
  [".1s", ".1s (12345.432 => 10k)"],
  [".3s", ".3s (12345.432 => 12.3k)"],
  [",.1%", ",.1% (12345.432 => 1,234,543.2%)"],
  [".2%", ".2% (12345.432 => 1234543.20%)"],
  [".3%", ".3% (12345.432 => 1234543.200%)"],
  [".4r", ".4r (12345.432 => 12350)"],
  [",.3f", ",.3f (12345.432 => 12,345.432)"],
  ["+,", "+, (12345.432 => +12,345.432)"],
  ["$,.2f", "$,.2f (12345.432 => $12,345.43)"],
];
