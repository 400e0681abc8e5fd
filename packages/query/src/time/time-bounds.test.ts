import type { QueryObject } from "@strata/contracts";
import { describe, expect, it } from "vitest";
import { QueryValidationError } from "../errors.ts";
import { compileQuery } from "../sql/compile.ts";
import { BIRTH_NAMES, DUCKDB_DIALECT, NOW } from "../testing/fixtures.ts";
import { addUnits, isoDateProblem, parseIsoDate, toNaiveIso } from "./calendar.ts";
import { parseTimeRange } from "./time-range.ts";
import { shiftTimeRange } from "./time-shift.ts";

const now = new Date("2024-03-15T10:30:00Z");

function rejection(run: () => unknown): QueryValidationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(QueryValidationError);
    return error as QueryValidationError;
  }
  throw new Error("expected a QueryValidationError");
}

describe("time ranges beyond the representable dates", () => {
  it.each([
    // Past what a JavaScript Date holds: NaN before the fix.
    "Last 999999999 years",
    'DATEADD(DATETIME("now"), -300000, year) : now',
    "Next 99999999999999999999 days",
    "99999999999 weeks ago : now",
    // A valid Date, but before year 1 or after 9999: no engine's, nor Superset's.
    "Last 200000 years",
    'DATEADD(DATETIME("now"), 8000, year) : ',
    "0000-06-01 : 2020-01-01",
  ])("refuses %s with a clear 400", (text) => {
    const error = rejection(() => parseTimeRange(text, { now }));
    expect(error.status).toBe(400);
    expect(error.errorType).toBe("INVALID_PAYLOAD_SCHEMA_ERROR");
    expect(error.message).toMatch(/^Time range out of bounds: .*0001-01-01 to 9999-12-31/);
    expect(error.message).not.toMatch(/NaN/);
  });

  it("keeps the edges of the range", () => {
    const { since, until } = parseTimeRange("0001-01-01 : 9999-12-31T23:59:59", { now });
    expect(toNaiveIso(since!)).toBe("0001-01-01T00:00:00");
    expect(toNaiveIso(until!)).toBe("9999-12-31T23:59:59");
    expect(toNaiveIso(parseTimeRange("Last 2000 years", { now }).since!)).toBe("0024-03-15T00:00:00");
  });

  it("refuses a shift that leaves the range, and one past a Date's", () => {
    const bounds = parseTimeRange("Last week", { now });
    expect(rejection(() => shiftTimeRange(bounds, "99999999999 years ago")).message).toMatch(
      /^Time range out of bounds/,
    );
    expect(rejection(() => shiftTimeRange(bounds, "3000 years ago")).message).toMatch(
      /^Time range out of bounds: the shift "3000 years ago"/,
    );
  });

  it("never returns an invalid Date from addUnits", () => {
    expect(() => addUnits(now, -999_999_999, "year")).toThrow(QueryValidationError);
    expect(() => addUnits(now, 1e20, "day")).toThrow(/Time range out of bounds/);
    expect(toNaiveIso(addUnits(now, -1, "month"))).toBe("2024-02-15T10:30:00");
  });

  it("fails a chart query with the same error instead of sending the engine a broken date", () => {
    const query: QueryObject = {
      metrics: ["count"],
      filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "Last 999999999 years" }],
    };
    const error = rejection(() => compileQuery(query, BIRTH_NAMES, { dialect: DUCKDB_DIALECT, now: NOW }));
    expect(error.message).toMatch(/^Time range out of bounds/);
  });
});

describe("UTC offsets", () => {
  it("accepts offsets of less than a day", () => {
    expect(toNaiveIso(parseIsoDate("2020-01-01T00:00+23:59")!)).toBe("2019-12-31T00:01:00");
    expect(toNaiveIso(parseIsoDate("2020-01-01T00:00-0130")!)).toBe("2020-01-01T01:30:00");
  });

  it.each(["+99:99", "+24:00", "-23:60", "+2400"])("refuses %s, saying why", (offset) => {
    const text = `2020-01-01T00:00${offset}`;
    expect(parseIsoDate(text)).toBeUndefined();
    expect(isoDateProblem(text)).toMatch(/UTC offset .* is not between -23:59 and \+23:59/);
    const error = rejection(() => parseTimeRange(`${text} : 2021-01-01`, { now }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/Cannot parse date .*UTC offset/);
  });
});
