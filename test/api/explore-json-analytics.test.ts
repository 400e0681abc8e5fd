import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exploreJsonAsGuest, guestWithChart } from "../support/guest-tokens.ts";
import { horizonForm } from "../support/horizon-form.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

/**
 * explore_json's NVD3 advanced analytics on the legacy horizon, rose and partition charts:
 * rolling windows, time comparisons (extra queries over shifted ranges) and partition's
 * "adv_anal" tree, each checked against the same figures computed by hand in DuckDB.
 */
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

let s: TestServer;
let admin: string;
let birth: number;

const base = (over: Json = {}): Json => horizonForm(birth, over);

async function explore(formData: Json) {
  return s.call("POST", "/superset/explore_json/", { token: admin, body: { form_data: formData } });
}

async function data(formData: Json) {
  const res = await explore(formData);
  const body = await json(res);
  expect(res.status, JSON.stringify(body).slice(0, 400)).toBe(200);
  return body.data;
}

/** Rows straight from DuckDB: `[epoch ms, value, …]` per row. */
async function raw(sql: string): Promise<unknown[][]> {
  const core = s.runtime.core;
  const ds = (await core.datasets.all()).find((d) => d.table_name === "birth_names")!;
  const engine = await core.databases.engineOf((await core.databases.find(ds.database_id))!);
  const result = await engine.execute(sql);
  const rows = result.data[0]?.length ?? 0;
  return Array.from({ length: rows }, (_, r) =>
    result.data.map((column) => {
      const v = column[r];
      if (typeof v === "bigint") return Number(v);
      if (typeof v === "string" && /^\d{4}-\d\d-\d\d/.test(v)) return Date.parse(`${v.replace(" ", "T")}Z`);
      return typeof v === "string" && v.trim() !== "" && !Number.isNaN(Number(v)) ? Number(v) : v;
    }),
  );
}

/** SUM(num) per year of the range, as the chart's query buckets it. */
const YEARLY = (from = "1990-01-01", to = "2000-01-01", extra = "") =>
  `SELECT CAST(date_trunc('year', ds) AS TIMESTAMP) AS y${extra ? `, ${extra}` : ""}, SUM(num) AS total
   FROM birth_names WHERE ds >= '${from}' AND ds < '${to}'
   GROUP BY ALL`;

const points = (series: Json) => series.values.map((v: Json) => [v.x, v.y]);
const close = (actual: unknown[][], expected: unknown[][]) => {
  expect(actual.length).toBe(expected.length);
  actual.forEach(([x, y], i) => {
    expect(x).toBe(expected[i][0]);
    expect(y as number).toBeCloseTo(expected[i][1] as number, 6);
  });
};

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = (await s.runtime.core.datasets.all()).find((d) => d.table_name === "birth_names")!.id;
}, 240_000);
afterAll(() => s?.close());

describe("horizon and rose: rolling windows", () => {
  it("rolling mean over 3 years, the first 2 rows dropped (min_periods)", async () => {
    const series = (await data(base({ rolling_type: "mean", rolling_periods: 3, min_periods: 2 }))) as Json[];
    const expected = await raw(
      `SELECT y, AVG(total) OVER (ORDER BY y ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)
       FROM (${YEARLY()}) ORDER BY y OFFSET 2`,
    );
    expect(expected.length).toBeGreaterThan(3);
    expect(series.map((x) => x.key)).toEqual(["total"]);
    close(points(series[0]), expected);
  });

  it("rolling sum and sample std by group, cumsum on rose", async () => {
    const sums = (await data(
      base({ groupby: ["gender"], rolling_type: "sum", rolling_periods: 2 }),
    )) as Json[];
    const expectedSum = await raw(
      `SELECT y, gender, SUM(total) OVER (PARTITION BY gender ORDER BY y ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)
       FROM (${YEARLY(undefined, undefined, "gender")}) ORDER BY gender, y`,
    );
    expect(sums.map((x) => x.key)).toEqual([["boy"], ["girl"]]);
    for (const [i, gender] of ["boy", "girl"].entries()) {
      close(
        points(sums[i]),
        expectedSum.filter((r) => r[1] === gender).map((r) => [r[0], r[2]]),
      );
    }

    const stds = (await data(base({ rolling_type: "std", rolling_periods: 4, min_periods: 3 }))) as Json[];
    const expectedStd = await raw(
      `SELECT y, STDDEV_SAMP(total) OVER (ORDER BY y ROWS BETWEEN 3 PRECEDING AND CURRENT ROW)
       FROM (${YEARLY()}) ORDER BY y OFFSET 3`,
    );
    close(points(stds[0]), expectedStd);

    const rose = (await data(base({ viz_type: "rose", rolling_type: "cumsum" }))) as Record<string, Json[]>;
    const expectedCum = await raw(`SELECT y, SUM(total) OVER (ORDER BY y) FROM (${YEARLY()}) ORDER BY y`);
    const last = expectedCum[expectedCum.length - 1];
    const nanos = String(BigInt(last[0] as number) * 1_000_000n);
    expect(rose[nanos]).toEqual([{ key: "total", value: last[1], name: "total", time: last[0] }]);
  });
});

