import { existsSync } from "node:fs";
import { join } from "node:path";
import { ErrorType } from "@strata/contracts";
import { collectColumnar, createDuckDbEngine, type DuckDbEngine } from "../duckdb/adapter.ts";
import { createTableFromColumnar, createTableFromDuckDbResult } from "../duckdb/tables.ts";
import { withFileReader } from "../file-import.ts";
import { EngineError } from "../types.ts";
import { EXAMPLE_SOURCES, type ExampleSource, sourceFileReader } from "./example-sources.ts";

export interface LoadExamplesReport {
  /** Tables created by this call. */
  loaded: string[];
  /** Tables that already existed (left as they were). */
  skipped: string[];
  /** Rows written per loaded table. */
  rowcounts: Record<string, number>;
  ms: number;
}

/** Tables loaded at once: the reader and the target both work in parallel. */
const CONCURRENCY = 3;

async function loadOne(engine: DuckDbEngine, source: ExampleSource, examplesDir: string): Promise<number> {
  return withFileReader(async (connection) => {
    // Dates derived from "today" and epoch conversions must not depend on the host's time zone.
    await connection.run("SET TimeZone = 'UTC'");
    for (const statement of source.setup ?? []) await connection.run(statement);
    const sql = source.select(sourceFileReader(examplesDir));
    const target = { table: source.table, schema: "main", ifExists: "fail" as const };
    if (source.transform) {
      const result = source.transform(await collectColumnar(await connection.stream(sql)));
      return (await createTableFromColumnar(engine, target, result)).rowcount;
    }
    return (await createTableFromDuckDbResult(engine, target, await connection.stream(sql))).rowcount;
  });
}

/**
 * Creates Superset's example tables in schema `main` of a DuckDB database, reading the files of
 * `examplesDir` (the project's `examples-data/`). Tables that exist are skipped, so it is safe to
 * call on every start. `target` is an open engine (it may be sandboxed) or a database file path.
 */
export async function loadExamples(
  target: string | DuckDbEngine,
  examplesDir: string,
  only?: string[],
  log: (line: string) => void = console.log,
): Promise<LoadExamplesReport> {
  const started = performance.now();
  const unknown = (only ?? []).filter((name) => !EXAMPLE_SOURCES.some((s) => s.table === name));
  if (unknown.length > 0) {
    throw new EngineError(
      `Unknown example tables: ${unknown.join(", ")}.`,
      ErrorType.GENERIC_DB_ENGINE_ERROR,
      400,
    );
  }
  const sources = EXAMPLE_SOURCES.filter((s) => !only || only.includes(s.table));
  const missing = sources.flatMap((s) => s.files).filter((file) => !existsSync(join(examplesDir, file)));
  if (missing.length > 0) {
    throw new EngineError(
      `Example data files are missing from ${examplesDir}: ${missing.join(", ")}.`,
      ErrorType.GENERIC_DB_ENGINE_ERROR,
      500,
    );
  }
  const engine =
    typeof target === "string"
      ? await createDuckDbEngine({ engine: "duckdb", path: target }, { shareOpenInstance: true })
      : target;
  const report: LoadExamplesReport = { loaded: [], skipped: [], rowcounts: {}, ms: 0 };
  try {
    const existing = new Set((await engine.tables("main")).map((t) => t.name));
    const todo = sources.filter((s) => {
      if (existing.has(s.table)) report.skipped.push(s.table);
      return !existing.has(s.table);
    });
    let next = 0;
    const worker = async () => {
      while (next < todo.length) {
        const source = todo[next++];
        try {
          report.rowcounts[source.table] = await loadOne(engine, source, examplesDir);
          report.loaded.push(source.table);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          throw new EngineError(
            `Loading example table "${source.table}" failed: ${reason}`,
            ErrorType.GENERIC_DB_ENGINE_ERROR,
            500,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, todo.length) }, worker));
  } finally {
    if (typeof target === "string") await engine.close();
  }
  report.ms = Math.round(performance.now() - started);
  if (report.loaded.length > 0 || !only) {
    log(
      `Example tables: ${report.loaded.length} loaded, ${report.skipped.length} already present (${report.ms} ms).`,
    );
  }
  return report;
}
