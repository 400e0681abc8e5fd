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
});
