import { describe, expect, it } from "vitest";
import { applyPostProcessing } from "./apply.ts";
import type { ColumnarFrame } from "./frame.ts";

const frame: ColumnarFrame = {
  columns: ["__timestamp", "gender", "SUM(num)", "COUNT"],
  data: [
    ["2020-01-03", "2020-01-01", "2020-01-02", "2020-01-01", "2020-01-03", null],
    ["girl", "boy", "boy", "girl", "boy", "boy"],
    [40, 10, 30, 20, null, 99],
    [4, 1, 3, 2, 5, 9],
  ],
};

const pivot = (options: Record<string, unknown>, input = frame) =>
  applyPostProcessing(input, [{ operation: "pivot", options: { index: ["__timestamp"], ...options } }]);

describe("pivot", () => {
  it("spreads a single aggregate over the column values, named by value", () => {
    expect(pivot({ columns: ["gender"], aggregates: { "SUM(num)": { operator: "sum" } } })).toEqual({
      columns: ["__timestamp", "boy", "girl"],
      data: [
        ["2020-01-01", "2020-01-02", "2020-01-03"],
        [10, 30, 0],
        [20, null, 40],
      ],
    });
  });

  it("names several aggregates 'metric, value', metric-major", () => {
    const result = pivot({
      columns: ["gender"],
      aggregates: { "SUM(num)": { operator: "sum" }, COUNT: { operator: "max" } },
    });
    expect(result.columns).toEqual([
      "__timestamp",
      "SUM(num), boy",
      "SUM(num), girl",
      "COUNT, boy",
      "COUNT, girl",
    ]);
    expect(result.data.slice(3)).toEqual([
      [1, 3, 5],
      [2, null, 4],
    ]);
  });

  it("puts values first with combine_value_with_metric", () => {
    const result = pivot({
      columns: ["gender"],
      aggregates: { "SUM(num)": { operator: "sum" }, COUNT: { operator: "max" } },
      combine_value_with_metric: true,
    });
    expect(result.columns).toEqual([
      "__timestamp",
      "boy, SUM(num)",
      "boy, COUNT",
      "girl, SUM(num)",
      "girl, COUNT",
    ]);
  });

  it("groups by index only when there are no columns, reading another source column", () => {
    expect(
      pivot({
        aggregates: {
          total: { column: "SUM(num)", operator: "sum" },
          n: { column: "COUNT", operator: "count" },
        },
      }),
    ).toEqual({
      columns: ["__timestamp", "total", "n"],
      data: [
        ["2020-01-01", "2020-01-02", "2020-01-03"],
        [30, 30, 40],
        [2, 1, 2],
      ],
    });
  });

  it("drops all-missing columns unless asked not to, and fills missing cells on request", () => {
    const withOther: ColumnarFrame = {
      columns: ["t", "g", "v"],
      data: [
        ["a", "a", "b"],
        ["x", "other", "x"],
        [1, null, 3],
      ],
    };
    const aggregates = { v: { operator: "mean" } };
    expect(
      applyPostProcessing(withOther, [
        { operation: "pivot", options: { index: ["t"], columns: ["g"], aggregates } },
      ]).columns,
    ).toEqual(["t", "x"]);
    const kept = applyPostProcessing(withOther, [
      {
        operation: "pivot",
        options: {
          index: ["t"],
          columns: ["g"],
          aggregates,
          drop_missing_columns: false,
          metric_fill_value: 0,
        },
      },
    ]);
    expect(kept).toEqual({
      columns: ["t", "other", "x"],
      data: [
        ["a", "b"],
        [0, 0],
        [1, 3],
      ],
    });
  });

  it("fills null column values with <NULL> and drops rows with a null index", () => {
    const nulls: ColumnarFrame = {
      columns: ["t", "g", "v"],
      data: [
        ["a", "a", null],
        [null, "x", "x"],
        [1, 2, 3],
      ],
    };
    expect(
      applyPostProcessing(nulls, [
        {
          operation: "pivot",
          options: { index: ["t"], columns: ["g"], aggregates: { v: { operator: "sum" } } },
        },
      ]),
    ).toEqual({
      columns: ["t", "<NULL>", "x"],
      data: [["a"], [1], [2]],
    });
  });

  it("keeps the metric level when not flattening, for rename and flatten to use", () => {
    const result = applyPostProcessing(frame, [
      {
        operation: "pivot",
        options: {
          index: ["__timestamp"],
          columns: ["gender"],
          aggregates: { "SUM(num)": { operator: "sum" } },
          flatten_columns: false,
        },
      },
    ]);
    expect(result.columns).toEqual(["__timestamp", "SUM(num), boy", "SUM(num), girl"]);
    const renamed = applyPostProcessing(frame, [
      {
        operation: "pivot",
        options: {
          index: ["__timestamp"],
          columns: ["gender"],
          aggregates: { "SUM(num)": { operator: "sum" } },
          flatten_columns: false,
        },
      },
      { operation: "rename", options: { columns: { "SUM(num)": null }, level: 0, inplace: true } },
      { operation: "flatten" },
    ]);
    expect(renamed.columns).toEqual(["__timestamp", "boy", "girl"]);
  });

  it("names values like Python's str() and sorts numbers numerically", () => {
    const typed: ColumnarFrame = {
      columns: ["t", "k", "v"],
      data: [
        ["a", "a", "a"],
        [10, 9, true],
        [1, 2, 3],
      ],
    };
    const result = applyPostProcessing(typed, [
      {
        operation: "pivot",
        options: { index: ["t"], columns: ["k"], aggregates: { v: { operator: "sum" } } },
      },
    ]);
    expect(result.columns).toEqual(["t", "9", "10", "True"]);
  });

  it("refuses what it cannot do with a typed error", () => {
    expect(() => pivot({ aggregates: {} })).toThrow(/at least one aggregate/);
    expect(() =>
      applyPostProcessing(frame, [
        { operation: "pivot", options: { index: [], aggregates: { x: { operator: "sum" } } } },
      ]),
    ).toThrow(/requires at least one index/);
    expect(() => pivot({ aggregates: { "SUM(num)": { operator: "argmax" } } })).toThrow(
      /Invalid aggregate operator/,
    );
    expect(() => pivot({ columns: ["nope"], aggregates: { "SUM(num)": { operator: "sum" } } })).toThrow(
      /not available/,
    );
    expect(() =>
      pivot({ aggregates: { "SUM(num)": { operator: "sum" } }, marginal_distributions: true }),
    ).toThrow(/not supported/);
  });
});
