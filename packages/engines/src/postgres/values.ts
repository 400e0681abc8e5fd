import { parse as parseArray } from "postgres-array";
import pg from "pg";
import type { ColumnKind } from "../types.ts";

/** Built-in PostgreSQL type OIDs we name and convert ourselves. */
export const PG_TYPES: Record<number, { name: string; kind: ColumnKind }> = {
  16: { name: "BOOLEAN", kind: "boolean" },
  17: { name: "BYTEA", kind: "other" },
  18: { name: "CHAR", kind: "string" },
  19: { name: "NAME", kind: "string" },
  20: { name: "BIGINT", kind: "numeric" },
  21: { name: "SMALLINT", kind: "numeric" },
  23: { name: "INTEGER", kind: "numeric" },
  25: { name: "TEXT", kind: "string" },
  26: { name: "OID", kind: "numeric" },
  114: { name: "JSON", kind: "other" },
  700: { name: "REAL", kind: "numeric" },
  701: { name: "DOUBLE PRECISION", kind: "numeric" },
  790: { name: "MONEY", kind: "numeric" },
  1042: { name: "CHAR", kind: "string" },
  1043: { name: "VARCHAR", kind: "string" },
  1082: { name: "DATE", kind: "temporal" },
  1083: { name: "TIME WITHOUT TIME ZONE", kind: "temporal" },
  1114: { name: "TIMESTAMP WITHOUT TIME ZONE", kind: "temporal" },
  1184: { name: "TIMESTAMP WITH TIME ZONE", kind: "temporal" },
  1186: { name: "INTERVAL", kind: "other" },
  1266: { name: "TIME WITH TIME ZONE", kind: "temporal" },
  1700: { name: "NUMERIC", kind: "numeric" },
  2950: { name: "UUID", kind: "string" },
  3802: { name: "JSONB", kind: "other" },
};

/** Kind of a type name as information_schema / format_type print it. */
export function kindOfPgType(typeName: string): ColumnKind {
  const t = typeName.toLowerCase();
  if (t.endsWith("[]")) return "other";
  if (t === "boolean" || t === "bool") return "boolean";
  if (
    /^(smallint|integer|bigint|int[248]?|real|double precision|float[48]?|numeric|decimal|money|oid|serial|bigserial)/.test(
      t,
    )
  )
    return "numeric";
  if (/^(date|time|timestamp)/.test(t)) return "temporal";
  if (/^(character|char|varchar|text|name|uuid|citext|bpchar)/.test(t)) return "string";
  return "other";
}

/** SQLAlchemy-like spelling of a format_type() name: `character varying(255)` → `VARCHAR(255)`. */
export function displayPgType(formatted: string): string {
  return formatted
    .replace(/^character varying/i, "VARCHAR")
    .replace(/^character\b/i, "CHAR")
    .toUpperCase();
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function parseInt8(text: string): number | string {
  const big = BigInt(text);
  return big <= MAX_SAFE && big >= -MAX_SAFE ? Number(big) : text;
}

function parseNumeric(text: string): number | string | null {
  if (text === "NaN") return null;
  const integerPart = text.split(".")[0].replace("-", "");
  // Digits beyond 2^53 in the integer part would be silently lost as a number.
  return integerPart.length > 15 && BigInt(integerPart) > MAX_SAFE ? text : Number(text);
}

function parseFloatJson(text: string): number | null {
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** `2020-01-02 03:04:05.123+00` → `2020-01-02T03:04:05.123000+00:00` */
function isoTimestamp(text: string): string {
  if (text === "infinity" || text === "-infinity") return text;
  const match =
    /^(\d{4,}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(\.\d+)?([+-]\d{2}(?::?\d{2})?(?::\d{2})?)?( BC)?$/.exec(text);
  if (!match) return text;
  const [, date, time, fraction = "", zone] = match;
  if (match[5]) return text;
  const micros = fraction ? `.${fraction.slice(1).padEnd(6, "0")}` : "";
  let offset = "";
  if (zone)
    offset =
      zone.length === 3 ? `${zone}:00` : zone.includes(":") ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  return `${date}T${time}${micros}${offset}`;
}

const identity = (text: string) => text;

/**
 * Arrays whose elements are parsed as a column of their type is. pg's own array parsers make
 * int8 elements strings, numeric ones lossy floats, and dates and timestamps JS Dates read in the
 * server's local time zone (`["2024-01-02T02:04:05.000Z"]` for a 03:04:05 on a Paris server).
 */
const ARRAY_ELEMENTS: Record<number, (text: string) => unknown> = {
  1016: parseInt8, // int8[]
  1231: parseNumeric, // numeric[]
  1021: parseFloatJson, // float4[]
  1022: parseFloatJson, // float8[]
  1182: identity, // date[]
  1183: identity, // time[]
  1270: identity, // timetz[]
  1187: identity, // interval[]
  1115: isoTimestamp, // timestamp[]
  1185: isoTimestamp, // timestamptz[]
};

/**
 * Per-query type parsers: JSON-safe values (int8/numeric as numbers when safe, dates and
 * timestamps as ISO strings, never JS Dates shifted by the server's local time zone), in arrays too.
 */
export const pgTypeParsers = {
  getTypeParser(oid: number, format?: string): (text: string) => unknown {
    const element = ARRAY_ELEMENTS[oid];
    if (element) return (text) => parseArray(text, element);
    switch (oid) {
      case 20:
        return parseInt8;
      case 1700:
      case 790:
        return oid === 790 ? identity : parseNumeric;
      case 700:
      case 701:
        return parseFloatJson;
      case 1082:
      case 1083:
      case 1266:
      case 1186:
        return identity;
      case 1114:
      case 1184:
        return isoTimestamp;
      default:
        return pg.types.getTypeParser(oid, (format ?? "text") as "text");
    }
  },
};
