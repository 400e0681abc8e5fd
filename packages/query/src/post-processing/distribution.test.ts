import { describe, expect, it } from "vitest";
import { applyPostProcessing } from "./apply.ts";
import type { ColumnarFrame } from "./frame.ts";

const run = (operation: string, options: Record<string, unknown>, input: ColumnarFrame) =>
  applyPostProcessing(input, [{ operation, options }]);

describe("histogram", () => {
  const values: ColumnarFrame = {
    columns: ["v", "g"],
    data: [
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, null],
      ["a", "a", "a", "a", "a", "a", "b", "b", "b", "b", "b", "b"],
    ],
  };
  const names = ["0 - 2", "2 - 4", "4 - 6", "6 - 8", "8 - 10"];

  it("counts values in equal-width bins, the last one closed", () => {
    expect(run("histogram", { column: "v", bins: 5 }, values)).toEqual({
      columns: names,
      data: [[2], [2], [2], [2], [3]],
    });
  });

  it("accumulates and normalises", () => {
    expect(run("histogram", { column: "v", bins: 5, cumulative: true }, values).data).toEqual([
      [2],
      [4],
      [6],
      [8],
      [11],
    ]);
    expect(run("histogram", { column: "v", bins: 5, normalize: true }, values).data.flat()).toEqual(
      [2, 2, 2, 2, 3].map((n) => n / 11),
    );
  });

  it("counts per group with shared edges", () => {
    expect(run("histogram", { column: "v", bins: 5, groupby: ["g"] }, values)).toEqual({
      columns: ["g", ...names],
      data: [
        ["a", "b"],
        [2, 0],
        [2, 0],
        [2, 0],
        [0, 2],
        [0, 3],
      ],
    });
  });

  it("widens a single value into one unit and refuses text", () => {
    const single: ColumnarFrame = { columns: ["v"], data: [[3, 3]] };
    expect(run("histogram", { column: "v", bins: 1 }, single)).toEqual({ columns: ["2 - 3"], data: [[2]] });
    expect(() => run("histogram", { column: "v" }, { columns: ["v"], data: [["x"]] })).toThrow(
      /must be numeric/,
    );
  });
});

describe("boxplot", () => {
  const data: ColumnarFrame = {
    columns: ["g", "m"],
    data: [Array(10).fill("x"), [1, 2, 3, 4, 5, 6, 7, 8, 9, 100]],
  };
  const stats = (options: Record<string, unknown>) => {
    const result = run("boxplot", { groupby: ["g"], metrics: ["m"], ...options }, data);
    return Object.fromEntries(result.columns.map((c, i) => [c, result.data[i][0]]));
  };

  it("tukey whiskers stop at 1.5 IQR from midpoint quartiles", () => {
    expect(stats({ whisker_type: "tukey" })).toEqual({
      g: "x",
      m__mean: 14.5,
      m__median: 5.5,
      m__max: 9,
      m__min: 1,
      m__q1: 3.5,
      m__q3: 7.5,
      m__count: 10,
      m__outliers: [100],
    });
  });

  it("min/max whiskers have no outliers; percentile whiskers interpolate", () => {
    expect(stats({ whisker_type: "min/max" })).toMatchObject({ m__max: 100, m__min: 1, m__outliers: [] });
    const p = stats({ whisker_type: "percentile", percentiles: [10, 90] });
    expect(p.m__min).toBeCloseTo(1.9, 12);
    expect(p.m__max).toBeCloseTo(18.1, 12);
    expect(p.m__outliers).toEqual([100, 1]);
    expect(() => stats({ whisker_type: "percentile", percentiles: [90, 10] })).toThrow(/percentiles must be/);
  });

  it("orders columns statistic-major over several metrics", () => {
    const two: ColumnarFrame = { columns: ["a", "b"], data: [[1], [2]] };
    const result = run("boxplot", { metrics: ["a", "b"], whisker_type: "min/max" }, two);
    expect(result.columns.slice(0, 4)).toEqual(["a__mean", "b__mean", "a__median", "b__median"]);
  });
});

describe("rank", () => {
  it("gives percentile ranks with averaged ties, per group", () => {
    const frame: ColumnarFrame = {
      columns: ["g", "y"],
      data: [
        ["a", "a", "a", "a", "a"],
        [10, 20, 20, null, 5],
      ],
    };
    expect(run("rank", { metric: "y" }, frame).data[2]).toEqual([0.5, 0.875, 0.875, null, 0.25]);
    const grouped: ColumnarFrame = {
      columns: ["g", "y"],
      data: [
        ["a", "b", "a", "b"],
        [1, 5, 2, 3],
      ],
    };
    expect(run("rank", { metric: "y", group_by: "g" }, grouped)).toEqual({
      columns: ["g", "y", "rank"],
      data: [
        ["a", "b", "a", "b"],
        [1, 5, 2, 3],
        [0.5, 1, 1, 0.5],
      ],
    });
  });
});
