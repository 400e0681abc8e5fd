import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDuckDbEngine, type DuckDbEngine } from "./adapter.ts";
import { duckDbResourcesFromEnv } from "./resources.ts";
import { EngineError } from "../types.ts";

/** Every way we found for user SQL to read DuckDB's own paths (DATA_DIR, temp, home) as results. */
const PATH_LEAKS: [string, boolean][] = [
  ["SELECT * FROM duckdb_databases()", false],
  ["SELECT path FROM duckdb_databases", false],
  ["FROM duckdb_databases()", false],
  ["SELECT reverse(path) FROM system.main.duckdb_databases", false],
  ['SELECT "path" FROM "DUCKDB_DATABASES"()', false],
  ["PRAGMA database_list", false],
  ["SELECT * FROM pragma_database_list", false],
  ["CALL pragma_database_list()", false],
  ["SELECT current_setting('temp_directory')", false],
  ["SELECT pg_catalog.current_setting('secret_directory')", false],
  ["SELECT current_setting /* a comment */ ('temp_directory')", false],
  ["EXPLAIN SELECT current_setting('temp_directory')", false],
  ["SELECT name, value FROM duckdb_settings()", false],
  ["SELECT * FROM duckdb_temporary_files()", false],
  ["SELECT * FROM duckdb_logs", false],
  ["WITH x AS (SELECT 1) SELECT (SELECT path FROM duckdb_databases() LIMIT 1)", false],
  ["SELECT * FROM query('SELECT path FROM duck' || 'db_databases()')", false],
  ["SELECT * FROM query_table('duckdb_databases')", false],
  ["SELECT 1; SELECT current_setting('temp_directory')", false],
  // A carriage return ends a line comment for DuckDB (and for our lexer).
  ["SELECT 1 AS x -- a comment\r FROM duckdb_settings()", false],
  ["CREATE VIEW v AS SELECT path FROM duckdb_databases()", true],
  ["CREATE MACRO m() AS TABLE SELECT current_setting('temp_directory') AS p", true],
];

describe("DuckDB sandbox: no server paths as query results", () => {
  let dir: string;
  let engine: DuckDbEngine;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "strata-duckdb-guard-"));
    engine = await createDuckDbEngine(
      { engine: "duckdb", path: join(dir, "guard.duckdb") },
      { sandbox: true },
    );
    await engine.execute("CREATE TABLE t (query VARCHAR, n INTEGER); INSERT INTO t VALUES ('a', 1)", {
      allowDml: true,
    });
  });

  afterAll(async () => {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses every statement that reads DuckDB's paths or settings, with an actionable 400", async () => {
    for (const [sql, allowDml] of PATH_LEAKS) {
      let error: unknown;
      let rows: unknown;
      try {
        rows = (await engine.execute(sql, { allowDml })).data;
      } catch (e) {
        error = e;
      }
      expect(JSON.stringify(rows ?? null), sql).not.toContain(dir);
      expect(error, sql).toBeInstanceOf(EngineError);
      expect((error as EngineError).status, sql).toBe(400);
      expect((error as EngineError).message, sql).toMatch(/describes the server rather than your data/);
      expect((error as EngineError).message, sql).not.toContain(dir);
    }
    // Binding a virtual dataset's SQL (describe) is refused the same way.
    await expect(engine.describeQuery("SELECT path FROM duckdb_databases()")).rejects.toThrow(
      /describes the server/,
    );
  });

  it("still reads the catalogue and ordinary data, including a column called query", async () => {
    const ok = [
      "SELECT table_name FROM information_schema.tables WHERE table_name = 't'",
      "SELECT table_name FROM duckdb_tables() WHERE table_name = 't'",
      "SELECT column_name FROM duckdb_columns() WHERE table_name = 't'",
      "SELECT name FROM pragma_table_info('t')",
      "DESCRIBE t",
      "SHOW TABLES",
      "SELECT query, n FROM t",
      "SELECT 'duckdb_databases() is only a string here' AS s",
      "SELECT current_database()",
    ];
    for (const sql of ok) {
      const result = await engine.execute(sql);
      expect(result.rowcount, sql).toBeGreaterThan(0);
      expect(JSON.stringify(result.data), sql).not.toContain(dir);
    }
    // Strata's own metadata reads use duckdb_databases() and are not user SQL.
    expect(await engine.catalogs()).toEqual(["guard"]);
  });

  it("an engine without the sandbox (Strata's own maintenance) is not restricted", async () => {
    const own = await createDuckDbEngine({ engine: "duckdb", path: ":memory:" });
    expect((await own.execute("SELECT current_setting('threads') AS t")).rowcount).toBe(1);
    await own.close();
  });
});

describe("DuckDB resources of a sandboxed instance", () => {
  it("bounds memory, threads and spill space, from DUCKDB_* or relative to the machine", async () => {
    const defaults = duckDbResourcesFromEnv({});
    expect(defaults.memoryLimit).toMatch(/^\d+MB$/);
    expect(defaults.threads).toBeGreaterThanOrEqual(1);
    expect(
      duckDbResourcesFromEnv({
        DUCKDB_MEMORY_LIMIT: "1.5gb",
        DUCKDB_THREADS: "3",
        DUCKDB_MAX_TEMP_DIRECTORY_SIZE: "2GiB",
      }),
    ).toEqual({ memoryLimit: "1.5GB", threads: 3, maxTempDirectorySize: "2GiB" });
    expect(() => duckDbResourcesFromEnv({ DUCKDB_MEMORY_LIMIT: "lots" })).toThrow(
      /DUCKDB_MEMORY_LIMIT must be a size/,
    );
    expect(() => duckDbResourcesFromEnv({ DUCKDB_THREADS: "0" })).toThrow(/DUCKDB_THREADS must be/);

    // The limits are in force on a sandboxed instance (read on Strata's own connection: user SQL
    // may not read settings).
    const previous = process.env.DUCKDB_MEMORY_LIMIT;
    process.env.DUCKDB_MEMORY_LIMIT = "300MB";
    const engine = await createDuckDbEngine({ engine: "duckdb", path: ":memory:" }, { sandbox: true });
    try {
      const settings = await engine.withConnection(async (c) =>
        (
          await c.runAndReadAll(
            "SELECT current_setting('memory_limit'), current_setting('threads'), current_setting('max_temp_directory_size')",
          )
        ).getRowsJson(),
      );
      expect(settings[0][0]).toMatch(/^(286\.1 MiB|300\.0 MB)$/);
      expect(Number(settings[0][1])).toBe(defaults.threads);
    } finally {
      await engine.close();
      if (previous === undefined) delete process.env.DUCKDB_MEMORY_LIMIT;
      else process.env.DUCKDB_MEMORY_LIMIT = previous;
    }
  });
});
