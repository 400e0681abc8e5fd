import { TIME_SHIFTS } from "@strata/contracts";
import { describe, expect, it } from "vitest";
import { QueryValidationError } from "../errors.ts";
import { toNaiveIso } from "./calendar.ts";
import { parseTimeRange, type TimeRangeOptions } from "./time-range.ts";
import { parseTimeShift, shiftDate, shiftTimeRange } from "./time-shift.ts";

// Friday 15 March 2024, 10:30.
const now = new Date("2024-03-15T10:30:00Z");

function range(text: string, options: Partial<TimeRangeOptions> = {}): [string | null, string | null] {
  const { since, until } = parseTimeRange(text, { now, ...options });
  return [since && toNaiveIso(since), until && toNaiveIso(until)];
}

function rangeError(text: string, options: Partial<TimeRangeOptions> = {}): QueryValidationError {
  try {
    parseTimeRange(text, { now, ...options });
  } catch (error) {
    expect(error).toBeInstanceOf(QueryValidationError);
    return error as QueryValidationError;
  }
  throw new Error(`expected "${text}" to be rejected`);
}

describe("parseTimeRange", () => {
  it("treats No filter and empty text as unbounded", () => {
    expect(range("No filter")).toEqual([null, null]);
    expect(range("")).toEqual([null, null]);
    expect(parseTimeRange(null, { now })).toEqual({ since: null, until: null });
  });

  it.each([
    ["Last day", "2024-03-14T00:00:00", "2024-03-15T00:00:00"],
    ["Last week", "2024-03-08T00:00:00", "2024-03-15T00:00:00"],
    ["Last month", "2024-02-15T00:00:00", "2024-03-15T00:00:00"],
    ["Last quarter", "2023-12-15T00:00:00", "2024-03-15T00:00:00"],
    ["Last year", "2023-03-15T00:00:00", "2024-03-15T00:00:00"],
    ["Last 3 days", "2024-03-12T00:00:00", "2024-03-15T00:00:00"],
    ["Next 2 weeks", "2024-03-15T00:00:00", "2024-03-29T00:00:00"],
  ])("%s counts from today", (text, since, until) => {
    expect(range(text)).toEqual([since, until]);
  });

  it.each([
    ["previous calendar week", "2024-03-04T00:00:00", "2024-03-11T00:00:00"],
    ["previous calendar month", "2024-02-01T00:00:00", "2024-03-01T00:00:00"],
    ["previous calendar quarter", "2023-10-01T00:00:00", "2024-01-01T00:00:00"],
    ["previous calendar year", "2023-01-01T00:00:00", "2024-01-01T00:00:00"],
    ["Current day", "2024-03-15T00:00:00", "2024-03-16T00:00:00"],
    ["Current week", "2024-03-11T00:00:00", "2024-03-18T00:00:00"],
    ["Current month", "2024-03-01T00:00:00", "2024-04-01T00:00:00"],
    ["Current quarter", "2024-01-01T00:00:00", "2024-04-01T00:00:00"],
    ["Current year", "2024-01-01T00:00:00", "2025-01-01T00:00:00"],
  ])("%s covers whole calendar units", (text, since, until) => {
    expect(range(text)).toEqual([since, until]);
  });

  it.each([
    ["2020-01-01 : 2020-02-01", "2020-01-01T00:00:00", "2020-02-01T00:00:00"],
    ["2020-01-01T12:30:00 : now", "2020-01-01T12:30:00", "2024-03-15T10:30:00"],
    ["2020-01-01 12:30:15.250 : today", "2020-01-01T12:30:15.250000", "2024-03-15T00:00:00"],
    ["2020-01-01T02:00:00+02:00 : 2020-01-02", "2020-01-01T00:00:00", "2020-01-02T00:00:00"],
    ["2020-01-01 : ", "2020-01-01T00:00:00", null],
    [" : 2020-01-01", null, "2020-01-01T00:00:00"],
    ['DATEADD(DATETIME("now"), -7, day) : now', "2024-03-08T10:30:00", "2024-03-15T10:30:00"],
    ["DATEADD(DATETIME('today'), - 1, month) : today", "2024-02-15T00:00:00", "2024-03-15T00:00:00"],
    ['DATETRUNC(DATETIME("today"), month) : today', "2024-03-01T00:00:00", "2024-03-15T00:00:00"],
    [
      'DATETRUNC(DATETIME("now"), week) : DATETRUNC(DATETIME("now"), hour)',
      "2024-03-11T00:00:00",
      "2024-03-15T10:00:00",
    ],
    [
      'DATETRUNC(DATETIME("today"), year) : LASTDAY(DATETIME("2024-02-10"), month)',
      "2024-01-01T00:00:00",
      "2024-02-29T00:00:00",
    ],
    [
      'LASTDAY(DATETIME("2024-03-13"), week) : LASTDAY(DATETIME("2024-03-13"), year)',
      "2024-03-17T00:00:00",
      "2024-12-31T00:00:00",
    ],
    ["Last week : today", "2024-03-08T00:00:00", "2024-03-15T00:00:00"],
    ["Last 2 months : now", "2024-01-15T00:00:00", "2024-03-15T10:30:00"],
    ["7 days ago : today", "2024-03-08T00:00:00", "2024-03-15T00:00:00"],
    ["3 hours ago : now", "2024-03-15T07:30:00", "2024-03-15T10:30:00"],
    ["yesterday : tomorrow", "2024-03-14T00:00:00", "2024-03-16T00:00:00"],
    ["last year : 1 week later", "2023-03-15T00:00:00", "2024-03-22T00:00:00"],
    ["2020/01/05 : 2020-02", "2020-01-05T00:00:00", "2020-02-01T00:00:00"],
  ])("%s", (text, since, until) => {
    expect(range(text)).toEqual([since, until]);
  });

  it("uses relative_start and relative_end", () => {
    expect(range("Last day", { relativeStart: "now" })).toEqual([
      "2024-03-14T10:30:00",
      "2024-03-15T00:00:00",
    ]);
    expect(range("Last day", { relativeStart: "now", relativeEnd: "now" })).toEqual([
      "2024-03-14T10:30:00",
      "2024-03-15T10:30:00",
    ]);
  });

  it("clamps month arithmetic to the end of the month", () => {
    const endOfMarch = new Date("2024-03-31T08:00:00Z");
    const { since } = parseTimeRange("Last month", { now: endOfMarch });
    expect(toNaiveIso(since!)).toBe("2024-02-29T00:00:00");
  });

  it.each([
    ["foo", /Unrecognised time range "foo"/],
    ["Last fortnight", /Cannot parse date "Last fortnight"/],
    ["2020-02-01 : 2020-01-01", /From date cannot be larger than to date/],
    ["7 days : now", /ambiguous/],
    ['DATEADD(DATETIME("now"), x, day) : now', /integer amount/],
    ['DATEADD(DATETIME("now"), -1, fortnight) : now', /expected a unit/],
    ['HOLIDAY("christmas") : now', /unsupported function HOLIDAY/],
    ["DATETIME(now) : now", /quoted argument/],
    ['DATETIME("now" : now', /expected "\)"|Unterminated|Invalid/],
    ["2020-13-01 : now", /Cannot parse date "2020-13-01"/],
    ["2021-02-29 : now", /Cannot parse date/],
  ])("rejects %s with a typed error", (text, message) => {
    const error = rangeError(text);
    expect(error.errorType).toBe("INVALID_PAYLOAD_SCHEMA_ERROR");
    expect(error.status).toBe(400);
    expect(error.message).toMatch(message);
  });
});

