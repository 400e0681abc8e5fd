import { afterAll, beforeAll, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

type Json = Record<string, any>;

let s: TestServer;
let admin: string;
let birth: number;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = ((await (await s.call("GET", "/api/v1/dataset/", { token: admin })).json()) as Json).ids[0];
});
afterAll(() => s.close());

/** One big number over 2004-06 → 2005-06, compared with the period the shift names. */
const kpi = (shift: string) => ({
  datasource: { id: birth, type: "table" },
  queries: [
    {
      filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "2004-06-01 : 2005-06-01" }],
      metrics: ["count"],
      columns: [],
      time_offsets: [shift],
    },
  ],
  result_format: "json",
  result_type: "full",
});

it("caches a query's reply per time comparison: the same query with another shift runs again", async () => {
  const post = async (shift: string) => {
    const res = await s.call("POST", "/api/v1/chart/data", { token: admin, body: kpi(shift) });
    expect(res.status).toBe(200);
    await s.runtime.core.chartData.flush(); // the cache is written in the background
    return ((await res.json()) as Json).result[0] as Json;
  };
  const year = await post("1 year ago");
  expect(year.colnames).toEqual(["count", "count__1 year ago"]);
  const days = await post("365 days ago");
  expect(days.is_cached).toBe(false);
  expect(days.colnames).toEqual(["count", "count__365 days ago"]);
  expect(days.cache_key).not.toBe(year.cache_key);
  // The same shift again is served from the cache.
  const again = await post("365 days ago");
  expect(again.is_cached).toBe(true);
  expect(again.data).toEqual(days.data);
});