describe("horizon: resampling", () => {
  it("resample_rule 1MS with ffill: every month carries its year's total", async () => {
    const series = (await data(
      base({ time_range: "1990-01-01 : 1993-01-01", resample_rule: "1MS", resample_method: "ffill" }),
    )) as Json[];
    const expected = await raw(
      `SELECT CAST(m AS TIMESTAMP), total
       FROM generate_series(TIMESTAMP '1990-01-01', TIMESTAMP '1992-01-01', INTERVAL 1 MONTH) AS g(m)
       JOIN (${YEARLY("1990-01-01", "1993-01-01")}) ON y = date_trunc('year', m) ORDER BY 1`,
    );
    expect(expected).toHaveLength(25);
    close(points(series[0]), expected);
  });
});

describe("horizon and rose: time comparison", () => {
  /** The year before each year of the range, moved forward a year. */
  const lastYear = async () =>
    raw(`SELECT y + INTERVAL 1 YEAR, total FROM (${YEARLY("1989-01-01", "1999-01-01")}) ORDER BY 1`);

  it("values: the current series and the one a year back, as `metric, 1 year ago offset`", async () => {
    const series = (await data(base({ time_compare: ["1 year ago"], comparison_type: "values" }))) as Json[];
    expect(series.map((x) => x.key)).toEqual(["total", ["total", "1 year ago offset"]]);
    expect(series[1].classed).toBe("time-shift-0");
    close(points(series[0]), await raw(`${YEARLY()} ORDER BY y`));
    close(points(series[1]), await lastYear());
  });

  it("absolute, percentage and ratio against the year before", async () => {
    const current = await raw(`${YEARLY()} ORDER BY y`);
    const before = new Map((await lastYear()).map(([t, v]) => [t, v as number]));
    for (const [type, f] of [
      ["absolute", (a: number, b: number) => a - b],
      ["percentage", (a: number, b: number) => (a - b) / b],
      ["ratio", (a: number, b: number) => a / b],
    ] as const) {
      const series = (await data(base({ time_compare: "1 year ago", comparison_type: type }))) as Json[];
      expect(
        series.map((x) => x.key),
        type,
      ).toEqual([["total", "1 year ago offset"]]);
      close(
        points(series[0]),
        current.map(([t, v]) => [t, f(v as number, before.get(t)!)]),
      );
    }
  });

  it("a comparison by group, with a rolling window applied to both sides (rose)", async () => {
    const rose = (await data(
      base({
        viz_type: "rose",
        groupby: ["gender"],
        time_compare: ["1 year ago"],
        comparison_type: "absolute",
        rolling_type: "sum",
        rolling_periods: 2,
        min_periods: 1,
      }),
    )) as Record<string, Json[]>;
    const expected = await raw(
      `WITH cur AS (
         SELECT y, gender, SUM(total) OVER (PARTITION BY gender ORDER BY y ROWS 1 PRECEDING) AS r
         FROM (${YEARLY(undefined, undefined, "gender")})),
       prev AS (
         SELECT y + INTERVAL 1 YEAR AS y, gender,
                SUM(total) OVER (PARTITION BY gender ORDER BY y ROWS 1 PRECEDING) AS r
         FROM (${YEARLY("1989-01-01", "1999-01-01", "gender")}))
       SELECT cur.y, cur.gender, cur.r - prev.r FROM cur JOIN prev USING (y, gender)
       WHERE cur.y > (SELECT MIN(y) FROM cur) ORDER BY cur.y, cur.gender`,
    );
    expect(Object.keys(rose)).toHaveLength(expected.length / 2);
    for (const [t, gender, diff] of expected) {
      const at = rose[String(BigInt(t as number) * 1_000_000n)];
      const entry = at.find((e) => e.key[0] === gender)!;
      expect(entry.key).toEqual([gender, "1 year ago offset"]);
      expect(entry.value).toBeCloseTo(diff as number, 6);
    }
  });
});

