import { describe, expect, it } from "vitest";
import { computePivot } from "./pivot";

const rows = [
  { state: "CA", gender: "boy", count: 3 },
  { state: "CA", gender: "girl", count: 4 },
  { state: "NY", gender: "boy", count: 1 },
];

describe("pivot table", () => {
  it("aggregates cells, row and column totals", () => {
    const p = computePivot({
      rows,
      rowKeys: ["state"],
      colKeys: ["gender"],
      metrics: ["count"],
      aggregate: "Sum",
    });
    expect(p.rowHeaders).toEqual([["CA"], ["NY"]]);
    expect(p.colHeaders).toEqual([["boy"], ["girl"]]);
    expect(p.value(0, 0, "count")).toBe(3);
    expect(p.value(1, 1, "count")).toBeNull();
    expect(p.value(0, -1, "count")).toBe(7);
    expect(p.value(-1, 0, "count")).toBe(4);
    expect(p.value(-1, -1, "count")).toBe(8);
  });

  it("fractions of the total and counts", () => {
    const p = computePivot({
      rows,
      rowKeys: ["state"],
      colKeys: [],
      metrics: ["count"],
      aggregate: "Sum as Fraction of Total",
    });
    expect(p.value(0, -1, "count")).toBeCloseTo(7 / 8);
    const c = computePivot({
      rows,
      rowKeys: ["gender"],
      colKeys: [],
      metrics: ["count"],
      aggregate: "Count",
    });
    expect(c.value(0, -1, "count")).toBe(2);
  });
});
