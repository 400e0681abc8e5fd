import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildChartDataRequest } from "@strata/contracts/chart-query";
import type { ChartDataset, FormData } from "../../web/src/components/charts/types.ts";
import { datasetDetail, datasetId } from "../support/dashboard-fixtures.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

/**
 * A time-series chart with a rolling window on top of time comparison or a group-by, built by the
 * SPA's own query builder and run through the real server: every column the rolling and compare
 * steps name must exist after the pivot, so the chart draws instead of failing.
 */
type Json = Record<string, any>;
let s: TestServer;
let admin: string;
let birth: number;
let dataset: ChartDataset;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = await datasetId(s, admin, "birth_names");
  dataset = (await datasetDetail(s, admin, birth)) as ChartDataset;
});
afterAll(() => s.close());

const form = (extra: Partial<FormData>): FormData => ({
  datasource: `${birth}__table`,
  viz_type: "echarts_timeseries_line",
  x_axis: "ds",
  time_grain_sqla: "P1Y",
  time_range: "No filter",
  metrics: ["count"],
  row_limit: 10000,
  ...extra,
});

async function chartData(fd: FormData): Promise<{ colnames: string[]; data: Json[] }> {
  const body = buildChartDataRequest(fd, { dataset });
  const res = await s.call("POST", "/api/v1/chart/data", { token: admin, body });
  const json = (await res.json()) as Json;
  expect(res.status, JSON.stringify(json).slice(0, 400)).toBe(200);
  return json.result[0];
}

/** The rolling mean of the last `window` non-null values, as pandas computes it with min_periods 0. */
function rollingMean(values: (number | null)[], window: number): (number | null)[] {
  return values.map((_, i) => {
    const seen = values.slice(Math.max(0, i - window + 1), i + 1).filter((v): v is number => v !== null);
    return seen.length ? seen.reduce((a, b) => a + b, 0) / seen.length : null;
  });
}

describe("rolling window with time comparison or a group-by", () => {
  it("time comparison (actual values) + rolling mean: both series, each rolled", async () => {
    const plain = await chartData(form({ time_compare: ["1 year ago"], comparison_type: "values" }));
    const rolled = await chartData(
      form({
        time_compare: ["1 year ago"],
        comparison_type: "values",
        rolling_type: "mean",
        rolling_periods: 3,
      }),
    );
    expect(rolled.colnames).toEqual(["ds", "count", "count__1 year ago"]);
    expect(rolled.data.length).toBe(plain.data.length);
    expect(rolled.data.length).toBeGreaterThan(3);
    for (const name of ["count", "count__1 year ago"]) {
      const expected = rollingMean(
        plain.data.map((r) => r[name] as number | null),
        3,
      );
      const got = rolled.data.map((r) => r[name] as number | null);
      got.forEach((v, i) => {
        if (expected[i] === null) expect(v, `${name} row ${i}`).toBeNull();
        else expect(v, `${name} row ${i}`).toBeCloseTo(expected[i] as number, 6);
      });
    }
    // The shifted series is last year's count: some year has a value for both.
    expect(plain.data.some((r) => r.count > 0 && r["count__1 year ago"] > 0)).toBe(true);
  });

  it("time comparison (difference) + rolling sum over SUM(num): the compared column", async () => {
    const sumNum = {
      expressionType: "SIMPLE" as const,
      column: { column_name: "num" },
      aggregate: "SUM" as const,
      label: "SUM(num)",
    };
    const result = await chartData(
      form({
        metrics: [sumNum],
        time_compare: ["1 year ago"],
        comparison_type: "difference",
        rolling_type: "sum",
        rolling_periods: 2,
      }),
    );
    expect(result.colnames).toEqual(["ds", "difference__SUM(num)__SUM(num)__1 year ago"]);
    expect(result.data.length).toBeGreaterThan(3);
  });

  it("group-by + rolling mean: one rolled series per group", async () => {
    const plain = await chartData(form({ groupby: ["gender"] }));
    const rolled = await chartData(form({ groupby: ["gender"], rolling_type: "mean", rolling_periods: 3 }));
    expect(rolled.colnames).toEqual(["ds", "boy", "girl"]);
    for (const name of ["boy", "girl"]) {
      const expected = rollingMean(
        plain.data.map((r) => r[name] as number | null),
        3,
      );
      rolled.data.forEach((r, i) => {
        expect(r[name], `${name} row ${i}`).toBeCloseTo(expected[i] as number, 6);
      });
    }
  });

  it("group-by + time comparison + cumulative sum: every group's series and its shifted copy", async () => {
    const result = await chartData(
      form({
        groupby: ["gender"],
        time_compare: ["1 year ago"],
        comparison_type: "values",
        rolling_type: "cumsum",
      }),
    );
    expect([...result.colnames].sort()).toEqual(
      ["ds", "count, boy", "count, girl", "count__1 year ago, boy", "count__1 year ago, girl"].sort(),
    );
    const boys = result.data.map((r) => r["count, boy"] as number);
    expect(boys.every((v, i) => i === 0 || v >= boys[i - 1])).toBe(true);
  });
});
