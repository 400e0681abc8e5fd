import {
  type DuckDBDataChunk,
  type DuckDBDateValue,
  type DuckDBDecimalValue,
  type DuckDBType,
  DuckDBTypeId,
  type DuckDBValue,
  type DuckDBValueConverter,
  type Json,
  JsonDuckDBValueConverter,
} from "@duckdb/node-api";
import type { ColumnKind } from "../types.ts";

/** Converts one non-null DuckDB value into a JSON-safe JS value. */
type Convert = (value: any) => unknown;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);

export function bigintToJson(value: bigint): number | string {
  return value <= MAX_SAFE && value >= MIN_SAFE ? Number(value) : value.toString();
}

function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

function decimalToJson(value: DuckDBDecimalValue): number | string {
  const unscaled = value.value;
  if (unscaled <= MAX_SAFE && unscaled >= MIN_SAFE) {
    // Both operands are exact doubles, so the division is the correctly rounded decimal.
    return value.scale === 0 ? Number(unscaled) : Number(unscaled) / 10 ** value.scale;
  }
  const text = value.toString();
  const integerPart = text.split(".")[0];
  const big = BigInt(integerPart);
  return big > MAX_SAFE || big < MIN_SAFE ? text : Number.parseFloat(text);
}

const PAD2 = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, "0"));

/** Days since 1970-01-01 → `YYYY-MM-DD` (civil-from-days; much faster than Date#toISOString). */
export function daysToIso(days: number): string | null {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  if (year < 1 || year > 9999) return null;
  return `${year < 1000 ? String(year).padStart(4, "0") : year}-${PAD2[month]}-${PAD2[day]}`;
}

const MICROS_PER_DAY = 86_400_000_000;

/** Microseconds since the epoch → `YYYY-MM-DDTHH:MM:SS[.ffffff]` (Python's isoformat). */
export function microsToIso(micros: number): string | null {
  const days = Math.floor(micros / MICROS_PER_DAY);
  const date = daysToIso(days);
  if (date === null) return null;
  return date + timeOfDay(micros - days * MICROS_PER_DAY);
}

/** `THH:MM:SS` strings by second of the day, built on first use: timestamps share them. */
const SECOND_STRINGS: string[] = new Array(86_400);

function timeOfDay(tod: number): string {
  const second = Math.floor(tod / 1_000_000);
  const fraction = tod - second * 1_000_000;
  let text = SECOND_STRINGS[second];
  if (text === undefined) {
    text = `T${PAD2[Math.floor(second / 3600)]}:${PAD2[Math.floor((second % 3600) / 60)]}:${PAD2[second % 60]}`;
    SECOND_STRINGS[second] = text;
  }
  return fraction === 0 ? text : `${text}.${String(fraction).padStart(6, "0")}`;
}

/** Date columns hold few distinct days: reuse each day's string instead of building it again. */
function dateConverter(): Convert {
  const cache = new Map<number, string>();
  return (value: DuckDBDateValue) => {
    let text = cache.get(value.days);
    if (text === undefined) {
      text = (value.isFinite && daysToIso(value.days)) || value.toString();
      if (cache.size < 100_000) cache.set(value.days, text);
    }
    return text;
  };
}

const BIG_MICROS_PER_DAY = BigInt(MICROS_PER_DAY);

/** A time too far from 1970 for a safe integer of microseconds (before 1685 or after 2255). */
function farMicrosToIso(micros: bigint): string | null {
  let days = micros / BIG_MICROS_PER_DAY;
  if (days * BIG_MICROS_PER_DAY > micros) days -= 1n; // BigInt division rounds toward zero
  const date = daysToIso(Number(days));
  return date === null ? null : date + timeOfDay(Number(micros - days * BIG_MICROS_PER_DAY));
}

/**
 * Caches the last input and each day's date part: time columns repeat both a lot. `toMicros` is
 * the fast path in doubles; `toBigMicros` the exact one, for times a double can't hold exactly.
 */
function timestampConverter(
  toMicros: (raw: bigint) => number,
  toBigMicros: (raw: bigint) => bigint,
  suffix: string,
): Convert {
  let lastRaw: bigint | undefined;
  let lastOut: unknown = null;
  let lastDay = Number.NaN;
  let lastDate: string | null = null;
  return (value: {
    micros?: bigint;
    millis?: bigint;
    seconds?: bigint;
    nanos?: bigint;
    isFinite: boolean;
  }) => {
    const raw = (value.micros ?? value.millis ?? value.seconds ?? value.nanos) as bigint;
    if (raw === lastRaw) return lastOut;
    lastRaw = raw;
    const micros = toMicros(raw);
    if (!Number.isSafeInteger(micros)) {
      // DuckDB's infinities are int64's extremes, never a safe integer of microseconds; asked only
      // here, as `isFinite` is a native call per value (~200 ms a million rows).
      const far = value.isFinite ? farMicrosToIso(toBigMicros(raw)) : null;
      lastOut = far === null ? String(value) : far + suffix;
      return lastOut;
    }
    const day = Math.floor(micros / MICROS_PER_DAY);
    if (day !== lastDay) {
      lastDay = day;
      lastDate = daysToIso(day);
    }
    lastOut =
      lastDate === null ? String(value) : lastDate + timeOfDay(micros - day * MICROS_PER_DAY) + suffix;
    return lastOut;
  };
}

