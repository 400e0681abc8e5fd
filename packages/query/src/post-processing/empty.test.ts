import type { PostProcessingStep } from "@strata/contracts";
import { describe, expect, it } from "vitest";
import { QueryValidationError } from "../errors.ts";
import { applyPostProcessing } from "./apply.ts";
import type { ColumnarFrame } from "./frame.ts";

/**
 * A query that returned no rows (a time range without data): Superset post-processes only a
 * non-empty frame, so the reply is the query's own columns and no rows, whatever the chain.
 */
const empty: ColumnarFrame = { columns: ["ds", "gender", "sum__num"], data: [[], [], []] };

const pivot = (columns: string[] = ["gender"]): PostProcessingStep => ({
  operation: "pivot",
  options: {
    index: ["ds"],
    columns,
    aggregates: { sum__num: { operator: "mean" } },
    drop_missing_columns: true,
  },
});

// The chains the SPA's query builders send (timeseries, bar, pie, table, box plot, histogram…).
const CHAINS: Record<string, PostProcessingStep[]> = {
  "pivot, rename, flatten": [
    pivot(),
    { operation: "rename", options: { columns: { sum__num: null }, level: 0 } },
    { operation: "flatten" },
  ],
  "pivot, rolling": [
    pivot([]),
    { operation: "rolling", options: { rolling_type: "mean", window: 3, columns: { sum__num: "sum__num" } } },
  ],
  "pivot, cum": [
    pivot([]),
    { operation: "cum", options: { operator: "sum", columns: { sum__num: "sum__num" } } },
  ],
  "pivot, compare": [
    pivot([]),
    {
      operation: "compare",
      options: {
        source_columns: ["sum__num"],
        compare_columns: ["sum__num__1 year ago"],
        compare_type: "difference",
        drop_original_columns: true,
      },
    },
  ],
  "pivot, resample": [pivot([]), { operation: "resample", options: { rule: "1D", method: "asfreq" } }],
  contribution: [
    {
      operation: "contribution",
      options: { orientation: "column", columns: ["sum__num"], rename_columns: ["%sum__num"] },
    },
  ],
  sort: [{ operation: "sort", options: { by: "sum__num", ascending: false } }],
  diff: [{ operation: "diff", options: { columns: { sum__num: "sum__num" }, periods: 1 } }],
  aggregate: [
    {
      operation: "aggregate",
      options: { groupby: ["gender"], aggregates: { total: { operator: "sum", column: "sum__num" } } },
    },
  ],
  boxplot: [
    { operation: "boxplot", options: { groupby: ["gender"], metrics: ["sum__num"], whisker_type: "tukey" } },
  ],
  histogram: [{ operation: "histogram", options: { column: "sum__num", groupby: [], bins: 5 } }],
  rank: [{ operation: "rank", options: { metric: "sum__num", group_by: "gender" } }],
  select: [{ operation: "select", options: { columns: ["missing"] } }],
};

describe("post-processing a result without rows", () => {
  for (const [name, steps] of Object.entries(CHAINS)) {
    it(`${name}: the query's columns, no rows, no error`, () => {
      expect(applyPostProcessing(empty, steps)).toEqual(empty);
    });
  }

  it("still refuses a malformed step: an unknown operation or invalid options", () => {
    expect(() => applyPostProcessing(empty, [{ operation: "nonsense", options: {} }])).toThrow(
      QueryValidationError,
    );
    expect(() =>
      applyPostProcessing(empty, [
        pivot(),
        { operation: "rolling", options: { rolling_type: "sum", window: "3" } },
      ]),
    ).toThrow(/^Invalid options for post processing operation rolling/);
  });

  it("a result with rows still has its references checked", () => {
    const rows: ColumnarFrame = { columns: ["ds", "gender"], data: [["2000-01-01"], ["boy"]] };
    expect(() => applyPostProcessing(rows, CHAINS.sort)).toThrow(
      "Referenced columns not available in DataFrame: sum__num",
    );
  });
});
