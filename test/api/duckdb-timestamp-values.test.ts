import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

/**
 * DuckDB's timestamps of every unit as SQL Lab returns them: ISO text (Python's isoformat), and
 * the infinities as DuckDB names them.
 */
let s: TestServer;
let admin: string;
let db: number;

beforeAll(async () => {
  s = await startTestServer({ examples: [] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  db = (await (await s.call("GET", "/api/v1/database/", { token: admin })).json()).ids[0];
});
afterAll(() => s.close());

describe("DuckDB timestamps in SQL Lab results", () => {
  it("reads each unit as ISO text and the infinities by name", async () => {
    const sql = `SELECT TIMESTAMP '2024-01-02 03:04:05.5' AS us, TIMESTAMP_S '2024-01-02 03:04:05' AS s,
      TIMESTAMP_MS '2024-01-02 03:04:05.123' AS ms, TIMESTAMP_NS '2024-01-02 03:04:05.123456789' AS ns,
      TIMESTAMPTZ '2024-01-02 03:04:05+00' AS tz, TIMESTAMP 'infinity' AS inf, TIMESTAMP '-infinity' AS ninf,
      TIMESTAMPTZ 'infinity' AS tzinf`;
    const res = await s.call("POST", "/api/v1/sqllab/execute/", {
      token: admin,
      body: { database_id: db, sql, runAsync: false },
    });
    expect(res.status).toBe(200);
    const [row] = (await res.json()).data;
    expect(row).toEqual({
      us: "2024-01-02T03:04:05.500000",
      s: "2024-01-02T03:04:05",
      ms: "2024-01-02T03:04:05.123000",
      ns: "2024-01-02T03:04:05.123456",
      tz: "2024-01-02T03:04:05+00:00",
      inf: "infinity",
      ninf: "-infinity",
      tzinf: "infinity",
    });
  });

  it("reads times too far from 1970 for a double's microseconds as exact ISO text too", async () => {
    const sql = `SELECT TIMESTAMP '2300-06-01 12:00:00.25' AS future, TIMESTAMP '1500-03-01 00:00:00' AS past,
      TIMESTAMPTZ '2300-06-01 12:00:00+00' AS tz, TIMESTAMP_S '2400-01-01 00:00:01' AS s,
      TIMESTAMP_MS '1600-12-31 23:59:59.999' AS ms`;
    const res = await s.call("POST", "/api/v1/sqllab/execute/", {
      token: admin,
      body: { database_id: db, sql, runAsync: false },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data[0]).toEqual({
      future: "2300-06-01T12:00:00.250000",
      past: "1500-03-01T00:00:00",
      tz: "2300-06-01T12:00:00+00:00",
      s: "2400-01-01T00:00:01",
      ms: "1600-12-31T23:59:59.999000",
    });
  });
});
