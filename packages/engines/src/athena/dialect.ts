import { ENGINE_DISPLAY_NAMES } from "@strata/contracts";
import {
  type Dialect,
  grainExpression,
  isDateOnly,
  quoteDouble,
  quoteSingle,
  splitIso,
} from "../dialect-base.ts";

/** Athena speaks Trino: date_trunc / date_add on timestamps. */
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

/** Trino (Athena) wants OFFSET before LIMIT. */
const offsetLimit = (limit: number, offset?: number) =>
  `${offset ? `OFFSET ${Math.max(0, Math.trunc(offset))} ` : ""}LIMIT ${Math.max(0, Math.trunc(limit))}`;

export const ATHENA_DIALECT: Dialect = {
  engine: "awsathena",
  name: ENGINE_DISPLAY_NAMES.awsathena,
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
