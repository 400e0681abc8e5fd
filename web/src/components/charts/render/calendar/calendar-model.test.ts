import { describe, expect, it } from "vitest";
import { calendarData, calendarDomains, next, startOf, stepOf } from "./calendar-model";

const utc = (s: string) => Date.parse(`${s}T00:00:00Z`);

describe("calendar heatmap model", () => {
  it("truncates and steps through units in UTC, weeks from Monday", () => {
    expect(startOf("week", utc("2024-03-14"))).toBe(utc("2024-03-11"));
    expect(startOf("month", utc("2024-03-14") + 5000)).toBe(utc("2024-03-01"));
    expect(next("month", utc("2024-12-01"))).toBe(utc("2025-01-01"));
    expect(next("year", utc("2024-01-01"))).toBe(utc("2025-01-01"));
  });

  it("draws every day of each month from the first to the last value, days in weekday rows", () => {
    const values = new Map([
      [utc("2024-02-10"), 3],
      [utc("2024-03-31"), 5],
    ]);
    const domains = calendarDomains(values, "month", "day");
    expect(domains.map((d) => d.cells.length)).toEqual([29, 31]);
    const march = domains[1];
    expect(march.rows).toBe(7);
    // 2024-03-01 is a Friday: row 4 of week column 0; the 31st is a Sunday in the sixth week.
    expect(march.cells[0]).toMatchObject({ row: 4, col: 0, value: null });
    expect(march.cells[30]).toMatchObject({ row: 6, col: 4, value: 5 });
    expect(domains.flatMap((d) => d.cells).filter((c) => c.value !== null)).toHaveLength(2);
  });

  it("reads a value per block and metric from the rows", () => {
    const data = calendarData(
      {
        datasource: "1__table",
        viz_type: "cal_heatmap",
        metrics: ["count"],
        domain_granularity: "year",
        subdomain_granularity: "month",
      },
      [
        {
          colnames: ["ds", "count"],
          data: [
            { ds: utc("2020-01-01"), count: 2 },
            { ds: utc("2020-05-01"), count: 4 },
          ],
        } as never,
      ],
    );
    expect(data).toHaveLength(1);
    expect(data[0].domains).toHaveLength(1);
    expect(data[0].domains[0].cells).toHaveLength(12);
    expect(data[0].domains[0].cells.filter((c) => c.value !== null).map((c) => c.value)).toEqual([2, 4]);
  });

  it("puts values in equal colour steps", () => {
    expect(stepOf(0, 0, 10, 10)).toBe(0);
    expect(stepOf(10, 0, 10, 10)).toBe(9);
    expect(stepOf(5, 0, 10, 2)).toBe(1);
    expect(stepOf(3, 3, 3, 4)).toBe(3);
  });
});
