import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { datasetId } from "../support/dashboard-fixtures.ts";
import { addPostgresDatabase, startPostgres, type TestPostgres } from "../support/postgres.ts";
import { createRoleWith } from "../support/roles.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * SQL Lab for whoever may read only some tables of a database (Superset's datasource_access and
 * schema_access): each query runs only if every table it reads is one of theirs, on DuckDB and
 * on PostgreSQL, whose own lookups say which table a name reads.
 */
type Json = Record<string, any>;

let pg: TestPostgres;
let s: TestServer;
let admin: string;
let birthReader: string;
let publicReader: string;
let outsider: string;
let duck: number;
let postgres: number;
let birthOnlyRole: number;

beforeAll(async () => {
  // PostgreSQL first: the server's umask 077 would keep initdb (another user) out of its files.
  pg = await startPostgres();
  await pg.query("CREATE TABLE open_rows (n int); INSERT INTO open_rows VALUES (1), (2)");
  await pg.query(
    "CREATE SCHEMA hidden; CREATE TABLE hidden.secret_rows (n int); INSERT INTO hidden.secret_rows VALUES (42)",
  );
  s = await startTestServer({ examples: ["birth_names", "energy_usage"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  duck = (await (await s.call("GET", "/api/v1/database/", { token: admin })).json()).ids[0];
  postgres = await addPostgresDatabase(s, admin, pg);
  // A dataset in public lists the schema_access pair of [pg].[public].
  const dataset = await s.call("POST", "/api/v1/dataset/", {
    token: admin,
    body: { database: postgres, schema: "public", table_name: "open_rows" },
  });
  expect(dataset.status, await dataset.clone().text()).toBe(201);

  const birth = await datasetId(s, admin, "birth_names");
  birthOnlyRole = await createRoleWith(s, admin, "birth_only", [
    ["datasource_access", `[examples].[birth_names](id:${birth})`],
  ]);
  await createRoleWith(s, admin, "pg_public", [["schema_access", "[pg].[public]"]]);
  birthReader = await userWithRoles(s, admin, "birth_reader", ["sql_lab", "birth_only"]);
  publicReader = await userWithRoles(s, admin, "public_reader", ["sql_lab", "pg_public"]);
  outsider = await userWithRoles(s, admin, "sql_outsider", ["sql_lab"]);
}, 240_000);
afterAll(async () => {
  await s?.close();
  await pg?.stop();
});

const run = (token: string, database_id: number, sql: string, extra: Json = {}) =>
  s.call("POST", "/api/v1/sqllab/execute/", {
    token,
    body: { database_id, sql, client_id: `t${Math.random().toString(36).slice(2, 9)}`, ...extra },
  });

async function ran(token: string, database_id: number, sql: string, extra: Json = {}) {
  const res = await run(token, database_id, sql, extra);
  const body = (await res.json()) as Json;
  expect(res.status, `${sql}: ${JSON.stringify(body).slice(0, 400)}`).toBe(200);
  return body;
}

async function refused(token: string, database_id: number, sql: string, extra: Json = {}) {
  const res = await run(token, database_id, sql, extra);
  const body = (await res.json()) as Json;
  expect(res.status, `${sql}: ${JSON.stringify(body).slice(0, 400)}`).toBe(403);
  expect(body.errors[0].error_type).toBe("TABLE_SECURITY_ACCESS_ERROR");
  expect(JSON.stringify(body)).not.toMatch(/\/tmp|\/work|at .*\.ts/);
  return body.errors[0] as Json;
}

describe("SQL Lab with access to some tables (DuckDB)", () => {
  it("runs queries on a dataset's table, however the table is named", async () => {
    for (const sql of [
      "SELECT count(*) AS n FROM birth_names",
      "SELECT count(*) AS n FROM main.birth_names",
      'SELECT count(*) AS n FROM "BIRTH_NAMES"',
      "WITH b AS (SELECT * FROM birth_names) SELECT count(*) AS n FROM b WHERE num > (SELECT 0 FROM birth_names LIMIT 1)",
    ]) {
      const body = await ran(birthReader, duck, sql);
      expect(body.data[0].n).toBeGreaterThan(0);
    }
  });

  it("refuses a query reading any other table, and says which", async () => {
    const error = await refused(birthReader, duck, "SELECT * FROM birth_names JOIN energy_usage ON true");
    expect(error.message).toContain("energy_usage");
    expect(error.message).not.toContain("birth_names,");
    await refused(
      birthReader,
      duck,
      "SELECT * FROM birth_names WHERE name IN (SELECT source FROM energy_usage)",
    );
    // A WITH name where the engine reads the table: DuckDB's RECURSIVE without the recursive form.
    await refused(
      birthReader,
      duck,
      "WITH RECURSIVE energy_usage AS (SELECT * FROM energy_usage) SELECT * FROM energy_usage",
    );
    // System catalogs, functions that read files or run SQL from text, writes, scripts.
    await refused(birthReader, duck, "SELECT * FROM information_schema.tables");
    await refused(birthReader, duck, "SELECT * FROM pg_class");
    await refused(birthReader, duck, "SELECT * FROM read_csv('/etc/hosts')");
    await refused(birthReader, duck, "SELECT * FROM birth_names; SELECT * FROM energy_usage");
    await refused(birthReader, duck, "FROM energy_usage");
    // Creating a table from a query needs the whole database.
    const ctas = await run(birthReader, duck, "SELECT * FROM birth_names", {
      select_as_cta: true,
      tmp_table_name: "copy",
    });
    expect(ctas.status).toBe(403);
  });

  it("reads back its results and exports them; a user with no access in the database gets nothing", async () => {
    const body = await ran(birthReader, duck, "SELECT name FROM birth_names ORDER BY name LIMIT 3");
    const key = body.query.resultsKey;
    expect(key).toBeTruthy();
    const results = await s.call("GET", `/api/v1/sqllab/results/?q=(key:'${key}')`, { token: birthReader });
    expect(results.status).toBe(200);
    const csv = await s.call("GET", `/api/v1/sqllab/export/${body.query.id}/`, { token: birthReader });
    expect(csv.status).toBe(200);
    expect((await csv.text()).split(/\r?\n/)[0]).toBe("name");

    const none = await run(outsider, duck, "SELECT count(*) FROM birth_names");
    expect([403, 404]).toContain(none.status);
  });

  it("refuses macros defined in the database, which read what they like", async () => {
    await s.call("PUT", `/api/v1/database/${duck}`, { token: admin, body: { allow_dml: true } });
    try {
      await ran(admin, duck, "CREATE MACRO peek() AS (SELECT count(*) FROM energy_usage)");
      await ran(admin, duck, "CREATE MACRO peek_rows() AS TABLE SELECT * FROM energy_usage");
    } finally {
      await s.call("PUT", `/api/v1/database/${duck}`, { token: admin, body: { allow_dml: false } });
    }
    const error = await refused(birthReader, duck, "SELECT peek() AS n FROM birth_names LIMIT 1");
    expect(error.message).toContain("peek()");
    expect(error.message).toContain("whole database");
    await refused(birthReader, duck, "SELECT name FROM birth_names WHERE num > main.Peek()");
    await refused(birthReader, duck, "SELECT * FROM peek_rows()");
    // What DuckDB ships (with its bundled extensions) is still callable.
    const body = await ran(
      birthReader,
      duck,
      "SELECT count(*) AS n, max(lower(name)) AS m, json_extract('{\"a\": 1}', '$.a') AS j FROM birth_names",
    );
    expect(body.data[0].n).toBeGreaterThan(0);
    expect((await ran(admin, duck, "SELECT peek() AS n")).data[0].n).toBeGreaterThan(0);
  });

  it("estimates only what it may run", async () => {
    const estimate = (sql: string) =>
      s.call("POST", "/api/v1/sqllab/estimate/", { token: birthReader, body: { database_id: duck, sql } });
    expect((await estimate("SELECT * FROM birth_names")).status).toBe(200);
    expect((await estimate("SELECT * FROM energy_usage")).status).toBe(403);
  });
});

describe("SQL Lab with access to some tables (PostgreSQL)", () => {
  it("runs queries on the granted schema's tables", async () => {
    const body = await ran(publicReader, postgres, "SELECT sum(n) AS n FROM open_rows");
    expect(body.data[0].n).toBe(3);
    expect((await ran(publicReader, postgres, "SELECT sum(n) AS n FROM public.open_rows")).data[0].n).toBe(3);
  });

  it("refuses other schemas, the system catalogs and SQL run from text", async () => {
    const error = await refused(publicReader, postgres, "SELECT * FROM hidden.secret_rows");
    expect(error.message).toContain("hidden.secret_rows");
    // Unqualified, the default schema decides: the query's schema here.
    await refused(publicReader, postgres, "SELECT * FROM secret_rows", { schema: "hidden" });
    // pg_class is pg_catalog's, whatever the default schema.
    await refused(publicReader, postgres, "SELECT relname FROM pg_class");
    await refused(
      publicReader,
      postgres,
      "SELECT query_to_xml('SELECT * FROM hidden.secret_rows', true, true, '')",
    );
    await refused(publicReader, postgres, "SELECT * FROM open_rows FOR UPDATE");
  });

  it("refuses functions and operators defined in the database, which read what they like", async () => {
    await pg.query(
      "CREATE FUNCTION public.peek() RETURNS int LANGUAGE sql AS 'SELECT n FROM hidden.secret_rows'; " +
        "CREATE FUNCTION public.peek_add(int, int) RETURNS int LANGUAGE sql AS 'SELECT $1 + n FROM hidden.secret_rows'; " +
        "CREATE OPERATOR public.### (LEFTARG = int, RIGHTARG = int, FUNCTION = public.peek_add)",
    );
    const call = await refused(publicReader, postgres, "SELECT PEEK() AS n FROM open_rows");
    expect(call.message).toContain("peek()");
    expect(call.extra.routines).toEqual(["peek"]);
    await refused(publicReader, postgres, "SELECT public.peek() AS n");
    const operator = await refused(publicReader, postgres, "SELECT n ### 1 AS n FROM open_rows");
    expect(operator.message).toContain("the operator ###");
    // What PostgreSQL ships is still callable, the same name in another schema or not.
    expect((await ran(publicReader, postgres, "SELECT max(n) + 1 AS n FROM open_rows")).data[0].n).toBe(3);
    // Whoever may read the whole database calls anything.
    expect((await ran(admin, postgres, "SELECT public.peek() AS n")).data[0].n).toBe(42);
  });
});

describe("Browsing a database with access to some tables", () => {
  const get = async (token: string, path: string) => {
    const res = await s.call("GET", path, { token });
    return { status: res.status, body: (await res.json()) as Json };
  };

  it("lists only the schemas and tables the access covers, and their columns", async () => {
    const duckSchemas = await get(birthReader, `/api/v1/database/${duck}/schemas/`);
    expect(duckSchemas.status).toBe(200);
    expect(duckSchemas.body.result).toEqual(["main"]);
    const duckTables = await get(birthReader, `/api/v1/database/${duck}/tables/?q=(schema_name:main)`);
    expect(duckTables.body.result.map((t: Json) => t.value)).toEqual(["birth_names"]);
    const columns = await get(
      birthReader,
      `/api/v1/database/${duck}/table_metadata/?name=birth_names&schema=main`,
    );
    expect(columns.status).toBe(200);
    expect(columns.body.columns.map((c: Json) => c.name)).toContain("num");
    const hidden = await get(
      birthReader,
      `/api/v1/database/${duck}/table_metadata/?name=energy_usage&schema=main`,
    );
    expect(hidden.status).toBe(403);
    // Superset's older paths are held to the same access.
    expect((await get(birthReader, `/api/v1/database/${duck}/table/birth_names/main/`)).status).toBe(200);
    for (const path of ["table/energy_usage/main/", "table_extra/energy_usage/main/"])
      expect((await get(birthReader, `/api/v1/database/${duck}/${path}`)).status).toBe(403);
    expect((await get(outsider, `/api/v1/database/${duck}/table/birth_names/main/`)).status).toBe(404);

    const pgSchemas = await get(publicReader, `/api/v1/database/${postgres}/schemas/`);
    expect(pgSchemas.body.result).toEqual(["public"]);
    const pgTables = await get(publicReader, `/api/v1/database/${postgres}/tables/?q=(schema_name:public)`);
    expect(pgTables.body.result.map((t: Json) => t.value)).toEqual(["open_rows"]);
    const secret = await get(publicReader, `/api/v1/database/${postgres}/tables/?q=(schema_name:hidden)`);
    expect(secret.body.result ?? []).toEqual([]);
    expect(
      (await get(publicReader, `/api/v1/database/${postgres}/table_metadata/?name=secret_rows&schema=hidden`))
        .status,
    ).toBe(403);
  });

  it("shows nothing of a database to a user without any access in it", async () => {
    const res = await s.call("GET", `/api/v1/database/${duck}/schemas/`, { token: outsider });
    expect(res.status).toBe(404);
  });
});

describe("SQL Lab with access to some tables, taken away", () => {
  it("runs asynchronously; once the access is gone, neither its results nor a new run are read", async () => {
    await s.call("PUT", `/api/v1/database/${duck}`, { token: admin, body: { allow_run_async: true } });
    const started = await run(birthReader, duck, "SELECT COUNT(*) AS n FROM birth_names", {
      runAsync: true,
      client_id: "tableasync1",
    });
    expect(started.status).toBe(202);
    let done: Json | undefined;
    for (let i = 0; i < 200 && !done; i++) {
      const updated = (await (
        await s.call("GET", "/api/v1/query/updated_since?q=(last_updated_ms:0)", { token: birthReader })
      ).json()) as Json;
      done = updated.result.find((q: Json) => q.client_id === "tableasync1" && q.state === "success");
      if (!done) await new Promise((r) => setTimeout(r, 100));
    }
    expect(done).toBeDefined();
    const results = `/api/v1/sqllab/results/?q=(key:'${done!.resultsKey}')`;
    expect((await s.call("GET", results, { token: birthReader })).status).toBe(200);

    // The role loses its dataset: what was fetched before is not readable any more.
    const revoked = await s.call("POST", `/api/v1/security/roles/${birthOnlyRole}/permissions`, {
      token: admin,
      body: { permission_view_menu_ids: [] },
    });
    expect(revoked.status).toBeLessThan(300);
    expect((await s.call("GET", results, { token: birthReader })).status).toBe(403);
    expect((await s.call("GET", "/api/v1/sqllab/export/tableasync1/", { token: birthReader })).status).toBe(
      403,
    );
    expect([403, 404]).toContain((await run(birthReader, duck, "SELECT COUNT(*) FROM birth_names")).status);
  });
});
