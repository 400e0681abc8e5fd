import { retentionFromEnv } from "@strata/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
const DAY = 86_400_000;
let s: TestServer;
let admin: string;
let db: number;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"], retention: { logDays: 30, queryDays: 90 } });
  admin = await s.login(ADMIN.username, ADMIN.password);
  db = (await json(await s.call("GET", "/api/v1/database/", { token: admin }))).ids[0];
});
afterAll(() => s.close());

const logCount = async () =>
  (await json(await s.call("GET", "/api/v1/log/", { token: admin }))).count as number;
const queryCount = async () =>
  (await json(await s.call("GET", "/api/v1/query/", { token: admin }))).count as number;

describe("retention of the event log and the query history", () => {
  it("deletes event log batches and SQL Lab runs once older than their retention, on the minute tick", async () => {
    const posted = await s.call("POST", "/superset/log/?explode=events", {
      token: admin,
      body: { events: [{ event_name: "spa_navigation", ts: Date.now(), path: "/sqllab/" }] },
    });
    expect(posted.status).toBe(200);
    const run = await s.call("POST", "/api/v1/sqllab/execute/", {
      token: admin,
      body: { database_id: db, sql: "SELECT 1 AS one" },
    });
    expect(run.status).toBe(200);
    const logs = await logCount();
    expect(logs).toBeGreaterThan(0);
    expect(await queryCount()).toBe(1);

    const retention = s.runtime.core.retention;
    // Not yet past either retention: nothing goes.
    expect(await retention.tick(new Date(Date.now() + 29 * DAY))).toEqual({ logs: true, queries: true });
    expect(await logCount()).toBe(logs);
    expect(await queryCount()).toBe(1);
    // Past the log's 30 days, not the queries' 90.
    await retention.tick(new Date(Date.now() + 31 * DAY));
    expect(await logCount()).toBe(0);
    expect(await queryCount()).toBe(1);
    await retention.tick(new Date(Date.now() + 91 * DAY));
    expect(await queryCount()).toBe(0);
  });
});

describe("retention settings", () => {
  it("keep everything unless set, and refuse what is not a number of days", () => {
    expect(retentionFromEnv({})).toEqual({ logDays: undefined, queryDays: undefined });
    expect(retentionFromEnv({ LOG_RETENTION_DAYS: "180", QUERY_RETENTION_DAYS: "" })).toEqual({
      logDays: 180,
      queryDays: undefined,
    });
    expect(() => retentionFromEnv({ QUERY_RETENTION_DAYS: "six months" })).toThrow(
      'QUERY_RETENTION_DAYS must be a positive whole number, not "six months".',
    );
  });
});
