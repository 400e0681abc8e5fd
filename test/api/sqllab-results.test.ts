import { DEFAULT_SQLLAB_LIMITS } from "@strata/core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { postgresParameters, startPostgres, type TestPostgres } from "../support/postgres.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
let s: TestServer;
let pg: TestPostgres;
let admin: string;
let db: number;

beforeAll(async () => {
  [s, pg] = await Promise.all([
    startTestServer({
      examples: ["birth_names"],
      sqlLab: { ...DEFAULT_SQLLAB_LIMITS, syncTimeoutSec: 2, asyncTimeoutSec: 60, payloadMaxMb: 1 },
    }),
    startPostgres(),
  ]);
  admin = await s.login(ADMIN.username, ADMIN.password);
  db = (await json(await s.call("GET", "/api/v1/database/", { token: admin }))).ids[0];
}, 120_000);
afterAll(async () => {
  await s?.close();
  await pg?.stop();
});

const run = (body: Record<string, unknown>, token = admin) =>
  s.call("POST", "/api/v1/sqllab/execute/", { token, body: { database_id: db, schema: "main", ...body } });

/** Lines of a CSV body that is known to hold no line breaks inside cells. */
const csvLines = (text: string) => text.split("\r\n").filter((l) => l !== "");

describe("SQL Lab results at scale", () => {
  it("stores a 250k-row result in chunks, sends only the display limit, and exports every row", async () => {
    const res = await run({
      client_id: "big1",
      sql: "SELECT i, i * 2 AS twice, 'row ' || i AS label FROM range(250000) t(i) ORDER BY i",
      queryLimit: 1_000_000,
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.data).toHaveLength(10_000);
    expect(body.data[9_999]).toEqual({ i: 9_999, twice: 19_998, label: "row 9999" });
    expect(body.displayLimitReached).toBe(true);
    expect(body.query).toMatchObject({ rows: 250_000, limitingFactor: "NOT_LIMITED", state: "success" });

    const key = body.query.resultsKey;
    const few = await json(
      await s.call("GET", `/api/v1/sqllab/results/?q=(key:'${key}',rows:50)`, { token: admin }),
    );
    expect(few.data).toHaveLength(50);
    const capped = await json(
      await s.call("GET", `/api/v1/sqllab/results/?q=(key:'${key}',rows:200000)`, { token: admin }),
    );
    expect(capped.data).toHaveLength(10_000);

    const csv = await s.call("GET", "/api/v1/sqllab/export/big1/", { token: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename="sqllab_big1_\d+\.csv"/);
    const lines = csvLines(await csv.text());
    expect(lines).toHaveLength(250_001);
    expect(lines[0]).toBe("i,twice,label");
    expect(lines[123_457]).toBe("123456,246912,row 123456");
  });

  it("reads every kind of value back from the stored chunks as the run sent it", async () => {
    const res = await run({
      client_id: "kinds1",
      sql: `SELECT i,
        CASE WHEN i % 7 = 0 THEN NULL ELSE i / 4.0 END::DOUBLE AS d,
        CASE WHEN i % 11 = 0 THEN NULL WHEN i % 13 = 0 THEN '' ELSE 'é🙂 ' || i END AS t,
        i % 2 = 0 AS b, [i::INTEGER, (i + 1)::INTEGER] AS l, DATE '2024-01-01' + (i % 365)::INTEGER AS day,
        9007199254740993 + i AS big
        FROM range(60000) t(i) ORDER BY i`,
      queryLimit: 100_000,
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.query.rows).toBe(60_000);
    expect(body.data[14]).toEqual({
      i: 14,
      d: null,
      t: "é🙂 14",
      b: true,
      l: [14, 15],
      day: "2024-01-15",
      big: "9007199254741007",
    });
    // The run's reply comes from memory; the results endpoint reads the same rows back from storage.
    const stored = await json(
      await s.call("GET", `/api/v1/sqllab/results/?q=(key:'${body.query.resultsKey}')`, { token: admin }),
    );
    expect(stored.data).toEqual(body.data);
    const lines = csvLines(
      await (await s.call("GET", "/api/v1/sqllab/export/kinds1/", { token: admin })).text(),
    );
    expect(lines).toHaveLength(60_001);
    expect(lines[59_999 + 1]).toBe(
      '59999,14999.75,é🙂 59999,false,"[59999,60000]",2024-05-19,9007199254800992',
    );
    expect(lines[55_006 + 1]).toBe('55006,,é🙂 55006,true,"[55006,55007]",2024-09-13,9007199254795999');
    expect(lines[52_013 + 1]).toMatch(/^52013,13003.25,,false,/);
  });

  it("stores wide rows in chunks bounded by size rather than by rows alone", async () => {
    const body = await json(
      await run({
        client_id: "wide2",
        sql: "SELECT i, repeat(chr(97 + (i % 26)::INTEGER), 1000) AS wide FROM range(40000) t(i) ORDER BY i",
        queryLimit: 100_000,
      }),
    );
    expect(body.query.rows).toBe(40_000);
    const stored = await s.runtime.core.deps.results.list(`results/sqllab/${body.query.resultsKey}/`);
    // 40 MB of text: two chunks of 20,000 rows, where rows alone would have made one of 40,000.
    expect(stored.map((o) => o.key.split("/").pop())).toEqual(["000000.bin", "000001.bin"]);
    const lines = csvLines(
      await (await s.call("GET", "/api/v1/sqllab/export/wide2/", { token: admin })).text(),
    );
    expect(lines).toHaveLength(40_001);
    expect(lines[39_999 + 1]).toBe(`39999,${"l".repeat(1000)}`);
  });

  it("exports text a spreadsheet would run as a formula as text", async () => {
    await run({
      client_id: "formula1",
      sql: `SELECT * FROM (VALUES ('=1+1', -5, '-5'), ('@SUM(A1)', 1, ' =cmd|x'), ('+x', 2, 'plain, text'))
        t(a, n, b)`,
    });
    const csv = await (await s.call("GET", "/api/v1/sqllab/export/formula1/", { token: admin })).text();
    // Quoting alone does not stop Excel, LibreOffice or Sheets from running "=1+1": an apostrophe does.
    expect(csvLines(csv)).toEqual(["a,n,b", "'=1+1,-5,-5", "'@SUM(A1),1,' =cmd|x", `'+x,2,"plain, text"`]);
  });

  it("still reads a result stored with JSON chunks before chunks were laid out by column", async () => {
    const body = await json(await run({ client_id: "legacy1", sql: "SELECT 1 AS n, 'a' AS s" }));
    const key = body.query.resultsKey;
    const { meta, results } = s.runtime.core.deps;
    // A fast run's small result is written with its record a moment later: wait for it to land.
    meta.flushCoalesced();
    const manifest = JSON.parse(
      await vi.waitFor(async () => (await meta.getValue<string>(`sqllab-result#${key}`)) ?? Promise.reject()),
    );
    const legacy = { ...manifest, rowcount: 3, chunks: 1, encoding: undefined, inline: undefined };
    await meta.putValue(`sqllab-result#${key}`, JSON.stringify(legacy));
    await results.put(
      `results/sqllab/${key}/000000.json`,
      JSON.stringify([
        [1, 2, 3],
        ["x", null, "z"],
      ]),
    );
    const stored = await json(
      await s.call("GET", `/api/v1/sqllab/results/?q=(key:'${key}')`, { token: admin }),
    );
    expect(stored.data).toEqual([
      { n: 1, s: "x" },
      { n: 2, s: null },
      { n: 3, s: "z" },
    ]);
    const lines = csvLines(
      await (await s.call("GET", "/api/v1/sqllab/export/legacy1/", { token: admin })).text(),
    );
    expect(lines).toEqual(["n,s", "1,x", "2,", "3,z"]);
  });

  it("keeps a reply under SQLLAB_PAYLOAD_MAX_MB by sending fewer rows, all of them exportable", async () => {
    const body = await json(
      await run({ client_id: "wide1", sql: "SELECT i, repeat('x', 2000) AS wide FROM range(1000) t(i)" }),
    );
    expect(body.query.rows).toBe(1000);
    expect(body.data.length).toBeGreaterThan(400);
    expect(body.data.length).toBeLessThan(1000);
    expect(JSON.stringify(body.data).length).toBeLessThanOrEqual(1024 * 1024);
    expect(body.displayLimitReached).toBe(true);
    const lines = csvLines(
      await (await s.call("GET", "/api/v1/sqllab/export/wide1/", { token: admin })).text(),
    );
    expect(lines).toHaveLength(1001);
  });

  it("reports what limited a result: the selector, the SQL's LIMIT, or both", async () => {
    const factor = async (sql: string, queryLimit: number) =>
      (await json(await run({ sql, queryLimit }))).query.limitingFactor;
    expect(await factor("SELECT * FROM range(100)", 10)).toBe("DROPDOWN");
    expect(await factor("SELECT * FROM range(100) LIMIT 5", 1000)).toBe("QUERY");
    expect(await factor("SELECT * FROM range(100) LIMIT 10; -- done", 10)).toBe("QUERY_AND_DROPDOWN");
    expect(await factor("SELECT * FROM range(3)", 10)).toBe("NOT_LIMITED");
  });

  it("refuses a limit above SQL_MAX_ROW and tells the editor its limits", async () => {
    const res = await run({ sql: "SELECT 1", queryLimit: 1_000_001 });
    expect(res.status).toBe(400);
    expect((await json(res)).message.queryLimit[0]).toContain("1,000,000");
    const boot = await json(await s.call("GET", "/api/v1/sqllab/", { token: admin }));
    expect(boot.result.common.conf).toMatchObject({
      DISPLAY_MAX_ROW: 10_000,
      SQL_MAX_ROW: 1_000_000,
      DEFAULT_SQLLAB_LIMIT: 1000,
      SQLLAB_TIMEOUT: 2,
    });
  });

  it("lets only the query's owner export it; unknown or unfinished queries answer 404", async () => {
    const token = await userWithRoles(s, admin, "exporter", ["sql_lab", "Gamma"]);
    expect((await s.call("GET", "/api/v1/sqllab/export/big1/", { token })).status).toBe(404);
    expect((await s.call("GET", "/api/v1/sqllab/export/nope/", { token: admin })).status).toBe(404);
  });

  it("times a synchronous run out with the SQL Lab timeout error", async () => {
    const res = await run({
      client_id: "slow1",
      sql: "SELECT count(*) FROM range(100000) a(i), range(100000) b(j) WHERE (i * j) % 7 = 3",
    });
    expect(res.status).toBe(408);
    const body = await json(res);
    expect(body.errors[0]).toMatchObject({ error_type: "SQLLAB_TIMEOUT_ERROR", extra: { timeout: 2 } });
    expect(body.errors[0].message).toBe("The query exceeded the 2 seconds timeout.");
    const history = await json(await s.call("GET", "/api/v1/query/", { token: admin }));
    expect(history.result.find((q: Json) => q.client_id === "slow1")).toMatchObject({ state: "timed_out" });
  });
});

describe("stored records", () => {
  it("writes a fast run's record once, with its outcome, and it is in the history at once", async () => {
    const body = await json(await run({ client_id: "fast1", sql: "SELECT 1 AS one" }));
    expect(body.query).toMatchObject({ state: "success", rows: 1 });
    const got = await json(await s.call("GET", `/api/v1/query/${body.query_id}`, { token: admin }));
    expect(got.result).toMatchObject({ client_id: "fast1", state: "success", rows: 1 });
    expect(got.result.resultsKey).toBe(body.query.resultsKey);
  });

  it("stops a run right after it starts, before its record would be written", async () => {
    const running = run({
      client_id: "early1",
      sql: "SELECT count(*) FROM range(100000) a(i), range(100000) b(j) WHERE (i * j) % 7 = 3",
    });
    // Whichever moment the stop lands (no record yet, or after), the run ends stopped.
    let stopped = 404;
    for (let i = 0; i < 200 && stopped !== 200; i++) {
      await new Promise((r) => setTimeout(r, 5));
      stopped = (await s.call("POST", "/api/v1/query/stop", { token: admin, body: { client_id: "early1" } }))
        .status;
    }
    expect(stopped).toBe(200);
    const body = await json(await running);
    expect(body.status).toBe("stopped");
    const history = await json(await s.call("GET", "/api/v1/query/", { token: admin }));
    expect(history.result.find((q: Json) => q.client_id === "early1")).toMatchObject({ state: "stopped" });
  });

  it("refuses to stop someone else's run that has no record yet", async () => {
    const other = await userWithRoles(s, admin, "stopper", ["sql_lab", "Alpha"]);
    const running = run({
      client_id: "early2",
      sql: "SELECT count(*) FROM range(50000000) t(i) WHERE i % 7 = 3",
    });
    await new Promise((r) => setTimeout(r, 20));
    const res = await s.call("POST", "/api/v1/query/stop", { token: other, body: { client_id: "early2" } });
    expect(res.status).toBe(404);
    expect((await running).status).toBe(200);
  });
});

describe("CREATE TABLE / VIEW AS", () => {
  it("creates a table from a SELECT, then the table can be queried", async () => {
    const res = await run({
      sql: "SELECT gender, SUM(num) AS total FROM birth_names GROUP BY gender",
      select_as_cta: true,
      ctas_method: "TABLE",
      tmp_table_name: "gender_totals",
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.query).toMatchObject({ ctas: true, ctas_method: "TABLE", tmp_table_name: "gender_totals" });
    expect(body.data).toEqual([]);
    const read = await json(await run({ sql: "SELECT count(*) AS n FROM gender_totals" }));
    expect(read.data).toEqual([{ n: 2 }]);
  });

  it("creates a view, and generates a name when none is given", async () => {
    const view = await json(
      await run({
        sql: "SELECT 42 AS answer",
        select_as_cta: true,
        ctas_method: "VIEW",
        tmp_table_name: "answer_view",
      }),
    );
    expect(view.query.ctas_method).toBe("VIEW");
    expect((await json(await run({ sql: "SELECT answer FROM answer_view" }))).data).toEqual([{ answer: 42 }]);
    const named = await json(await run({ sql: "SELECT 1 AS one", select_as_cta: true }));
    expect(named.query.tmp_table_name).toMatch(/^tmp_\d+_table_\d{4}_\d\d_\d\d_\d\d_\d\d_\d\d$/);
  });

  it("refuses more than one statement, a non-SELECT, or a database that does not allow it", async () => {
    const two = await run({ sql: "SELECT 1; SELECT 2", select_as_cta: true, tmp_table_name: "x2" });
    expect(two.status).toBe(400);
    expect((await json(two)).errors[0].error_type).toBe("INVALID_CTAS_QUERY_ERROR");
    const dml = await run({ sql: "DELETE FROM birth_names", select_as_cta: true, ctas_method: "VIEW" });
    expect(dml.status).toBe(400);
    const scratch = await json(
      await s.call("POST", "/api/v1/database/", {
        token: admin,
        body: {
          database_name: "no ctas",
          engine: "duckdb",
          parameters: { path: "no-ctas.duckdb" },
          expose_in_sqllab: true,
        },
      }),
    );
    const refused = await s.call("POST", "/api/v1/sqllab/execute/", {
      token: admin,
      body: { database_id: scratch.id, sql: "SELECT 1", select_as_cta: true, tmp_table_name: "t" },
    });
    expect(refused.status).toBe(400);
    expect((await json(refused)).errors[0].message).toContain("does not allow CREATE TABLE AS");
  });
});

describe("SQL Lab over PostgreSQL", () => {
  let pgDb: number;
  const pgRun = (body: Record<string, unknown>) =>
    s.call("POST", "/api/v1/sqllab/execute/", { token: admin, body: { database_id: pgDb, ...body } });

  beforeAll(async () => {
    const created = await json(
      await s.call("POST", "/api/v1/database/", {
        token: admin,
        body: {
          database_name: "pg results",
          engine: "postgresql",
          parameters: postgresParameters(pg),
          expose_in_sqllab: true,
        },
      }),
    );
    pgDb = created.id;
  });

  it("streams a big result through a cursor into chunks and exports it", async () => {
    const created = { id: pgDb };
    const res = await s.call("POST", "/api/v1/sqllab/execute/", {
      token: admin,
      body: {
        database_id: created.id,
        client_id: "pgbig",
        sql: "SELECT g AS n, md5(g::text) AS h FROM generate_series(1, 120000) g ORDER BY g",
        queryLimit: 100_000,
      },
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.query).toMatchObject({ rows: 100_000, limitingFactor: "DROPDOWN" });
    expect(body.data).toHaveLength(10_000);
    expect(body.displayLimitReached).toBe(true);
    const lines = csvLines(
      await (await s.call("GET", "/api/v1/sqllab/export/pgbig/", { token: admin })).text(),
    );
    expect(lines).toHaveLength(100_001);
    expect(lines[100_000]).toMatch(/^100000,[0-9a-f]{32}$/);
  });

  it("refuses DML (parser and read-only transaction), renders templates and reports engine errors", async () => {
    const dml = await pgRun({ sql: "CREATE TABLE nope (x int)" });
    expect(dml.status).toBe(400);
    expect((await json(dml)).errors[0].error_type).toBe("DML_NOT_ALLOWED_ERROR");
    // A function that writes hides inside a SELECT: PostgreSQL's READ ONLY transaction refuses it.
    await pg.query("CREATE SEQUENCE IF NOT EXISTS strata_seq");
    const sneaky = await pgRun({ sql: "SELECT nextval('strata_seq')" });
    expect(sneaky.status).toBe(400);
    expect((await json(sneaky)).errors[0].error_type).toBe("DML_NOT_ALLOWED_ERROR");
    const templated = await json(
      await pgRun({ sql: "SELECT {{ n }} * 2 AS doubled", templateParams: JSON.stringify({ n: 21 }) }),
    );
    expect(templated.data).toEqual([{ doubled: 42 }]);
    const missing = await pgRun({ sql: "SELECT * FROM no_such_table" });
    expect(missing.status).toBe(400);
    expect((await json(missing)).errors[0].message).toContain("no_such_table");
  });

  it("stops a long PostgreSQL query from another request", async () => {
    const running = pgRun({ client_id: "pgslow", sql: "SELECT pg_sleep(20)" });
    let stopped = 404;
    for (let i = 0; i < 200 && stopped !== 200; i++) {
      await new Promise((r) => setTimeout(r, 10));
      stopped = (await s.call("POST", "/api/v1/query/stop", { token: admin, body: { client_id: "pgslow" } }))
        .status;
    }
    expect(stopped).toBe(200);
    const started = Date.now();
    const body = await json(await running);
    expect(body.status).toBe("stopped");
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("estimates a PostgreSQL query's cost with EXPLAIN", async () => {
    const res = await s.call("POST", "/api/v1/sqllab/estimate/", {
      token: admin,
      body: { database_id: pgDb, sql: "SELECT * FROM generate_series(1, 10) g" },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).result[0].plan).toMatch(/Function Scan|cost=/);
  });
});
