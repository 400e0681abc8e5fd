import { tmpdir } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
let s: TestServer;
let admin: string;
let db: number;

/** DATA_DIR of the test server is a fresh directory under the system temp dir. */
const SERVER_PATH = /strata-test-|\/tmp\/|\.duckdb\.tmp|\/root\/|\/home\//;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  db = (await json(await s.call("GET", "/api/v1/database/", { token: admin }))).ids[0];
});
afterAll(() => s.close());

/** A 400 in Superset's shape that says why and what to use instead, with no server path anywhere. */
async function expectRefused(res: Response, what: string) {
  const text = await res.text();
  expect(res.status, `${what}: ${text.slice(0, 300)}`).toBe(400);
  expect(text, what).toMatch(/describes the server rather than your data/);
  expect(text, what).toMatch(/information_schema/);
  expect(text, what).not.toMatch(SERVER_PATH);
  expect(text, what).not.toContain(tmpdir());
}

describe("DuckDB's own paths never reach a user as query results", () => {
  it("SQL Lab refuses the system functions, pragmas and settings that name DATA_DIR", async () => {
    const leaks = [
      "SELECT * FROM duckdb_databases()",
      "PRAGMA database_list",
      "SELECT current_setting('temp_directory') AS t",
      "SELECT name, value FROM duckdb_settings()",
      "SELECT upper(reverse(path)) FROM duckdb_databases",
      "EXPLAIN SELECT current_setting('temp_directory')",
    ];
    for (const sql of leaks) {
      const res = await s.call("POST", "/api/v1/sqllab/execute/", {
        token: admin,
        body: { database_id: db, schema: "main", sql, client_id: `p${leaks.indexOf(sql)}` },
      });
      await expectRefused(res, sql);
    }
    // The catalogue reads SQL Lab and the dataset editor rely on still work.
    const ok = await s.call("POST", "/api/v1/sqllab/execute/", {
      token: admin,
      body: {
        database_id: db,
        schema: "main",
        sql: "SELECT table_name FROM information_schema.tables WHERE table_name = 'birth_names'",
      },
    });
    expect(ok.status).toBe(200);
    expect((await json(ok)).data).toEqual([{ table_name: "birth_names" }]);
    const tables = await s.call("GET", `/api/v1/database/${db}/tables/?q=(schema_name:main,force:!f)`, {
      token: admin,
    });
    expect(tables.status).toBe(200);
    expect(JSON.stringify(await json(tables))).toContain("birth_names");
  });

  it("a virtual dataset over duckdb_databases() is refused when it is created (its SQL is bound)", async () => {
    const created = await s.call("POST", "/api/v1/dataset/", {
      token: admin,
      body: { database: db, schema: "main", table_name: "paths", sql: "SELECT path FROM duckdb_databases()" },
    });
    await expectRefused(created, "virtual dataset creation");
  });
});
