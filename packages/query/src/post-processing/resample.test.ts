import { describe, expect, it } from "vitest";
import { applyPostProcessing } from "./apply.ts";
import type { ColumnarFrame } from "./frame.ts";

const daily: ColumnarFrame = {
  columns: ["__timestamp", "y"],
  data: [
    ["2020-01-01T00:00:00", "2020-01-03T00:00:00", "2020-01-04T12:00:00"],
    [1, 3, 5],
  ],
};
const resample = (rule: string, method: string, extra: Record<string, unknown> = {}, frame = daily) =>
  applyPostProcessing(frame, [{ operation: "resample", options: { rule, method, ...extra } }]);
const days = ["2020-01-01T00:00:00", "2020-01-02T00:00:00", "2020-01-03T00:00:00", "2020-01-04T00:00:00"];

describe("resample", () => {
  it.each([
    ["asfreq", {}, [1, null, 3, null]],
    ["asfreq", { fill_value: 0 }, [1, 0, 3, 0]],
    ["ffill", {}, [1, 1, 3, 3]],
    ["bfill", {}, [1, 3, 3, 5]],
    ["sum", {}, [1, 0, 3, 5]],
    ["mean", {}, [1, null, 3, 5]],
    ["median", {}, [1, null, 3, 5]],
  ])("1D %s %o", (method, extra, values) => {
    expect(resample("1D", method, extra)).toEqual({ columns: ["__timestamp", "y"], data: [days, values] });
  });

  it("7D puts everything into one week bin", () => {
    expect(resample("7D", "sum").data).toEqual([["2020-01-01T00:00:00"], [9]]);
  });

  it("1T and 1H bin by minute and hour from midnight", () => {
    const minutes: ColumnarFrame = {
      columns: ["t", "y"],
      data: [
        ["2020-01-01 00:00:10", "2020-01-01 00:02:30"],
        [1, 2],
      ],
    };
    expect(resample("1T", "sum", {}, minutes).data).toEqual([
      ["2020-01-01 00:00:00", "2020-01-01 00:01:00", "2020-01-01 00:02:00"],
      [1, 0, 2],
    ]);
    expect(resample("1H", "sum", {}, minutes).data).toEqual([["2020-01-01 00:00:00"], [3]]);
  });

  it("1M labels month ends; ffill carries the month's value", () => {
    const monthly: ColumnarFrame = {
      columns: ["t", "y"],
      data: [
        ["2020-01-15T00:00:00", "2020-03-10T00:00:00"],
        [1, 2],
      ],
    };
    const ends = ["2020-01-31T00:00:00", "2020-02-29T00:00:00", "2020-03-31T00:00:00"];
    expect(resample("1M", "sum", {}, monthly).data).toEqual([ends, [1, 0, 2]]);
    expect(resample("1M", "ffill", {}, monthly).data).toEqual([ends, [1, 1, 2]]);
    expect(resample("1M", "asfreq", {}, monthly).data).toEqual([ends, [null, null, null]]);
  });

  it("1AS labels year starts", () => {
    const yearly: ColumnarFrame = {
      columns: ["t", "y"],
      data: [
        ["2019-05-01T00:00:00", "2021-02-01T00:00:00"],
        [1, 2],
      ],
    };
    expect(resample("1AS", "sum", {}, yearly).data).toEqual([
      ["2019-01-01T00:00:00", "2020-01-01T00:00:00", "2021-01-01T00:00:00"],
      [1, 0, 2],
    ]);
  });

  it("resamples each group and keeps epoch-millisecond times as numbers", () => {
    const day = 86_400_000;
    const grouped: ColumnarFrame = {
      columns: ["t", "g", "y"],
      data: [
        [0, 2 * day, 0, day],
        ["a", "a", "b", "b"],
        [1, 3, 10, 20],
      ],
    };
    expect(resample("1D", "asfreq", { time_column: "t", groupby_columns: ["g"] }, grouped)).toEqual({
      columns: ["t", "g", "y"],
      data: [
        [0, 0, day, day, 2 * day],
        ["a", "b", "a", "b", "a"],
        [1, 10, null, 20, 3],
      ],
    });
  });

  it("rejects rules and methods outside the supported set", () => {
    expect(() => resample("1Q", "sum")).toThrow(/Unsupported resample rule/);
    expect(() => resample("1D", "linear")).toThrow(/method/);
  });
});
