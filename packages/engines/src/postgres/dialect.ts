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

/** PostgreSQL's SQL: sub-hour grains are built from DATE_TRUNC and EXTRACT. */
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

export const POSTGRES_DIALECT: Dialect = {
  engine: "postgresql",
  name: ENGINE_DISPLAY_NAMES.postgresql,
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
