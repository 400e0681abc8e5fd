import { ENGINE_DISPLAY_NAMES } from "@strata/contracts";
import {
  type Dialect,
  grainExpression,
  isDateOnly,
  limitOffset,
  quoteDouble,
  quoteSingle,
  splitIso,
} from "../dialect-base.ts";

/** DuckDB's SQL: Superset's time grains as DATE_TRUNC / TIME_BUCKET. */
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

export const DUCKDB_DIALECT: Dialect = {
  engine: "duckdb",
  name: ENGINE_DISPLAY_NAMES.duckdb,
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
