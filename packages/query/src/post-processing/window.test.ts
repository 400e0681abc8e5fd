import { describe, expect, it } from "vitest";
import { applyPostProcessing } from "./apply.ts";
import type { ColumnarFrame } from "./frame.ts";

const series: ColumnarFrame = {
  columns: ["t", "y"],
  data: [
    ["d1", "d2", "d3", "d4", "d5"],
    [1, 2, 3, 4, 5],
  ],
};
const run = (operation: string, options: Record<string, unknown>, frame = series) =>
  applyPostProcessing(frame, [{ operation, options }]);

describe("rolling", () => {
  it("sums over a window and drops the first min_periods rows", () => {
    expect(run("rolling", { rolling_type: "sum", window: 3, min_periods: 1, columns: { y: "y" } })).toEqual({
      columns: ["t", "y"],
      data: [
        ["d2", "d3", "d4", "d5"],
        [3, 6, 9, 12],
      ],
    });
  });

  it("needs a full window by default and can add a new column", () => {
    expect(run("rolling", { rolling_type: "mean", window: 2, columns: { y: "avg" } })).toEqual({
      columns: ["t", "y", "avg"],
      data: [
        ["d1", "d2", "d3", "d4", "d5"],
        [1, 2, 3, 4, 5],
        [null, 1.5, 2.5, 3.5, 4.5],
      ],
    });
  });

  it("uses the sample standard deviation", () => {
    const result = run("rolling", { rolling_type: "std", window: 3, min_periods: 2, columns: { y: "y" } });
    expect(result.data[1]).toEqual([1, 1, 1]);
    const unsliced = run("rolling", { rolling_type: "std", window: 2, columns: { y: "y" } });
    expect(unsliced.data[1][1]).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it("treats cumsum as a running total and None as nothing", () => {
    expect(run("rolling", { rolling_type: "cumsum", columns: { y: "y" } }).data[1]).toEqual([
      1, 3, 6, 10, 15,
    ]);
    expect(run("rolling", { rolling_type: "None", window: 2 })).toBe(series);
  });

  it.each([
    ["min", [3, 1, 1, 2]],
    ["max", [3, 3, 2, 4]],
    ["median", [3, 2, 1.5, 3]],
    ["count", [1, 2, 2, 2]],
    ["var", [null, 2, 0.5, 2]],
  ])("computes %s over the window", (rolling_type, expected) => {
    const frame: ColumnarFrame = {
      columns: ["t", "y"],
      data: [
        ["a", "b", "c", "d"],
        [3, 1, 2, 4],
      ],
    };
    expect(
      run("rolling", { rolling_type, window: 2, min_periods: 0, columns: { y: "y" } }, frame).data[1],
    ).toEqual(expected);
  });

  it("skips nulls inside the window", () => {
    const gappy: ColumnarFrame = {
      columns: ["t", "y"],
      data: [
        ["a", "b", "c"],
        [1, null, 3],
      ],
    };
    expect(
      run("rolling", { rolling_type: "sum", window: 2, min_periods: 1, columns: { y: "y" } }, gappy).data[1],
    ).toEqual([1, 3]);
  });

  it("rolls every non-index column of a pivoted frame", () => {
    const pivoted: ColumnarFrame = {
      columns: ["t", "boy", "girl"],
      data: [
        ["a", "b"],
        [1, 2],
        [10, 20],
      ],
    };
    expect(
      run("rolling", { rolling_type: "sum", window: 2, min_periods: 1, is_pivot_df: true }, pivoted),
    ).toEqual({
      columns: ["t", "boy", "girl"],
      data: [["b"], [3], [30]],
    });
  });

  it("validates window and periods as integers", () => {
    expect(() => run("rolling", { rolling_type: "sum", columns: { y: "y" } })).toThrow(/Undefined window/);
    expect(() => run("rolling", { rolling_type: "sum", window: 0, columns: { y: "y" } })).toThrow(
      /Window must be > 0/,
    );
    expect(() => run("rolling", { rolling_type: "sum", window: 1.5, columns: { y: "y" } })).toThrow(
      /window: must be an integer/,
    );
    expect(() =>
      run("rolling", { rolling_type: "sum", window: 2, min_periods: 0.5, columns: { y: "y" } }),
    ).toThrow(/integer/);
    expect(() =>
      run("rolling", { rolling_type: "sum", window: 2, center: true, columns: { y: "y" } }),
    ).toThrow(/center/);
    expect(() => run("rolling", { rolling_type: "kurt", window: 2, columns: { y: "y" } })).toThrow(
      /rolling_type/,
    );
  });
});

describe("cum", () => {
  const gappy: ColumnarFrame = {
    columns: ["t", "y"],
    data: [
      ["a", "b", "c", "d"],
      [1, null, 3, 2],
    ],
  };
  it.each([
    ["cumsum", [1, null, 4, 6]],
    ["sum", [1, null, 4, 6]],
    ["cumprod", [1, null, 3, 6]],
    ["cummax", [1, null, 3, 3]],
    ["cummin", [1, null, 1, 1]],
  ])("%s keeps nulls in place", (operator, expected) => {
    expect(run("cum", { operator, columns: { y: "y" } }, gappy).data[1]).toEqual(expected);
  });

  it("rejects other operators", () => {
    expect(() => run("cum", { operator: "cumavg", columns: { y: "y" } })).toThrow(
      /Invalid cumulative operator/,
    );
  });
});

describe("diff", () => {
  const squares: ColumnarFrame = {
    columns: ["t", "y"],
    data: [
      ["a", "b", "c", "d"],
      [1, 4, 9, 16],
    ],
  };
  it("subtracts the previous row, or a later one with negative periods", () => {
    expect(run("diff", { columns: { y: "y" } }, squares).data[1]).toEqual([null, 3, 5, 7]);
    expect(run("diff", { columns: { y: "dy" }, periods: -1 }, squares).data[2]).toEqual([-3, -5, -7, null]);
    expect(run("diff", { columns: { y: "y" }, periods: 2 }, squares).data[1]).toEqual([null, null, 8, 12]);
  });

  it("supports rows only", () => {
    expect(() => run("diff", { columns: { y: "y" }, axis: 1 }, squares)).toThrow(/axis/);
  });
});