describe("time shifts", () => {
  it("parses every offered shift, with or without 'ago'", () => {
    const parsed = TIME_SHIFTS.map((shift) => parseTimeShift(shift));
    expect(parsed).toEqual([
      { amount: 1, unit: "day" },
      { amount: 1, unit: "week" },
      { amount: 28, unit: "day" },
      { amount: 30, unit: "day" },
      { amount: 52, unit: "week" },
      { amount: 1, unit: "year" },
      { amount: 104, unit: "week" },
      { amount: 2, unit: "year" },
      { amount: 156, unit: "week" },
      { amount: 3, unit: "year" },
    ]);
    expect(parseTimeShift("1 year ago")).toEqual({ amount: 1, unit: "year" });
    expect(() => parseTimeShift("inherit")).toThrow(QueryValidationError);
  });

  it("moves a range back and dates in either direction", () => {
    const bounds = { since: new Date("2024-02-29T00:00:00Z"), until: new Date("2024-03-15T00:00:00Z") };
    const shifted = shiftTimeRange(bounds, "1 year ago");
    expect(toNaiveIso(shifted.since!)).toBe("2023-02-28T00:00:00");
    expect(toNaiveIso(shifted.until!)).toBe("2023-03-15T00:00:00");
    expect(toNaiveIso(shiftDate(bounds.until, "52 weeks"))).toBe("2023-03-17T00:00:00");
    expect(toNaiveIso(shiftDate(bounds.until, "28 days", 1))).toBe("2024-04-12T00:00:00");
    expect(shiftTimeRange({ since: null, until: null }, "1 day")).toEqual({ since: null, until: null });
  });
});
