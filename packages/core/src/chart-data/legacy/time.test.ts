import { describe, expect, it } from "vitest";
import { calHeatmap, horizon, pairedTTest, partition, rose, timeTable } from "./time.ts";
import type { FormData, LegacyContext, Row } from "./viz.ts";

const ctx = (formData: FormData, over: Partial<LegacyContext> = {}): LegacyContext => ({
  formData,
  fromDttm: null,
  toDttm: null,
  mapboxApiKey: "",
  ...over,
});
const JAN = Date.UTC(2020, 0, 1);
const FEB = Date.UTC(2020, 1, 1);

describe("cal_heatmap", () => {
  const fd = {
    metrics: ["count"],
    granularity_sqla: "ds",
    time_range: "2020-01-01 : 2021-01-01",
    domain_granularity: "month",
    subdomain_granularity: "day",
  };

  it("buckets by the subdomain's grain and needs a time column", () => {
    const q = calHeatmap.query(fd);
    expect(q).toMatchObject({ is_timeseries: true, granularity: "ds", metrics: ["count"] });
    expect(q.extras?.time_grain_sqla).toBe("P1D");
    expect(() => calHeatmap.query({ ...fd, granularity_sqla: undefined })).toThrow(/Datetime column/);
    expect(() => calHeatmap.query({ ...fd, subdomain_granularity: "fortnight" })).toThrow(/subdomain/);
  });

  it("keys each metric's values by epoch seconds and counts the domains in the range", () => {
    const rows = [
      { __timestamp: "2020-01-01T00:00:00", count: 3 },
      { __timestamp: "2020-02-01T00:00:00", count: 5 },
    ];
    const data = calHeatmap.data(rows, ctx(fd, { fromDttm: JAN, toDttm: Date.UTC(2021, 0, 1) }));
    expect(data).toEqual({
      data: { count: { "1577836800.0": 3, "1580515200.0": 5 } },
      start: JAN,
      domain: "month",
      subdomain: "day",
      range: 13,
    });
    const days = calHeatmap.data(
      rows,
      ctx({ ...fd, domain_granularity: "day" }, { fromDttm: JAN, toDttm: FEB }),
    );
    expect((days as { range: number }).range).toBe(32);
    const years = calHeatmap.data(
      rows,
      ctx({ ...fd, domain_granularity: "year" }, { fromDttm: JAN, toDttm: FEB }),
    );
    expect((years as { range: number }).range).toBe(1);
  });

  it("refuses a range without both ends, and answers no data as null", () => {
    expect(() => calHeatmap.data([{ __timestamp: "2020-01-01", count: 1 }], ctx(fd))).toThrow(
      /both time bounds/,
    );
    expect(calHeatmap.data([], ctx(fd))).toBeNull();
  });
});

describe("time_table", () => {
  const rows: Row[] = [
    { __timestamp: "2020-02-01T00:00:00", gender: "boy", sum__num: 2 },
    { __timestamp: "2020-01-01T00:00:00", gender: "girl", sum__num: 1 },
    { __timestamp: "2020-01-01T00:00:00", gender: "boy", sum__num: 3 },
  ];

  it("pivots one metric by group, times as pandas prints them", () => {
    const fd = { metrics: ["sum__num"], groupby: ["gender"], granularity_sqla: "ds" };
    expect(timeTable.data(rows, ctx(fd))).toEqual({
      records: {
        "2020-01-01 00:00:00": { boy: 3, girl: 1 },
        "2020-02-01 00:00:00": { boy: 2, girl: null },
      },
      columns: ["boy", "girl"],
      is_group_by: true,
    });
  });

  it("pivots the metrics without groups, and checks the metric rules", () => {
    const fd = { metrics: ["sum__num", "count"], granularity_sqla: "ds" };
    const data = timeTable.data(
      [{ __timestamp: "2020-01-01T00:00:00", sum__num: 4, count: 2 }],
      ctx(fd),
    ) as Record<string, unknown>;
    expect(data).toEqual({
      records: { "2020-01-01 00:00:00": { count: 2, sum__num: 4 } },
      columns: ["count", "sum__num"],
      is_group_by: false,
    });
    expect(() => timeTable.query({ granularity_sqla: "ds" })).toThrow(/at least one metric/);
    expect(() => timeTable.query({ ...fd, groupby: ["gender"] })).toThrow(/single metric/);
    expect(timeTable.query(fd)).toMatchObject({ is_timeseries: true, metrics: ["sum__num", "count"] });
  });
});

