import { describe, expect, it } from "vitest";
import { colorFromBounds, sparkValues, timeTableRows, valueCell } from "./time-table-model";

const rows = [
  { ds: 3000, gender: "boy", count: 30, sum__num: 300 },
  { ds: 1000, gender: "boy", count: 10, sum__num: 100 },
  { ds: 2000, gender: "boy", count: 20, sum__num: 200 },
  { ds: 1000, gender: "girl", count: 5, sum__num: 50 },
  { ds: 3000, gender: "girl", count: 10, sum__num: 100 },
];
const result = [{ colnames: ["ds", "gender", "count", "sum__num"], data: rows } as never];

describe("time table model", () => {
  it("makes a row per group of the first metric, values oldest first", () => {
    const { times, rows: out } = timeTableRows(
      { datasource: "1__table", viz_type: "time_table", metrics: ["count"], groupby: ["gender"] },
      result,
    );
    expect(times).toEqual([1000, 2000, 3000]);
    expect(out).toEqual([
      { label: "boy", values: [10, 20, 30] },
      { label: "girl", values: [5, null, 10] },
    ]);
  });

  it("makes a row per metric without a group-by", () => {
    const only = [
      {
        colnames: ["ds", "count", "sum__num"],
        data: [
          { ds: 1, count: 1, sum__num: 2 },
          { ds: 2, count: 3, sum__num: 4 },
        ],
      } as never,
    ];
    const { rows: out } = timeTableRows(
      { datasource: "1__table", viz_type: "time_table", metrics: ["count", "sum__num"] },
      only,
    );
    expect(out).toEqual([
      { label: "count", values: [1, 3] },
      { label: "sum__num", values: [2, 4] },
    ]);
  });

  it("computes time comparisons, contributions and averages as Superset's value cells", () => {
    const boy = { label: "boy", values: [10, 20, 30] };
    const girl = { label: "girl", values: [5, null, 10] };
    const all = [boy, girl];
    expect(valueCell({ key: "a", colType: "time", timeLag: 1, comparisonType: "diff" }, boy, all).value).toBe(
      10,
    );
    expect(valueCell({ key: "a", colType: "time", timeLag: 2, comparisonType: "perc" }, boy, all).value).toBe(
      3,
    );
    expect(
      valueCell({ key: "a", colType: "time", timeLag: 1, comparisonType: "perc_change" }, boy, all).value,
    ).toBe(0.5);
    expect(valueCell({ key: "a", colType: "time", timeLag: 5 }, boy, all).error).toMatch(/too large/);
    expect(valueCell({ key: "a", colType: "contrib" }, boy, all).value).toBe(0.75);
    expect(valueCell({ key: "a", colType: "avg", timeLag: 2 }, boy, all).value).toBe(25);
    expect(sparkValues({ key: "s", colType: "spark", timeRatio: 1 }, boy)).toEqual([null, 2, 1.5]);
    expect(colorFromBounds(5, [10, null])).toBe("#ca0020");
    expect(colorFromBounds(15, [10, null])).toBe("#0571b0");
    expect(colorFromBounds(15, null as never)).toBeNull();
  });
});