export function converterFor(type: DuckDBType): Convert {
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN:
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.VARCHAR:
      return (v) => v;
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
      return finiteOrNull;
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
    case DuckDBTypeId.BIGNUM:
      return bigintToJson;
    case DuckDBTypeId.DECIMAL:
      return decimalToJson;
    case DuckDBTypeId.DATE:
      return dateConverter();
    case DuckDBTypeId.TIMESTAMP:
      return timestampConverter(Number, (r) => r, "");
    case DuckDBTypeId.TIMESTAMP_S:
      return timestampConverter(
        (r) => Number(r) * 1_000_000,
        (r) => r * 1_000_000n,
        "",
      );
    case DuckDBTypeId.TIMESTAMP_MS:
      return timestampConverter(
        (r) => Number(r) * 1000,
        (r) => r * 1000n,
        "",
      );
    case DuckDBTypeId.TIMESTAMP_NS:
      return timestampConverter(
        (r) => Number(r / 1000n),
        (r) => r / 1000n,
        "",
      );
    case DuckDBTypeId.TIMESTAMP_TZ:
      return timestampConverter(Number, (r) => r, "+00:00");
    case DuckDBTypeId.LIST:
    case DuckDBTypeId.ARRAY:
    case DuckDBTypeId.STRUCT:
    case DuckDBTypeId.MAP:
    case DuckDBTypeId.UNION:
    case DuckDBTypeId.VARIANT:
      return (v: DuckDBValue) => nestedToJson(v, type, nestedToJson);
    default:
      // TIME, INTERVAL, UUID, BLOB, ENUM, BIT …: DuckDB's own text form.
      return (v) => String(v);
  }
}

/** Types whose values inside a list, struct or map read as they do in a column of their own. */
const SCALAR_AS_COLUMN = new Set<DuckDBTypeId>([
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UHUGEINT,
  DuckDBTypeId.BIGNUM,
  DuckDBTypeId.DECIMAL,
  DuckDBTypeId.FLOAT,
  DuckDBTypeId.DOUBLE,
  DuckDBTypeId.DATE,
  DuckDBTypeId.TIMESTAMP,
  DuckDBTypeId.TIMESTAMP_S,
  DuckDBTypeId.TIMESTAMP_MS,
  DuckDBTypeId.TIMESTAMP_NS,
  DuckDBTypeId.TIMESTAMP_TZ,
]);
/** One converter per nested type object: the timestamp ones keep a cache of their last value. */
const nestedScalars = new WeakMap<DuckDBType, Convert>();

/**
 * Values inside lists, structs and maps. DuckDB's JSON converter writes every 64-bit integer,
 * decimal and time as text (`["14"]`, `"2024-01-02 03:04:05"`), so a list of ids read differently
 * from the ids column beside it; here such values are what they are in a column of their own (a
 * number when it is exact, ISO times). A map is an object of its entries when its keys are text or
 * numbers, as Superset's users see a map; other keys keep DuckDB's list of key/value pairs.
 */
const nestedToJson: DuckDBValueConverter<Json> = (value, type, self) => {
  if (value === null) return null;
  if (SCALAR_AS_COLUMN.has(type.typeId)) {
    let convert = nestedScalars.get(type);
    if (!convert) {
      convert = converterFor(type);
      nestedScalars.set(type, convert);
    }
    return convert(value) as Json;
  }
  const out = JsonDuckDBValueConverter(value, type, self);
  if (type.typeId !== DuckDBTypeId.MAP || !Array.isArray(out)) return out;
  const entries = out as { key: Json; value: Json }[];
  if (!entries.every((e) => typeof e.key === "string" || typeof e.key === "number")) return out;
  return Object.fromEntries(entries.map((e) => [e.key, e.value])) as Json;
};

/** Generic kind of a DuckDB type name (as printed by DuckDB or information_schema). */
export function kindOfDuckDbType(typeName: string): ColumnKind {
  const t = typeName.toUpperCase();
  if (t.endsWith("[]") || /^(STRUCT|MAP|UNION|LIST|ARRAY)\b/.test(t)) return "other";
  if (t === "BOOLEAN" || t === "BOOL") return "boolean";
  if (/^(DATE|TIME|TIMESTAMP|DATETIME)/.test(t)) return "temporal";
  if (
    /^(TINYINT|SMALLINT|INTEGER|INT|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|REAL|DOUBLE|DECIMAL|NUMERIC|BIGNUM|VARINT)\b/.test(
      t,
    )
  )
    return "numeric";
  if (/^(VARCHAR|CHAR|TEXT|STRING|JSON|UUID|ENUM)\b/.test(t)) return "string";
  return "other";
}

/**
 * Accumulates chunks into one array per column, converting as it goes.
 * Returns how many rows it took from the chunk (it stops at `maxRows`).
 */
export class ColumnarBuilder {
  readonly data: unknown[][];
  private readonly converters: Convert[];
  rowcount = 0;

  constructor(types: DuckDBType[]) {
    this.converters = types.map(converterFor);
    this.data = types.map(() => []);
  }

  append(chunk: DuckDBDataChunk, maxRows = Number.POSITIVE_INFINITY): number {
    const take = Math.min(chunk.rowCount, maxRows - this.rowcount);
    if (take <= 0) return 0;
    for (let c = 0; c < this.converters.length; c++) {
      const vector = chunk.getColumnVector(c);
      const convert = this.converters[c];
      const out = this.data[c];
      for (let r = 0; r < take; r++) {
        const value = vector.getItem(r);
        out.push(value === null ? null : convert(value));
      }
    }
    this.rowcount += take;
    return take;
  }
}
