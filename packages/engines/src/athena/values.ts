import { ENGINE_DISPLAY_NAMES, ErrorType } from "@strata/contracts";
import { cleanMessage } from "../engine-errors.ts";
import { EngineError, type ColumnKind } from "../types.ts";

/** Athena returns every value as text; these turn it into JSON-safe values by column type. */

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export function kindOfAthenaType(type: string): ColumnKind {
  const t = type.toLowerCase();
  if (t === "boolean") return "boolean";
  if (/^(tinyint|smallint|integer|int|bigint|double|float|real|decimal)/.test(t)) return "numeric";
  if (/^(date|timestamp|time)/.test(t)) return "temporal";
  if (/^(varchar|char|string|uuid)/.test(t)) return "string";
  return "other";
}

function toBigintJson(text: string): number | string {
  try {
    const big = BigInt(text);
    return big <= MAX_SAFE && big >= -MAX_SAFE ? Number(big) : text;
  } catch {
    return text;
  }
}

function toNumberJson(text: string): number | string | null {
  const n = Number(text);
  if (Number.isNaN(n)) return text === "NaN" ? null : text;
  return Number.isFinite(n) ? n : null;
}

/** `2020-01-02 03:04:05.120` → `2020-01-02T03:04:05.120000` (zero fraction dropped, like isoformat). */
export function athenaTimestampToIso(text: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d+))?(?: (UTC|Z))?$/.exec(text);
  if (!match) return text;
  const [, date, time, fraction = "", zone] = match;
  const micros = fraction.padEnd(6, "0").slice(0, 6);
  const frac = /^0*$/.test(micros) ? "" : `.${micros}`;
  return `${date}T${time}${frac}${zone ? "+00:00" : ""}`;
}

export function athenaConverter(type: string): (text: string) => unknown {
  const t = type.toLowerCase();
  if (t === "boolean") return (v) => v === "true";
  if (t === "bigint") return toBigintJson;
  if (/^(tinyint|smallint|integer|int|double|float|real)$/.test(t)) return toNumberJson;
  if (t.startsWith("decimal")) {
    return (v) => {
      const integerPart = v.split(".")[0].replace("-", "");
      return integerPart.length > 15 && BigInt(integerPart) > MAX_SAFE ? v : toNumberJson(v);
    };
  }
  if (t.startsWith("timestamp")) return athenaTimestampToIso;
  return (v) => v;
}

/** A JS value as the SQL literal Athena's ExecutionParameters expect. */
export function athenaLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return `TIMESTAMP '${value.toISOString().replace("T", " ").replace("Z", "")}'`;
  return `'${String(value).replaceAll("'", "''")}'`;
}

const ENGINE_NAME = ENGINE_DISPLAY_NAMES.awsathena;

/** Athena/Trino error texts → Superset error types. */
export function mapAthenaError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  const e = error as { name?: string; message?: string; Message?: string };
  const message = cleanMessage(e?.message ?? e?.Message ?? String(error));
  const extra = { engine_name: ENGINE_NAME };
  const is = (re: RegExp) => re.test(message) || re.test(e?.name ?? "");
  if (is(/TABLE_NOT_FOUND|Table .* does not exist|Entity ?Not ?Found|Table not found/i))
    return new EngineError(message, ErrorType.TABLE_DOES_NOT_EXIST_ERROR, 400, extra);
  if (is(/SCHEMA_NOT_FOUND|Schema .* does not exist|Database .* not found/i))
    return new EngineError(message, ErrorType.SCHEMA_DOES_NOT_EXIST_ERROR, 400, extra);
  if (is(/COLUMN_NOT_FOUND|Column '.*' cannot be resolved/i))
    return new EngineError(message, ErrorType.COLUMN_DOES_NOT_EXIST_ERROR, 400, extra);
  if (is(/SYNTAX_ERROR|mismatched input|extraneous input|no viable alternative/i))
    return new EngineError(message, ErrorType.SYNTAX_ERROR, 400, extra);
  if (is(/AccessDenied|not authorized|UnrecognizedClientException|InvalidSignature|ExpiredToken/i))
    return new EngineError(message, ErrorType.CONNECTION_ACCESS_DENIED_ERROR, 400, extra);
  if (is(/EXCEEDED_TIME_LIMIT|Query timeout/i))
    return new EngineError(message, ErrorType.DATABASE_TIMEOUT_ERROR, 400, extra);
  return new EngineError(
    message || "Athena returned an error.",
    ErrorType.GENERIC_DB_ENGINE_ERROR,
    400,
    extra,
  );
}
