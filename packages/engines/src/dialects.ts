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

const quoteDouble = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteSingle = (value: string) => `'${value.replaceAll("'", "''")}'`;

export const TIME_GRAIN_NAMES: Readonly<Record<string, string>> = {
  PT1S: "Second",
  PT5S: "5 second",
  PT30S: "30 second",
  PT1M: "Minute",
  PT5M: "5 minute",
  PT10M: "10 minute",
  PT15M: "15 minute",
  PT30M: "30 minute",
  PT1H: "Hour",
  PT6H: "6 hour",
  P1D: "Day",
  P1W: "Week",
  P1M: "Month",
  P3M: "Quarter",
  P1Y: "Year",
  "1969-12-28T00:00:00Z/P1W": "Week starting Sunday",
  "1969-12-29T00:00:00Z/P1W": "Week starting Monday",
  "P1W/1970-01-03T00:00:00Z": "Week ending Saturday",
  "P1W/1970-01-04T00:00:00Z": "Week ending Sunday",
};

function grainExpression(grains: Readonly<Record<string, string>>) {
  return (col: string, grain: string | null | undefined) => {
    if (!grain) return col;
    const template = grains[grain];
    if (!template) throw new Error(`Unknown time grain: ${grain}`);
    return template.replaceAll("{col}", col);
  };
}

/** `2020-01-02T03:04:05.678Z` → date part and `HH:MM:SS.ffffff` time part. */
function splitIso(iso: string): { date: string; time: string } {
  const [date, rest = "00:00:00"] = iso
    .replace(" ", "T")
    .replace(/(Z|[+-]\d{2}:?\d{2})$/, "")
    .split("T");
  const [hms, fraction = ""] = rest.split(".");
  const padded = hms.length === 5 ? `${hms}:00` : hms;
  return { date, time: `${padded}.${fraction.padEnd(6, "0").slice(0, 6)}` };
}

function isDateOnly(type?: string): boolean {
  return (type ?? "").trim().toUpperCase() === "DATE";
}

const duckdbGrains: Record<string, string> = {
  PT1S: "DATE_TRUNC('second', {col})",
  PT5S: "TIME_BUCKET(INTERVAL '5 seconds', {col})",
  PT30S: "TIME_BUCKET(INTERVAL '30 seconds', {col})",
  PT1M: "DATE_TRUNC('minute', {col})",
  PT5M: "TIME_BUCKET(INTERVAL '5 minutes', {col})",
  PT10M: "TIME_BUCKET(INTERVAL '10 minutes', {col})",
  PT15M: "TIME_BUCKET(INTERVAL '15 minutes', {col})",
  PT30M: "TIME_BUCKET(INTERVAL '30 minutes', {col})",
  PT1H: "DATE_TRUNC('hour', {col})",
  PT6H: "TIME_BUCKET(INTERVAL '6 hours', {col})",
  P1D: "DATE_TRUNC('day', {col})",
  P1W: "DATE_TRUNC('week', {col})",
  P1M: "DATE_TRUNC('month', {col})",
  P3M: "DATE_TRUNC('quarter', {col})",
  P1Y: "DATE_TRUNC('year', {col})",
  "1969-12-28T00:00:00Z/P1W": "DATE_TRUNC('week', {col} + INTERVAL 1 DAY) - INTERVAL 1 DAY",
  "1969-12-29T00:00:00Z/P1W": "DATE_TRUNC('week', {col})",
  "P1W/1970-01-03T00:00:00Z": "DATE_TRUNC('week', {col} + INTERVAL 1 DAY) + INTERVAL 5 DAY",
  "P1W/1970-01-04T00:00:00Z": "DATE_TRUNC('week', {col}) + INTERVAL 6 DAY",
};

const postgresGrains: Record<string, string> = {
  PT1S: "DATE_TRUNC('second', {col})",
  PT5S: "DATE_TRUNC('minute', {col}) + INTERVAL '5 seconds' * FLOOR(EXTRACT(SECOND FROM {col}) / 5)",
  PT30S: "DATE_TRUNC('minute', {col}) + INTERVAL '30 seconds' * FLOOR(EXTRACT(SECOND FROM {col}) / 30)",
  PT1M: "DATE_TRUNC('minute', {col})",
  PT5M: "DATE_TRUNC('hour', {col}) + INTERVAL '5 minutes' * FLOOR(EXTRACT(MINUTE FROM {col}) / 5)",
  PT10M: "DATE_TRUNC('hour', {col}) + INTERVAL '10 minutes' * FLOOR(EXTRACT(MINUTE FROM {col}) / 10)",
  PT15M: "DATE_TRUNC('hour', {col}) + INTERVAL '15 minutes' * FLOOR(EXTRACT(MINUTE FROM {col}) / 15)",
  PT30M: "DATE_TRUNC('hour', {col}) + INTERVAL '30 minutes' * FLOOR(EXTRACT(MINUTE FROM {col}) / 30)",
  PT1H: "DATE_TRUNC('hour', {col})",
  PT6H: "DATE_TRUNC('day', {col}) + INTERVAL '6 hours' * FLOOR(EXTRACT(HOUR FROM {col}) / 6)",
  P1D: "DATE_TRUNC('day', {col})",
  P1W: "DATE_TRUNC('week', {col})",
  P1M: "DATE_TRUNC('month', {col})",
  P3M: "DATE_TRUNC('quarter', {col})",
  P1Y: "DATE_TRUNC('year', {col})",
  "1969-12-28T00:00:00Z/P1W": "DATE_TRUNC('week', {col} + INTERVAL '1 day') - INTERVAL '1 day'",
  "1969-12-29T00:00:00Z/P1W": "DATE_TRUNC('week', {col})",
  "P1W/1970-01-03T00:00:00Z": "DATE_TRUNC('week', {col} + INTERVAL '1 day') + INTERVAL '5 days'",
  "P1W/1970-01-04T00:00:00Z": "DATE_TRUNC('week', {col}) + INTERVAL '6 days'",
};

