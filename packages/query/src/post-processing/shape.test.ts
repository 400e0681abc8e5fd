import { describe, expect, it } from "vitest";
import { applyPostProcessing } from "./apply.ts";
import type { ColumnarFrame } from "./frame.ts";

const frame: ColumnarFrame = {
  columns: ["name", "gender", "y"],
  data: [
    ["d", "a", "c", "b", "e"],
    ["boy", "girl", "boy", "girl", "boy"],
    [10, 20, null, 40, 30],
  ],
};
const run = (operation: string, options: Record<string, unknown> = {}, input = frame) =>
  applyPostProcessing(input, [{ operation, options }]);

describe("sort", () => {
  it("sorts by a column descending with nulls last", () => {
    expect(run("sort", { by: "y", ascending: false }).data[0]).toEqual(["b", "e", "a", "d", "c"]);
  });

  it("sorts by several columns, the older columns form, and the index", () => {
    expect(run("sort", { by: ["gender", "y"], ascending: [true, false] }).data[0]).toEqual([
      "e",
      "d",
      "c",
      "b",
      "a",
    ]);
    expect(run("sort", { columns: { gender: false, name: true } }).data[0]).toEqual([
      "a",
      "b",
      "c",
      "d",
      "e",
    ]);
    expect(run("sort", { is_sort_index: true }).data[0]).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("needs something to sort by", () => {
    expect(() => run("sort", {})).toThrow(/needs `by`/);
    expect(() => run("sort", { by: ["y"], ascending: [true, false] })).toThrow(/one entry per sort column/);
  });
});

describe("rename, flatten, select", () => {
  it("renames whole names", () => {
    expect(run("rename", { columns: { y: "value" } }).columns).toEqual(["name", "gender", "value"]);
    expect(() => run("rename", { columns: { y: "name" } })).toThrow(/Label already exists/);
  });

  it("renames one level of flattened names", () => {
    const pivoted: ColumnarFrame = {
      columns: ["t", "SUM(x), boy", "SUM(x)__1 year ago, boy"],
      data: [[1], [2], [3]],
    };
    expect(
      run("rename", { columns: { "SUM(x)__1 year ago": "1 year ago" }, level: 0 }, pivoted).columns,
    ).toEqual(["t", "SUM(x), boy", "1 year ago, boy"]);
    expect(run("rename", { columns: { "SUM(x)": null }, level: 0 }, pivoted).columns).toEqual([
      "t",
      "boy",
      "SUM(x)__1 year ago, boy",
    ]);
  });

  it("flattens kept levels and drops requested ones", () => {
    const levelled: ColumnarFrame = { columns: ["t", "m, a"], data: [[1], [2]], levels: [["t"], ["m", "a"]] };
    expect(run("flatten", {}, levelled)).toEqual({ columns: ["t", "m, a"], data: [[1], [2]] });
    expect(run("flatten", { drop_levels: [0] }, levelled).columns).toEqual(["", "a"]);
    expect(run("flatten")).toBe(frame);
  });

  it("selects, excludes and renames columns", () => {
    expect(run("select", { columns: ["y", "name"], rename: { y: "value" } })).toEqual({
      columns: ["value", "name"],
      data: [frame.data[2], frame.data[0]],
    });
    expect(run("select", { exclude: ["gender"] }).columns).toEqual(["name", "y"]);
    expect(() => run("select", { columns: ["y"], exclude: ["name"] })).toThrow(/not available/);
  });
});

describe("aggregate", () => {
  it("aggregates per sorted group, skipping nulls", () => {
    const result = run("aggregate", {
      groupby: ["gender"],
      aggregates: {
        total: { column: "y", operator: "sum" },
        avg: { column: "y", operator: "mean" },
        mid: { column: "y", operator: "percentile", options: { q: 50 } },
        n: { column: "y", operator: "count" },
        sd: { column: "y", operator: "std" },
        hi: { column: "y", operator: "max" },
      },
    });
    expect(result).toEqual({
      columns: ["gender", "total", "avg", "mid", "n", "sd", "hi"],
      data: [
        ["boy", "girl"],
        [40, 60],
        [20, 30],
        [20, 30],
        [2, 2],
        [10, 10],
        [30, 40],
      ],
    });
  });

  it("aggregates everything into one row without groupby", () => {
    expect(run("aggregate", { aggregates: { y: { operator: "median" } } })).toEqual({
      columns: ["y"],
      data: [[25]],
    });
  });
});
