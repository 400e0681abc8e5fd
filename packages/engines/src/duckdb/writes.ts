import {
  type DuckDBType,
  DuckDBTypeId,
  type DuckDBValue,
  dateValue,
  decimalValue,
  timestampTZValue,
  timestampValue,
} from "@duckdb/node-api";
import type { ResultColumn } from "../types.ts";

/**
 * Conversions from the JSON-safe values of a ColumnarResult (numbers, ISO strings, …) back to
 * DuckDB values, for writing columnar data into a table.
 */

const INTEGER_TYPES = new Set([
  "TINYINT",
  "SMALLINT",
  "INTEGER",
  "BIGINT",
  "HUGEINT",
  "UTINYINT",
  "USMALLINT",
  "UINTEGER",
  "UBIGINT",
]);
const INTEGER_ALIASES: Record<string, string> = {
  INT: "INTEGER",
  INT2: "SMALLINT",
  INT4: "INTEGER",
  INT8: "BIGINT",
  SERIAL: "INTEGER",
  BIGSERIAL: "BIGINT",
  LONG: "BIGINT",
};

/** The column type a table gets for a result column: DuckDB's own name when we can write it, else by kind. */
export function storageType(column: Pick<ResultColumn, "type" | "kind">): string {
  const t = column.type.trim().toUpperCase();
  if (t === "BOOLEAN" || t === "BOOL") return "BOOLEAN";
  if (INTEGER_TYPES.has(t)) return t;
  if (INTEGER_ALIASES[t]) return INTEGER_ALIASES[t];
  if (/^(FLOAT|REAL|FLOAT4)$/.test(t)) return "FLOAT";
  if (/^(DOUBLE|DOUBLE PRECISION|FLOAT8)$/.test(t)) return "DOUBLE";
  const decimal = /^(DECIMAL|NUMERIC)\s*\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\)$/.exec(t);
  if (decimal && Number(decimal[2]) <= 38) return `DECIMAL(${decimal[2]},${decimal[3] ?? 0})`;
  if (t === "DATE") return "DATE";
  if (/^(TIMESTAMP WITH TIME ZONE|TIMESTAMPTZ|TIMESTAMP\(\d\) WITH TIME ZONE)$/.test(t)) return "TIMESTAMPTZ";
  if (
    /^(TIMESTAMP|DATETIME|TIMESTAMP WITHOUT TIME ZONE|TIMESTAMP\(\d\)( WITHOUT TIME ZONE)?|TIMESTAMP_(S|MS|NS))$/.test(
      t,
    )
  )
    return "TIMESTAMP";
  if (/^(VARCHAR|TEXT|STRING|CHAR|BPCHAR)/.test(t)) return "VARCHAR";
  switch (column.kind) {
    case "numeric":
      return "DOUBLE";
    case "boolean":
      return "BOOLEAN";
    case "temporal":
      return t.startsWith("TIME") && !t.startsWith("TIMESTAMP") ? "VARCHAR" : "TIMESTAMP";
    default:
      return "VARCHAR";
  }
}

const ISO =
  /^(-?\d{4,})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** ISO date/time text (or epoch ms, or a Date) → microseconds since the epoch, in UTC. */
export function toEpochMicros(value: unknown): bigint | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : BigInt(value.getTime()) * 1000n;
  if (typeof value === "number") return Number.isFinite(value) ? BigInt(Math.round(value * 1000)) : null;
  const match = ISO.exec(String(value).trim());
  if (!match) return null;
  const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "", zone] = match;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(ms)) return null;
  let micros = BigInt(ms) * 1000n + BigInt(frac.padEnd(6, "0").slice(0, 6) || "0");
  if (zone && zone.toUpperCase() !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || "0");
    micros -= BigInt(sign * offsetMinutes) * 60_000_000n;
  }
  return micros;
}

/** Exact decimal text → scaled integer (no float rounding). */
function scaledDecimal(value: unknown, scale: number): bigint | null {
  if (typeof value === "bigint") return value * 10n ** BigInt(scale);
  const text = typeof value === "number" ? value.toFixed(scale) : String(value).trim();
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === "" && !match[3])) return null;
  const fraction = (match[3] ?? "").padEnd(scale, "0").slice(0, scale);
  const digits = BigInt((match[2] || "0") + fraction);
  return match[1] === "-" ? -digits : digits;
}

function toBigInt(value: unknown): bigint | null {
  if (typeof value === "bigint") return value;
  if (typeof value === "number") return Number.isFinite(value) ? BigInt(Math.trunc(value)) : null;
  if (typeof value === "boolean") return value ? 1n : 0n;
  const text = String(value).trim();
  if (/^[+-]?\d+$/.test(text)) return BigInt(text);
  const n = Number(text);
  return Number.isFinite(n) ? BigInt(Math.trunc(n)) : null;
}

function toNumber(value: unknown): number | null {
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  const text = String(value).trim();
  if (text === "") return null;
  const n = Number(text);
  return Number.isNaN(n) ? null : n;
}

function toBoolean(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  const text = String(value).trim().toLowerCase();
  if (["true", "t", "yes", "y", "1"].includes(text)) return true;
  if (["false", "f", "no", "n", "0"].includes(text)) return false;
  return null;
}

function toText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object")
    return JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
  return String(value);
}

type ToDuck = (value: unknown) => DuckDBValue;

/** A writer for one column of an appender/chunk type; null in, null out. Unparseable values become null. */
export function writerFor(type: DuckDBType): ToDuck {
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN:
      return toBoolean;
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER: {
      return (v) => {
        const n = toNumber(v);
        return n === null || !Number.isFinite(n) ? null : Math.trunc(n);
      };
    }
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
      return toBigInt;
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
      return toNumber;
    case DuckDBTypeId.DECIMAL: {
      const { width, scale } = type as unknown as { width: number; scale: number };
      return (v) => {
        const scaled = scaledDecimal(v, scale);
        return scaled === null ? null : decimalValue(scaled, width, scale);
      };
    }
    case DuckDBTypeId.DATE:
      return (v) => {
        const micros = toEpochMicros(v);
        return micros === null ? null : dateValue(Math.floor(Number(micros / 1000n) / 86_400_000));
      };
    case DuckDBTypeId.TIMESTAMP:
      return (v) => {
        const micros = toEpochMicros(v);
        return micros === null ? null : timestampValue(micros);
      };
    case DuckDBTypeId.TIMESTAMP_TZ:
      return (v) => {
        const micros = toEpochMicros(v);
        return micros === null ? null : timestampTZValue(micros);
      };
    default:
      return toText;
  }
}