describe("paired_ttest", () => {
  it("lists each metric's series per group with epoch-millisecond x", () => {
    const fd = { metrics: ["sum__num"], groupby: ["gender"], granularity_sqla: "ds" };
    const rows = [
      { __timestamp: "2020-01-01T00:00:00", gender: "boy", sum__num: 3 },
      { __timestamp: "2020-02-01T00:00:00", gender: "boy", sum__num: 2 },
      { __timestamp: "2020-01-01T00:00:00", gender: "girl", sum__num: 1 },
    ];
    expect(pairedTTest.data(rows, ctx(fd))).toEqual({
      sum__num: [
        {
          group: ["boy"],
          values: [
            { x: JAN, y: 3 },
            { x: FEB, y: 2 },
          ],
        },
        {
          group: ["girl"],
          values: [
            { x: JAN, y: 1 },
            { x: FEB, y: null },
          ],
        },
      ],
    });
    const all = pairedTTest.data(rows.slice(0, 2), ctx({ metrics: ["sum__num"], granularity_sqla: "ds" }));
    expect(all).toEqual({
      sum__num: [
        {
          group: "All",
          values: [
            { x: JAN, y: 3 },
            { x: FEB, y: 2 },
          ],
        },
      ],
    });
  });
});

describe("horizon and rose", () => {
  const fd = { metrics: ["sum__num"], groupby: ["gender"], granularity_sqla: "ds", order_desc: true };
  const rows = [
    { __timestamp: "2020-01-01T00:00:00", gender: "girl", sum__num: 1 },
    { __timestamp: "2020-01-01T00:00:00", gender: "boy", sum__num: 3 },
  ];

  it("horizon: NVD3 series sorted by key, the metric dropped from the key when it is the only one", () => {
    expect(horizon.query(fd)).toMatchObject({ orderby: [["sum__num", false]], is_timeseries: true });
    expect(horizon.query({ ...fd, limit: 5 })).toMatchObject({ series_limit: 5 });
    expect(horizon.data(rows, ctx(fd))).toEqual([
      { key: ["boy"], values: [{ x: JAN, y: 3 }] },
      { key: ["girl"], values: [{ x: JAN, y: 1 }] },
    ]);
    expect(horizon.data(rows, ctx({ metrics: ["sum__num"], granularity_sqla: "ds" }))).toEqual([
      { key: "sum__num", values: [{ x: JAN, y: 4 / 2 }] },
    ]);
  });

  it("rose: the series regrouped under nanosecond keys", () => {
    expect(rose.data(rows, ctx(fd))).toEqual({
      [`${JAN}000000`]: [
        { key: ["boy"], value: 3, name: "boy", time: JAN },
        { key: ["girl"], value: 1, name: "girl", time: JAN },
      ],
    });
  });
});

describe("partition", () => {
  it("nests the metric's totals by each group level", () => {
    const fd = { metrics: ["n"], groupby: ["a", "b"], granularity_sqla: "ds" };
    expect(partition.query(fd).is_timeseries).toBe(false);
    expect(() => partition.query({ metrics: ["n"] })).toThrow(/groupby/);
    const rows = [
      { a: "x", b: "p", n: 1 },
      { a: "x", b: "q", n: 2 },
      { a: "y", b: "p", n: 4 },
    ];
    expect(partition.data(rows, ctx(fd))).toEqual([
      {
        name: "n",
        val: 7,
        children: [
          {
            name: "x",
            val: 3,
            children: [
              { name: ["x", "p"], val: 1, children: [] },
              { name: ["x", "q"], val: 2, children: [] },
            ],
          },
          { name: "y", val: 4, children: [{ name: ["y", "p"], val: 4, children: [] }] },
        ],
      },
    ]);
  });
});
