import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPostgresDatabase, startPostgres, type TestPostgres } from "../support/postgres.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

type Json = Record<string, any>;
let s: TestServer;
let pg: TestPostgres;
let admin: string;
let duck: number;
let postgres: number;

beforeAll(async () => {
  // PostgreSQL first: the server's umask 077 would keep initdb (another user) out of its files.
  pg = await startPostgres();
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  duck = (await (await s.call("GET", "/api/v1/database/", { token: admin })).json()).ids[0];
  await pg.query("CREATE TABLE birth_names (name text, state text, num int)");
  await pg.query("INSERT INTO birth_names VALUES ('Ann', 'CA', 3)");
  postgres = await addPostgresDatabase(s, admin, pg);
}, 180_000);
afterAll(async () => {
  await s?.close();
  await pg?.stop();
});

async function failure(database_id: number, sql: string, schema: string) {
  const res = await s.call("POST", "/api/v1/sqllab/execute/", {
    token: admin,
    body: { database_id, schema, sql, client_id: `e${Math.random().toString(36).slice(2, 9)}` },
  });
  const body = (await res.json()) as Json;
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(body.message).toBe(body.errors[0].message);
  return body.errors[0] as Json;
}

const codes = (error: Json) => error.extra.issue_codes.map((c: Json) => c.code);

describe.each([
  ["DuckDB", () => duck, "main"],
  ["PostgreSQL", () => postgres, "public"],
])("SQL Lab errors on %s", (engine, id, schema) => {
  it("a misspelt column is the engine's missing-column error, not a refused write", async () => {
    const error = await failure(id(), "select stat from birth_names", schema);
    expect(error.error_type).toBe("COLUMN_DOES_NOT_EXIST_ERROR");
    expect(error.message).toMatch(/stat/);
    expect(error.message).not.toMatch(/DML/);
    expect(error.extra.engine_name).toBe(engine);
    expect(error.extra.issue_codes).toEqual([
      {
        code: 1003,
        message:
          "Issue 1003 - There is a syntax error in the SQL query. Perhaps there was a misspelling or a typo.",
      },
      { code: 1004, message: "Issue 1004 - The column was deleted or renamed in the database." },
    ]);
  });

  it("an unknown table is the engine's missing-table error", async () => {
    const error = await failure(id(), "select * from no_such_table", schema);
    expect(error.error_type).toBe("TABLE_DOES_NOT_EXIST_ERROR");
    expect(error.message).toMatch(/no_such_table/);
    expect(codes(error)).toEqual([1003, 1005]);
    // Inside a CTE, too.
    const cte = await failure(id(), "with x as (select 1 as a) select nope from x", schema);
    expect(cte.error_type).toBe("COLUMN_DOES_NOT_EXIST_ERROR");
  });

  it("writes are still refused, with Superset's issue code", async () => {
    for (const sql of ["delete from birth_names", "insert into birth_names select stat from birth_names"]) {
      const error = await failure(id(), sql, schema);
      expect(error.error_type, sql).toBe("DML_NOT_ALLOWED_ERROR");
      expect(codes(error)).toEqual([1022]);
    }
    // A misspelt read next to a write: the write decides.
    expect(
      (await failure(id(), "select stat from birth_names; delete from birth_names", schema)).error_type,
    ).toBe("DML_NOT_ALLOWED_ERROR");
  });
});

describe("SQL Lab on the sandboxed DuckDB", () => {
  it("a refused file read says which file and why, not DML", async () => {
    for (const sql of [
      "select * from read_csv('/etc/passwd')",
      "select * from 'https://example.com/x.parquet'",
    ]) {
      const error = await failure(duck, sql, "main");
      expect(error.error_type, sql).toBe("GENERIC_DB_ENGINE_ERROR");
      expect(error.message, sql).toMatch(
        /^Reading "(\/etc\/passwd|https:\/\/example\.com\/x\.parquet)" was refused/,
      );
      expect(error.message, sql).toMatch(/may not read files or URLs/);
      expect(codes(error)).toEqual([1002]);
    }
  });

  it("a function from an extension says the extension is not loaded, without advice to install it", async () => {
    const error = await failure(duck, "select * from sqlite_scan('x.db', 't')", "main");
    expect(error.message).toBe(
      'sqlite_scan needs the DuckDB extension "sqlite_scanner", which queries on this database may not load.',
    );
  });

  it("the SQL validator reports a misspelt column instead of passing it", async () => {
    const res = await s.call("POST", `/api/v1/database/${duck}/validate_sql/`, {
      token: admin,
      body: { sql: "select stat from birth_names", schema: "main" },
    });
    const body = (await res.json()) as Json;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.result).toHaveLength(1);
    expect(body.result[0].message).toMatch(/stat/);
  });
});
