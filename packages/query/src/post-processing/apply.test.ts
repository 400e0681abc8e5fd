import type { QueryObject } from "@strata/contracts";
import { describe, expect, it } from "vitest";
import { QueryValidationError } from "../errors.ts";
import { timeOffsetQueryObject } from "../time/time-offset-query.ts";
import { applyPostProcessing, POST_PROCESSING_OPERATIONS } from "./apply.ts";
import type { ColumnarFrame } from "./frame.ts";
import { joinTimeOffset } from "./time-offset-join.ts";

const frame: ColumnarFrame = {
  columns: ["__timestamp", "gender", "SUM(num)"],
  data: [
    ["2020-01-01T00:00:00", "2020-01-01T00:00:00", "2020-01-02T00:00:00", "2020-01-04T00:00:00"],
    ["boy", "girl", "boy", "girl"],
    [1, 2, 3, 4],
  ],
};

describe("applyPostProcessing", () => {
  it("runs a Superset timeseries pipeline: pivot, cumulate, fill days, rename, flatten, sort", () => {
    const result = applyPostProcessing(frame, [
      {
        operation: "pivot",
        options: {
          index: ["__timestamp"],
          columns: ["gender"],
          aggregates: { "SUM(num)": { operator: "mean" } },
          drop_missing_columns: false,
          flatten_columns: false,
          reset_index: false,
        },
      },
      { operation: "cum", options: { operator: "sum", is_pivot_df: true } },
      { operation: "resample", options: { rule: "1D", method: "ffill" } },
      { operation: "rename", options: { columns: { "SUM(num)": null }, level: 0, inplace: true } },
      null,
      { operation: "flatten" },
      { operation: "sort", options: { is_sort_index: true, ascending: false } },
    ]);
    expect(result).toEqual({
      columns: ["__timestamp", "boy", "girl"],
      data: [
        ["2020-01-04T00:00:00", "2020-01-03T00:00:00", "2020-01-02T00:00:00", "2020-01-01T00:00:00"],
        [null, 4, 4, 1],
        // pandas' ffill copies the whole earlier row, so the gap after a null stays null.
        [6, null, null, 2],
      ],
    });
  });

  it("returns the input for no steps and knows every operation", () => {
    expect(applyPostProcessing(frame, [])).toBe(frame);
    expect(applyPostProcessing(frame, null)).toBe(frame);
    expect(POST_PROCESSING_OPERATIONS).toHaveLength(15);
  });

  it("refuses unknown operations and invalid options with typed errors", () => {
    const error = (steps: Parameters<typeof applyPostProcessing>[1]) => {
      try {
        applyPostProcessing(frame, steps);
      } catch (e) {
        return e as QueryValidationError;
      }
      throw new Error("expected an error");
    };
    const unknown = error([{ operation: "prophet", options: {} }]);
    expect(unknown).toBeInstanceOf(QueryValidationError);
    expect(unknown.message).toBe("Unsupported post processing operation: prophet");
    expect(unknown.status).toBe(400);
    const invalid = error([{ operation: "rolling", options: { rolling_type: "sum", window: "3" } }]);
    expect(invalid.message).toMatch(/^Invalid options for post processing operation rolling: window: /);
    expect(error([{ operation: "sort", options: { by: "nope" } }]).message).toMatch(
      /not available in DataFrame: nope/,
    );
  });
});

describe("time offsets", () => {
  it("moves the query's time ranges back by the offset, as explicit dates", () => {
    const query: QueryObject = {
      metrics: ["count"],
      filters: [
        { col: "ds", op: "TEMPORAL_RANGE", val: "Last week" },
        { col: "gender", op: "==", val: "boy" },
      ],
      time_offsets: ["1 year ago"],
      post_processing: [{ operation: "flatten" }],
    };
    const shifted = timeOffsetQueryObject(query, "1 year ago", { now: new Date("2024-03-15T10:30:00Z") });
    expect(shifted.filters).toEqual([
      { col: "ds", op: "TEMPORAL_RANGE", val: "2023-03-08T00:00:00 : 2023-03-15T00:00:00" },
      { col: "gender", op: "==", val: "boy" },
    ]);
    expect(shifted.time_offsets).toEqual([]);
    expect(shifted.post_processing).toEqual([]);
  });

  it("joins the shifted result back on time and series as metric__offset", () => {
    const lastYear: ColumnarFrame = {
      columns: ["__timestamp", "gender", "SUM(num)"],
      data: [
        ["2019-01-01T00:00:00", "2019-01-01T00:00:00", "2019-01-02T00:00:00"],
        ["boy", "girl", "girl"],
        [10, 20, 30],
      ],
    };
    const joined = joinTimeOffset(frame, lastYear, {
      offset: "1 year ago",
      timeColumn: "__timestamp",
      metrics: ["SUM(num)"],
    });
    expect(joined.columns).toEqual(["__timestamp", "gender", "SUM(num)", "SUM(num)__1 year ago"]);
    expect(joined.data[3]).toEqual([10, 20, null, null]);
  });
});