describe("partition: advanced analytics", () => {
  it("metric → year → gender → state, cumulated over time per level", async () => {
    const tree = (await data(
      base({
        viz_type: "partition",
        groupby: ["gender", "state"],
        time_series_option: "adv_anal",
        rolling_type: "cumsum",
        time_range: "1995-01-01 : 2000-01-01",
      }),
    )) as Json[];
    expect(tree.map((n) => n.name)).toEqual(["total"]);
    const cumulated = async (groups: string) =>
      raw(
        `SELECT y${groups ? `, ${groups}` : ""}, SUM(total) OVER (${groups ? `PARTITION BY ${groups} ` : ""}ORDER BY y)
         FROM (${YEARLY("1995-01-01", "2000-01-01", groups)}) ORDER BY ALL`,
      );
    const [top, byGender, byState] = [
      await cumulated(""),
      await cumulated("gender"),
      await cumulated("gender, state"),
    ];
    expect(tree[0].children.map((n: Json) => [n.name, n.val])).toEqual(top);
    const lastYear = tree[0].children.at(-1);
    const t = top.at(-1)![0];
    expect(lastYear.children.map((n: Json) => [t, n.name, n.val])).toEqual(
      byGender.filter((r) => r[0] === t),
    );
    const girls = lastYear.children.find((n: Json) => n.name === "girl");
    expect(girls.children.map((n: Json) => [t, "girl", n.name, n.val])).toEqual(
      byState.filter((r) => r[0] === t && r[1] === "girl"),
    );
    expect(girls.children[0].children).toEqual([]);
  });
});

describe("bad analytics options are 400s that say what to send", () => {
  it.each([
    ["horizon", { rolling_type: "median", rolling_periods: 3 }, /Unknown rolling_type "median"/],
    ["rose", { time_compare: ["one week ago"] }, /Unsupported time_compare "one week ago"/],
    ["horizon", { time_compare: ["1 year ago"], comparison_type: "delta" }, /Invalid comparison_type/],
    ["horizon", { time_compare: ["1 year ago"], time_range: "No filter" }, /An enclosed time range/],
    ["horizon", { rolling_type: "mean", rolling_periods: 2, min_periods: 5 }, /must not exceed/],
    [
      "horizon",
      { rolling_type: "sum", rolling_periods: 2, min_periods: 2, time_range: "1990-01-01 : 1992-01-01" },
      /did not return any data/,
    ],
    [
      "partition",
      { groupby: ["gender"], time_series_option: "adv_anal", rolling_type: "avg" },
      /rolling_type/,
    ],
  ])("%s %j", async (viz, over, message) => {
    const res = await explore(base({ viz_type: viz, ...over }));
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(body.errors[0].error_type).toBe("VIZ_GET_DF_ERROR");
    expect(body.message).toMatch(message);
  });
});

describe("an embedded guest and time comparison", () => {
  it("runs a saved horizon chart with its comparison, and nothing beyond the chart", async () => {
    const params = base({ time_compare: ["1 year ago"], comparison_type: "ratio", groupby: ["gender"] });
    const { chartId, guest } = await guestWithChart(s, admin, "Embedded horizon", {
      name: "Births, year on year",
      vizType: "horizon",
      datasetId: birth,
      params,
    });
    const asGuest = (formData: Json) => exploreJsonAsGuest(s, guest, formData);

    const ok = await asGuest({ ...params, slice_id: chartId });
    const body = await json(ok);
    expect(ok.status, JSON.stringify(body).slice(0, 400)).toBe(200);
    expect(body.data.map((x: Json) => x.key)).toEqual([
      ["boy", "1 year ago offset"],
      ["girl", "1 year ago offset"],
    ]);
    expect(body.query).toBeNull();

    // Another comparison of the same chart is still its query; another column is not.
    const otherOffset = await asGuest({ ...params, slice_id: chartId, time_compare: ["2 years ago"] });
    expect(otherOffset.status).toBe(200);
    const otherColumn = await asGuest({ ...params, slice_id: chartId, groupby: ["name"] });
    expect(otherColumn.status).toBe(403);
    expect((await json(otherColumn)).errors[0].error_type).toBe("CHART_SECURITY_ACCESS_ERROR");
    const otherMetric = await asGuest({
      ...params,
      slice_id: chartId,
      metrics: [{ expressionType: "SQL", sqlExpression: "MAX(num)", label: "total" }],
    });
    expect(otherMetric.status).toBe(403);
  });
});