const ts = "CAST({col} AS TIMESTAMP)";
const athenaGrains: Record<string, string> = {
  PT1S: `date_trunc('second', ${ts})`,
  PT1M: `date_trunc('minute', ${ts})`,
  PT5M: `date_add('minute', -(minute(${ts}) % 5), date_trunc('minute', ${ts}))`,
  PT10M: `date_add('minute', -(minute(${ts}) % 10), date_trunc('minute', ${ts}))`,
  PT15M: `date_add('minute', -(minute(${ts}) % 15), date_trunc('minute', ${ts}))`,
  PT30M: `date_add('minute', -(minute(${ts}) % 30), date_trunc('minute', ${ts}))`,
  PT1H: `date_trunc('hour', ${ts})`,
  PT6H: `date_add('hour', -(hour(${ts}) % 6), date_trunc('hour', ${ts}))`,
  P1D: `date_trunc('day', ${ts})`,
  P1W: `date_trunc('week', ${ts})`,
  P1M: `date_trunc('month', ${ts})`,
  P3M: `date_trunc('quarter', ${ts})`,
  P1Y: `date_trunc('year', ${ts})`,
  "1969-12-28T00:00:00Z/P1W": `date_add('day', -1, date_trunc('week', date_add('day', 1, ${ts})))`,
  "1969-12-29T00:00:00Z/P1W": `date_trunc('week', ${ts})`,
  "P1W/1970-01-03T00:00:00Z": `date_add('day', 5, date_trunc('week', date_add('day', 1, ${ts})))`,
  "P1W/1970-01-04T00:00:00Z": `date_add('day', 6, date_trunc('week', ${ts}))`,
};

const limitOffset = (limit: number, offset?: number) =>
  `LIMIT ${Math.max(0, Math.trunc(limit))}${offset ? ` OFFSET ${Math.max(0, Math.trunc(offset))}` : ""}`;

/** Trino (Athena) wants OFFSET before LIMIT. */
const offsetLimit = (limit: number, offset?: number) =>
  `${offset ? `OFFSET ${Math.max(0, Math.trunc(offset))} ` : ""}LIMIT ${Math.max(0, Math.trunc(limit))}`;

export const DUCKDB_DIALECT: Dialect = {
  engine: "duckdb",
  name: "DuckDB",
  quoteIdentifier: quoteDouble,
  quoteLiteral: quoteSingle,
  limitClause: limitOffset,
  timeGrains: duckdbGrains,
  timeGrainExpression: grainExpression(duckdbGrains),
  epochToTimestamp: (col, unit) =>
    unit === "epoch_ms"
      ? `EPOCH_MS(CAST(${col} AS BIGINT))`
      : `EPOCH_MS(CAST(CAST(${col} AS DOUBLE) * 1000 AS BIGINT))`,
  datetimeLiteral(iso, type) {
    const { date, time } = splitIso(iso);
    return isDateOnly(type) ? `CAST('${date}' AS DATE)` : `CAST('${date} ${time}' AS TIMESTAMP)`;
  },
};

export const POSTGRES_DIALECT: Dialect = {
  engine: "postgresql",
  name: "PostgreSQL",
  quoteIdentifier: quoteDouble,
  quoteLiteral: quoteSingle,
  limitClause: limitOffset,
  timeGrains: postgresGrains,
  timeGrainExpression: grainExpression(postgresGrains),
  epochToTimestamp: (col, unit) =>
    unit === "epoch_ms"
      ? `(timestamp 'epoch' + ${col} / 1000 * interval '1 second')`
      : `(timestamp 'epoch' + ${col} * interval '1 second')`,
  datetimeLiteral(iso, type) {
    const { date, time } = splitIso(iso);
    return isDateOnly(type)
      ? `TO_DATE('${date}', 'YYYY-MM-DD')`
      : `TO_TIMESTAMP('${date} ${time}', 'YYYY-MM-DD HH24:MI:SS.US')`;
  },
};

export const ATHENA_DIALECT: Dialect = {
  engine: "awsathena",
  name: "Amazon Athena",
  quoteIdentifier: quoteDouble,
  quoteLiteral: quoteSingle,
  limitClause: offsetLimit,
  timeGrains: athenaGrains,
  timeGrainExpression: grainExpression(athenaGrains),
  epochToTimestamp: (col, unit) =>
    unit === "epoch_ms" ? `from_unixtime(${col} / 1000)` : `from_unixtime(${col})`,
  datetimeLiteral(iso, type) {
    const { date, time } = splitIso(iso);
    return isDateOnly(type) ? `DATE '${date}'` : `TIMESTAMP '${date} ${time.slice(0, 12)}'`;
  },
};

export function dialectFor(engine: EngineName): Dialect {
  switch (engine) {
    case "duckdb":
      return DUCKDB_DIALECT;
    case "postgresql":
      return POSTGRES_DIALECT;
    case "awsathena":
      return ATHENA_DIALECT;
    default: {
      const never: never = engine;
      throw new Error(`No dialect for engine ${String(never)}`);
    }
  }
}
