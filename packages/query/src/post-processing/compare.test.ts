import { describe, expect, it } from "vitest";
import { applyPostProcessing } from "./apply.ts";
import type { ColumnarFrame } from "./frame.ts";

const frame: ColumnarFrame = {
  columns: ["t", "a", "b"],
  data: [
    ["x", "y", "z"],
    [10, 20, 0],
    [5, 20, 0],
  ],
};
const run = (operation: string, options: Record<string, unknown>, input = frame) =>
  applyPostProcessing(input, [{ operation, options }]);
const compare = (compare_type: string, extra: Record<string, unknown> = {}) =>
  run("compare", { source_columns: ["a"], compare_columns: ["b"], compare_type, ...extra });

describe("compare", () => {
  it("adds the difference (absolute is its 000 §9 name)", () => {
    expect(compare("difference")).toEqual({
      columns: ["t", "a", "b", "difference__a__b"],
      data: [...frame.data, [5, 0, 0]],
    });
    expect(compare("absolute").columns[3]).toBe("difference__a__b");
  });

  it("adds percentage change and ratio; zero divisors give null", () => {
    expect(compare("percentage").data[3]).toEqual([1, 0, null]);
    expect(compare("ratio").data[3]).toEqual([2, 1, null]);
  });

  it("rounds to the precision and can drop the compared columns", () => {
    const thirds: ColumnarFrame = { columns: ["t", "a", "b"], data: [["x"], [1], [3]] };
    expect(
      run("compare", { source_columns: ["a"], compare_columns: ["b"], compare_type: "ratio" }, thirds)
        .data[3],
    ).toEqual([0.3333]);
    expect(
      run(
        "compare",
        {
          source_columns: ["a"],
          compare_columns: ["b"],
          compare_type: "ratio",
          precision: 2,
          drop_original_columns: true,
        },
        thirds,
      ),
    ).toEqual({ columns: ["t", "ratio__a__b"], data: [["x"], [0.33]] });
  });

  it("leaves values as they are", () => {
    expect(compare("values")).toBe(frame);
  });

  it("needs matching column lists", () => {
    expect(() =>
      run("compare", { source_columns: ["a"], compare_columns: [], compare_type: "ratio" }),
    ).toThrow(/same length/);
  });
});

describe("contribution", () => {
  const shares: ColumnarFrame = {
    columns: ["label", "a", "b"],
    data: [
      ["p", "q", "r"],
      [1, 3, null],
      [2, 2, 4],
    ],
  };

  it("divides by column totals, nulls counted as zero", () => {
    expect(run("contribution", {}, shares)).toEqual({
      columns: ["label", "a", "b"],
      data: [
        ["p", "q", "r"],
        [0.25, 0.75, 0],
        [0.25, 0.25, 0.5],
      ],
    });
  });

  it("divides by row totals and can write to new columns", () => {
    const result = run(
      "contribution",
      { orientation: "row", columns: ["a", "b"], rename_columns: ["a%", "b%"] },
      shares,
    );
    expect(result.columns).toEqual(["label", "a", "b", "a%", "b%"]);
    expect(result.data[3]).toEqual([1 / 3, 0.6, null]);
    expect(result.data[4]).toEqual([2 / 3, 0.4, 1]);
  });

  it("computes row shares separately per time shift", () => {
    const shifted: ColumnarFrame = {
      columns: ["a", "b", "a__1 year ago", "b__1 year ago"],
      data: [[1], [3], [5], [5]],
    };
    const result = run("contribution", { orientation: "row", time_shifts: ["1 year ago"] }, shifted);
    expect(result.data).toEqual([[0.25], [0.75], [0.5], [0.5]]);
  });

  it("refuses non-numeric columns and mismatched names", () => {
    expect(() => run("contribution", { columns: ["label"] }, shares)).toThrow(/not numeric/);
    expect(() => run("contribution", { columns: ["a"], rename_columns: ["x", "y"] }, shares)).toThrow(
      /same length/,
    );
  });
});
