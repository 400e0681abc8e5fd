import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRecord } from "../support/query-record.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

type Json = Record<string, any>;

let s: TestServer;
let admin: string;

/** When each stored run started: the first and last minutes of days, across a month's end. */
const STARTS = {
  first: Date.parse("2026-10-31T23:59:00Z"),
  second: Date.parse("2026-11-01T00:00:00Z"),
  third: Date.parse("2026-11-10T23:30:00Z"),
  fourth: Date.parse("2026-11-20T08:00:00Z"),
};

beforeAll(async () => {
  s = await startTestServer({ examples: [] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  const adminId = (await (await s.call("GET", "/api/v1/me/", { token: admin })).json()).result.id as number;
  const db = (await (await s.call("GET", "/api/v1/database/", { token: admin })).json()).ids[0] as number;
  for (const [name, ms] of Object.entries(STARTS)) {
    const sql = `SELECT '${name}'`;
    const run = queryRecord({
      client_id: name,
      database_id: db,
      user_id: adminId,
      sql,
      executed_sql: sql,
      start_time: ms,
      end_time: ms + 5,
      changed_on_ms: ms + 5,
    });
    await s.runtime.core.deps.meta.create("query", run, adminId);
  }
});
afterAll(() => s.close());

async function started(filter: string): Promise<string[]> {
  const q = `(filters:!((col:start_time,${filter})),order_column:start_time,order_direction:asc,page_size:100)`;
  const res = await s.call("GET", `/api/v1/query/?q=${encodeURIComponent(q)}`, { token: admin });
  expect(res.status).toBe(200);
  return ((await res.json()) as Json).result.map((r: Json) => r.client_id);
}

describe("the query list filtered by when runs started", () => {
  it("takes the dates a range picker sends, the last day included, in UTC", async () => {
    expect(await started("opr:between,value:!('2026-11-01','2026-11-10')")).toEqual(["second", "third"]);
    expect(await started("opr:between,value:!('2026-10-31','2026-10-31')")).toEqual(["first"]);
  });

  it("takes date-times with or without a zone, and the timestamps Superset's page sends", async () => {
    expect(await started("opr:between,value:!('2026-11-01T00:00:00Z','2026-11-10T23:00:00')")).toEqual([
      "second",
    ]);
    expect(await started("opr:between,value:!('2026-11-10T23:00:00+01:00','2026-11-20')")).toEqual([
      "third",
      "fourth",
    ]);
    expect(await started(`opr:between,value:!(${STARTS.second},${STARTS.third})`)).toEqual([
      "second",
      "third",
    ]);
  });

  it("compares after and before a date as moments", async () => {
    expect(await started("opr:gt,value:'2026-11-10'")).toEqual(["third", "fourth"]);
    expect(await started("opr:lt,value:'2026-11-01'")).toEqual(["first"]);
  });
});
