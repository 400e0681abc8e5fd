import { describe, expect, it } from "vitest";
import {
  comparePivots,
  interpolateAt,
  offsetLabel,
  processPivot,
  readAnalytics,
  withTimeOffsets,
} from "./analytics.ts";
import type { TimePivot } from "./pivot.ts";
import { horizon, partition, rose, timeSeries } from "./time.ts";
import type { FormData, LegacyContext } from "./viz.ts";

const DAY = 86_400_000;
const T0 = Date.UTC(2020, 0, 1);
const days = (n: number) => Array.from({ length: n }, (_, i) => T0 + i * DAY);
const pivot = (values: (number | null)[], times = days(values.length)): TimePivot => ({
  times,
  keys: [["m"]],
  cells: [values],
});
const analytics = (fd: FormData) => readAnalytics(fd);
const ctx = (formData: FormData): LegacyContext => ({
  formData,
  fromDttm: null,
  toDttm: null,
  mapboxApiKey: "",
});

describe("rolling windows (viz.py's apply_rolling)", () => {
  const xs = [1, 2, 3, 4, 5];

  it("mean / sum / std over rolling_periods rows, null until min_periods values are in", () => {
    const mean = processPivot(pivot(xs), analytics({ rolling_type: "mean", rolling_periods: 2 }));
    // pandas' min_periods=0 counts any non-empty window: the first mean is over one value.
    expect(mean.cells[0]).toEqual([1, 1.5, 2.5, 3.5, 4.5]);
    const sum = processPivot(pivot(xs), analytics({ rolling_type: "sum", rolling_periods: 3 }));
    expect(sum.cells[0]).toEqual([1, 3, 6, 9, 12]);
    const std = processPivot(pivot(xs), analytics({ rolling_type: "std", rolling_periods: 2 }));
    // Sample deviation (ddof 1): one value has none.
    expect(std.cells[0][0]).toBeNull();
    for (const v of std.cells[0].slice(1)) expect(v).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it("drops the first min_periods rows, with or without a window", () => {
    const sum = processPivot(
      pivot(xs),
      analytics({ rolling_type: "sum", rolling_periods: "3", min_periods: "2" }),
    );
    expect(sum.times).toEqual(days(5).slice(2));
    expect(sum.cells[0]).toEqual([6, 9, 12]);
    const none = processPivot(pivot(xs), analytics({ rolling_type: "None", min_periods: 1 }));
    expect(none.cells[0]).toEqual([2, 3, 4, 5]);
  });

  it("cumsum skips missing values without resetting", () => {
    const out = processPivot(pivot([1, null, 2, 3]), analytics({ rolling_type: "cumsum" }));
    expect(out.cells[0]).toEqual([1, null, 3, 6]);
  });

  it("a window that leaves no rows is a 400 saying so", () => {
    expect(() =>
      processPivot(pivot([1, 2]), analytics({ rolling_type: "mean", rolling_periods: 3, min_periods: 3 })),
    ).toThrow(/did not return any data/);
  });

  it("contribution: shares of each time's total", () => {
    const p: TimePivot = {
      times: days(2),
      keys: [["a"], ["b"]],
      cells: [
        [1, 0],
        [3, 0],
      ],
    };
    const out = processPivot(p, analytics({ contribution: true }));
    expect(out.cells).toEqual([
      [0.25, null],
      [0.75, null],
    ]);
  });

  it("resamples with the shared pandas-like resample", () => {
    const out = processPivot(
      pivot([1, 3], [T0, T0 + 2 * DAY]),
      analytics({ resample_rule: "1D", resample_method: "asfreq" }),
    );
    expect(out.times).toEqual(days(3));
    expect(out.cells[0]).toEqual([1, null, 3]);
    const summed = processPivot(
      pivot([1, 3], [T0, T0 + 2 * DAY]),
      analytics({ resample_rule: "1D", resample_method: "sum" }),
    );
    expect(summed.cells[0]).toEqual([1, 0, 3]);
  });
});

describe("form checks (400 VIZ_GET_DF_ERROR with what to send)", () => {
  it.each([
    [{ rolling_type: "median" }, /Unknown rolling_type "median": use one of None, mean, sum, std, cumsum/],
    [{ rolling_periods: "two" }, /rolling_periods must be a whole number/],
    [{ min_periods: -1 }, /min_periods must be a whole number/],
    [{ rolling_type: "mean", rolling_periods: 2, min_periods: 3 }, /must not exceed rolling_periods/],
    [{ time_compare: ["1 fortnight ago"] }, /Unsupported time_compare "1 fortnight ago"/],
    [{ comparison_type: "delta" }, /Invalid comparison_type "delta"/],
    [{ resample_rule: "1Q", resample_method: "sum" }, /resample rule/],
    [{ resample_rule: "1D", resample_method: "nearest" }, /method/],
  ])("%j", (fd, message) => {
    let error: unknown;
    try {
      readAnalytics(fd);
    } catch (e) {
      error = e;
    }
    expect((error as { status: number }).status).toBe(400);
    expect(JSON.stringify((error as { body: unknown }).body)).toMatch("VIZ_GET_DF_ERROR");
    expect((error as Error).message).toMatch(message);
  });

  it("time_compare: offsets once each, on the query as time_offsets, only with an enclosed range", () => {
    const a = readAnalytics({ time_compare: ["1 week ago", "1 week ago", "1 year ago"] });
    expect(a.timeCompare).toEqual(["1 week ago", "1 year ago"]);
    expect(offsetLabel("1 week ago")).toBe("1 week ago offset");
    const q = horizon.query({
      metrics: ["count"],
      granularity_sqla: "ds",
      time_range: "2000-01-01 : 2005-01-01",
      time_compare: "1 year ago",
    });
    expect(q.time_offsets).toEqual(["1 year ago"]);
    expect(() =>
      horizon.query({ metrics: ["count"], granularity_sqla: "ds", time_compare: ["1 year ago"] }),
    ).toThrow(/An enclosed time range/);
    expect(() => withTimeOffsets(q, readAnalytics({ time_compare: ["1 day ago"] }))).not.toThrow();
  });
});

describe("time comparison maths", () => {
  it("interpolates the shifted values in time, the last value after the end, nothing before", () => {
    expect(interpolateAt([10, 20], [1, 3], [5, 10, 15, 20, 25])).toEqual([null, 1, 2, 3, 3]);
  });

  it("absolute, percentage and ratio of the current and shifted values, ends trimmed", () => {
    const main = pivot([null, 4, 6, 9]);
    const shifted = pivot([1, 2, 3, 3]);
    expect(comparePivots(main, shifted, "absolute")).toEqual({
      times: days(4).slice(1),
      keys: [["m"]],
      cells: [[2, 3, 6]],
    });
    expect(comparePivots(main, shifted, "percentage").cells[0]).toEqual([1, 1, 2]);
    expect(comparePivots(main, shifted, "ratio").cells[0]).toEqual([2, 2, 3]);
  });

  it("series: current and shifted ones in values mode, only differences otherwise", () => {
    const rows = [
      { __timestamp: T0, count: 10, "count__1 year ago": 5 },
      { __timestamp: T0 + DAY, count: 12, "count__1 year ago": 6 },
    ];
    const fd = { metrics: ["count"], time_compare: ["1 year ago"] };
    expect(timeSeries(rows, fd)).toEqual([
      {
        key: "count",
        values: [
          { x: T0, y: 10 },
          { x: T0 + DAY, y: 12 },
        ],
      },
      {
        key: ["count", "1 year ago offset"],
        classed: "time-shift-0",
        values: [
          { x: T0, y: 5 },
          { x: T0 + DAY, y: 6 },
        ],
      },
    ]);
    expect(timeSeries(rows, { ...fd, comparison_type: "ratio" })).toEqual([
      {
        key: ["count", "1 year ago offset"],
        classed: "time-shift-0",
        values: [
          { x: T0, y: 2 },
          { x: T0 + DAY, y: 2 },
        ],
      },
    ]);
    // By group with one metric: the group values, then the label.
    const grouped = timeSeries(
      rows.map((r) => ({ ...r, gender: "boy" })),
      { ...fd, groupby: ["gender"], comparison_type: "absolute" },
    );
    expect(grouped.map((s) => s.key)).toEqual([["boy", "1 year ago offset"]]);
    expect(grouped[0].values.map((v) => v.y)).toEqual([5, 6]);
    // Rose regroups the same series by time.
    const byTime = rose.data(rows, ctx(fd)) as Record<string, { name: string; value: number }[]>;
    expect(byTime[String(BigInt(T0) * 1_000_000n)]).toEqual([
      { key: "count", value: 10, name: "count", time: T0 },
      { key: ["count", "1 year ago offset"], value: 5, name: "count, 1 year ago offset", time: T0 },
    ]);
  });
});

describe("partition with advanced analytics", () => {
  it("nests metric → time → groups, each level summed by time and processed on its own", () => {
    const rows = [
      { __timestamp: T0, gender: "boy", state: "CA", count: 1 },
      { __timestamp: T0, gender: "girl", state: "CA", count: 2 },
      { __timestamp: T0 + DAY, gender: "boy", state: "NY", count: 3 },
    ];
    const fd = {
      metrics: ["count"],
      groupby: ["gender", "state"],
      time_series_option: "adv_anal",
      rolling_type: "cumsum",
    };
    expect(() => partition.query({ ...fd, granularity_sqla: "ds" })).not.toThrow();
    expect(() => partition.query({ ...fd, granularity_sqla: "ds", rolling_type: "x" })).toThrow(
      /rolling_type/,
    );
    const tree = partition.data(rows, ctx(fd)) as any[];
    expect(tree).toHaveLength(1);
    expect(tree[0].name).toBe("count");
    expect(tree[0].val).toBeUndefined();
    const [day1, day2] = tree[0].children;
    expect(day1).toMatchObject({ name: T0, val: 3 });
    expect(day2).toMatchObject({ name: T0 + DAY, val: 6 });
    // Level 1 (gender) cumulated over time: boy 1 → 4, girl 2 → 2 (a missing cell is 0).
    expect(day2.children.map((c: any) => [c.name, c.val])).toEqual([
      ["boy", 4],
      ["girl", 2],
    ]);
    // Level 2 (gender, state): boy/CA 1 → 1, boy/NY 0 → 3.
    expect(day2.children[0].children.map((c: any) => [c.name, c.val, c.children])).toEqual([
      ["CA", 1, []],
      ["NY", 3, []],
    ]);
  });
});
