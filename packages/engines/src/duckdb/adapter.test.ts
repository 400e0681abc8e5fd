import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDuckDbEngine, type DuckDbEngine } from "./adapter.ts";
import { isCancelled } from "../engine-errors.ts";
import { EngineError } from "../types.ts";

async function failure(promise: Promise<unknown>): Promise<EngineError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(EngineError);
    return error as EngineError;
  }
  throw new Error("expected the call to fail");
}

describe("DuckDB engine", () => {
  let dir: string;
  let engine: DuckDbEngine;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "strata-duckdb-"));
    writeFileSync(join(dir, "secret.csv"), "a,b\n1,2\n");
    engine = await createDuckDbEngine(
      { engine: "duckdb", path: join(dir, "test.duckdb") },
      { sandbox: true },
    );
    await engine.execute(
      `CREATE SCHEMA sales;
       CREATE TABLE sales.orders (id BIGINT NOT NULL, amount DECIMAL(10,2), placed TIMESTAMP, region VARCHAR);
       INSERT INTO sales.orders VALUES (1, 10.50, '2024-01-02 03:04:05', 'north'), (2, 20.25, '2024-02-03 00:00:00', 'south');
       CREATE VIEW sales.big_orders AS SELECT * FROM sales.orders WHERE amount > 15;
       CREATE TABLE main.t AS SELECT range AS n FROM range(5000);`,
      { allowDml: true },
    );
  });

  afterAll(async () => {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("returns one array per column with JSON-safe values", async () => {
    const result = await engine.execute(`SELECT
      42::BIGINT AS big, 9007199254740993::BIGINT AS unsafe, 12.34::DECIMAL(10,2) AS dec,
      170141183460469231731687303715884105727::HUGEINT AS huge, DATE '2020-01-02' AS d,
      TIMESTAMP '2020-01-02 03:04:05.123456' AS ts, TIMESTAMP '2020-01-02 03:04:05' AS ts0,
      TIMESTAMPTZ '2020-01-02 03:04:05+00' AS tstz, true AS flag, 'text' AS s, NULL::INTEGER AS nothing,
      [1, 2] AS list, {'k': 'v'} AS struct, 'NaN'::DOUBLE AS nan, 1 AS s`);
    expect(result.rowcount).toBe(1);
    expect(result.truncated).toBe(false);
    expect(result.columns.map((c) => c.name)).toEqual([
      "big",
      "unsafe",
      "dec",
      "huge",
      "d",
      "ts",
      "ts0",
      "tstz",
      "flag",
      "s",
      "nothing",
      "list",
      "struct",
      "nan",
      "s__1",
    ]);
    expect(result.data).toEqual([
      [42],
      ["9007199254740993"],
      [12.34],
      ["170141183460469231731687303715884105727"],
      ["2020-01-02"],
      ["2020-01-02T03:04:05.123456"],
      ["2020-01-02T03:04:05"],
      ["2020-01-02T03:04:05+00:00"],
      [true],
      ["text"],
      [null],
      [[1, 2]],
      [{ k: "v" }],
      [null],
      [1],
    ]);
    const kinds = Object.fromEntries(result.columns.map((c) => [c.name, c.kind]));
    expect(kinds).toMatchObject({
      big: "numeric",
      dec: "numeric",
      d: "temporal",
      tstz: "temporal",
      flag: "boolean",
      s: "string",
      list: "other",
    });
    expect(result.columns.find((c) => c.name === "dec")?.type).toBe("DECIMAL(10,2)");
  });

  it("gives values inside lists, structs and maps the form they have in a column of their own", async () => {
    const result = await engine.execute(`SELECT
      [id, 9007199254740993, NULL] AS ids, [amount] AS amounts, [placed] AS times,
      {'id': id, 'day': placed::DATE, 'nan': 'NaN'::DOUBLE, 'tz': TIMESTAMPTZ '2020-01-02 03:04:05+00'} AS info,
      MAP {region: id} AS by_region, MAP {[id]: region} AS by_list, [[placed]] AS nested
      FROM sales.orders WHERE id = 1`);
    expect(result.data).toEqual([
      [[1, "9007199254740993", null]],
      [[10.5]],
      [["2024-01-02T03:04:05"]],
      [{ id: 1, day: "2024-01-02", nan: null, tz: "2020-01-02T03:04:05+00:00" }],
      [{ north: 1 }],
      // Keys that are lists can't be an object's keys: DuckDB's pairs stay.
      [[{ key: [1], value: "north" }]],
      [[["2024-01-02T03:04:05"]]],
    ]);
  });
  it("converts dates before 1970 and after 2038 correctly", async () => {
    const result = await engine.execute(
      "SELECT DATE '1900-02-28' AS a, TIMESTAMP '1969-12-31 23:59:59.5' AS b, TIMESTAMP '2200-12-31 12:00:00' AS c, DATE '2000-02-29' AS d",
    );
    expect(result.data).toEqual([
      ["1900-02-28"],
      ["1969-12-31T23:59:59.500000"],
      ["2200-12-31T12:00:00"],
      ["2000-02-29"],
    ]);
  });

  it("stops at the limit and says the result was cut", async () => {
    const cut = await engine.execute("SELECT n FROM t ORDER BY n", { limit: 10 });
    expect(cut.rowcount).toBe(10);
    expect(cut.data[0]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(cut.truncated).toBe(true);
    const exact = await engine.execute("SELECT n FROM t", { limit: 5000 });
    expect(exact.rowcount).toBe(5000);
    expect(exact.truncated).toBe(false);
    const chunkBoundary = await engine.execute("SELECT n FROM t", { limit: 2048 });
    expect(chunkBoundary.truncated).toBe(true);
    expect(chunkBoundary.data[0]).toHaveLength(2048);
  });

  it("binds $1 … parameters", async () => {
    const result = await engine.execute(
      "SELECT id, region FROM sales.orders WHERE region = $1 AND amount > $2 AND placed < $3",
      {
        params: ["south", 15, new Date("2030-01-01T00:00:00Z")],
      },
    );
    expect(result.data).toEqual([[2], ["south"]]);
  });

  it("uses the default schema", async () => {
    const result = await engine.execute("SELECT count(*) AS c FROM orders", { schema: "sales" });
    expect(result.data).toEqual([[2]]);
    // "main" (taken as given on a fresh connection) reads main, also straight after a query that
    // read another schema.
    expect((await engine.execute("SELECT count(*) AS c FROM t", { schema: "main" })).data).toEqual([[5000]]);
    await expect(engine.execute("SELECT count(*) AS c FROM orders", { schema: "main" })).rejects.toThrow(
      /orders/,
    );
    expect((await engine.execute("SELECT count(*) AS c FROM orders", { schema: "sales" })).data).toEqual([
      [2],
    ]);
  });

  it("refuses statements that change data before running any, unless DML is allowed", async () => {
    for (const sql of [
      "INSERT INTO sales.orders VALUES (3, 1, NULL, 'x')",
      "SELECT 1; DELETE FROM sales.orders",
      "CREATE TABLE x (a INT)",
      "UPDATE sales.orders SET amount = 0",
      "COPY sales.orders TO 'out.csv'",
      "SET threads = 1",
    ]) {
      const error = await failure(engine.execute(sql));
      expect(error.errorType, sql).toBe("DML_NOT_ALLOWED_ERROR");
    }
    const count = await engine.execute("SELECT count(*) FROM sales.orders");
    expect(count.data).toEqual([[2]]);
    await engine.execute("CREATE TEMP TABLE scratch AS SELECT 1 AS a; INSERT INTO scratch VALUES (2)", {
      allowDml: true,
    });
  });

  it("sandbox: user SQL cannot read files, attach databases, write files or unlock settings", async () => {
    const attempts: [string, boolean][] = [
      [`SELECT * FROM read_csv('${join(dir, "secret.csv")}')`, false],
      ["SELECT * FROM read_text('/etc/passwd')", false],
      [`ATTACH '${join(dir, "other.duckdb")}' AS other`, true],
      [`COPY (SELECT 1) TO '${join(dir, "leak.csv")}'`, true],
      ["SET enable_external_access = true", true],
      ["INSTALL httpfs", true],
    ];
    for (const [sql, allowDml] of attempts) {
      const error = await failure(engine.execute(sql, { allowDml }));
      expect(error.message, sql).toMatch(/disabled|locked|Permission/i);
    }
  });

  it("maps errors to Superset's error types, with DuckDB's message and no stack", async () => {
    const syntax = await failure(engine.execute("SELEC 1"));
    expect(syntax.errorType).toBe("SYNTAX_ERROR");
    expect(syntax.status).toBe(400);
    expect(syntax.message).toMatch(/syntax error at or near "SELEC"/);
    expect(syntax.message).not.toMatch(/\n\s+at /);
    expect((await failure(engine.execute("SELECT * FROM missing_table"))).errorType).toBe(
      "TABLE_DOES_NOT_EXIST_ERROR",
    );
    expect((await failure(engine.execute("SELECT missing_column FROM sales.orders"))).errorType).toBe(
      "COLUMN_DOES_NOT_EXIST_ERROR",
    );
    expect((await failure(engine.execute("SELECT 1", { schema: "nope" }))).errorType).toBe(
      "SCHEMA_DOES_NOT_EXIST_ERROR",
    );
    const generic = await failure(engine.execute("SELECT 'a'::INTEGER"));
    expect(generic.errorType).toBe("GENERIC_DB_ENGINE_ERROR");
    expect(generic.message).toMatch(/Could not convert string 'a'/);
    expect((await failure(engine.execute("   "))).errorType).toBe("INVALID_SQL_ERROR");
  });

  it("interrupts a running query when the signal aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failure(
      engine.execute("SELECT count(*) FROM range(100000000000) a", { signal: controller.signal }),
    );
    expect(isCancelled(error)).toBe(true);
    // The engine stays usable afterwards.
    expect((await engine.execute("SELECT 1 AS one")).data).toEqual([[1]]);
  });

  it("reports a timeout when the signal came from AbortSignal.timeout", async () => {
    const error = await failure(
      engine.execute("SELECT count(*) FROM range(100000000000) a", { signal: AbortSignal.timeout(50) }),
    );
    expect(error.errorType).toBe("CONNECTION_DATABASE_TIMEOUT");
  });

  it("lists catalogs, schemas, tables and columns", async () => {
    expect(await engine.catalogs()).toEqual(["test"]);
    expect(await engine.schemas()).toEqual(["main", "sales"]);
    expect(await engine.tables("sales")).toEqual([
      { name: "big_orders", type: "view" },
      { name: "orders", type: "table" },
    ]);
    expect(await engine.columns("orders", "sales")).toEqual([
      { name: "id", type: "BIGINT", nullable: false, kind: "numeric" },
      { name: "amount", type: "DECIMAL(10,2)", nullable: true, kind: "numeric" },
      { name: "placed", type: "TIMESTAMP", nullable: true, kind: "temporal" },
      { name: "region", type: "VARCHAR", nullable: true, kind: "string" },
    ]);
    expect((await failure(engine.columns("nope", "sales"))).errorType).toBe("TABLE_DOES_NOT_EXIST_ERROR");
  });

  it("describes a query's columns without running it", async () => {
    const columns = await engine.describeQuery(
      "SELECT id, amount * 2 AS doubled, placed::DATE AS day FROM orders WHERE id = $1",
      "sales",
    );
    expect(columns).toEqual([
      { name: "id", type: "BIGINT", nullable: true, kind: "numeric" },
      { name: "doubled", type: "DECIMAL(18,2)", nullable: true, kind: "numeric" },
      { name: "day", type: "DATE", nullable: true, kind: "temporal" },
    ]);
  });

  it("classifies statements with DuckDB's own parser", async () => {
    expect(
      await engine.parseStatements("SELECT 1; INSERT INTO t VALUES (1); EXPLAIN SELECT 2; DESCRIBE t"),
    ).toEqual([
      { sql: "SELECT 1", kind: "SELECT", readOnly: true },
      { sql: "INSERT INTO t VALUES (1)", kind: "INSERT", readOnly: false },
      { sql: "EXPLAIN SELECT 2", kind: "EXPLAIN", readOnly: true },
      { sql: "DESCRIBE t", kind: "SELECT", readOnly: true },
    ]);
  });

  it("shares one instance per file and refuses to reopen it with other settings", async () => {
    const second = await createDuckDbEngine(
      { engine: "duckdb", path: join(dir, "test.duckdb") },
      { sandbox: true },
    );
    expect((await second.execute("SELECT count(*) FROM sales.orders")).data).toEqual([[2]]);
    await second.close();
    // The first engine still works after the second closed.
    expect((await engine.execute("SELECT count(*) FROM sales.orders")).data).toEqual([[2]]);
    const error = await failure(createDuckDbEngine({ engine: "duckdb", path: join(dir, "test.duckdb") }));
    expect(error.message).toMatch(/already open with different settings/);
  });

  it("gives every query a connection of its own: what one sets is gone for the next", async () => {
    await engine.execute("CREATE TEMP TABLE only_here AS SELECT 1 AS a; SET VARIABLE mark = 7", {
      allowDml: true,
    });
    expect((await failure(engine.execute("SELECT * FROM only_here"))).message).toMatch(/only_here/);
    expect((await engine.execute("SELECT getvariable('mark') AS v")).data).toEqual([[null]]);
  });

  it("quotes identifiers", () => {
    expect(engine.quoteIdentifier('we"ird name')).toBe('"we""ird name"');
  });
});
