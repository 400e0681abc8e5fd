import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDuckDbEngine, type DuckDbEngine } from "./adapter.ts";

// The lexer's check is switched off here, so what is tested is the second check alone: DuckDB's
// own parse tree, read on a connection of its own while the statement prepares. It is what stands
// when our lexer and DuckDB disagree about a text.
vi.mock("./system-guard.ts", async (original) => ({
  ...(await original<typeof import("./system-guard.ts")>()),
  checkSystemNamesInText: () => undefined,
}));

describe("DuckDB sandbox: the parse-tree check", () => {
  let engine: DuckDbEngine;
  beforeAll(async () => {
    engine = await createDuckDbEngine({ engine: "duckdb", path: ":memory:" }, { sandbox: true });
  });
  afterAll(() => engine.close());

  it("refuses a system function DuckDB's tree names, each time it is asked", async () => {
    for (let i = 0; i < 2; i++)
      await expect(engine.execute("SELECT name, value FROM duckdb_settings()")).rejects.toThrow(
        /duckdb_settings is not available here/,
      );
  });

  it("answers with the refusal, not the error the statement itself raises while it prepares", async () => {
    await expect(engine.execute("SELECT no_such_column FROM duckdb_settings()")).rejects.toThrow(
      /duckdb_settings is not available here/,
    );
    await expect(engine.describeQuery("SELECT no_such_column FROM duckdb_settings()")).rejects.toThrow(
      /duckdb_settings is not available here/,
    );
  });

  it("runs what it passes, the first time and again", async () => {
    for (let i = 0; i < 2; i++) {
      const result = await engine.execute("SELECT 42 AS answer");
      expect(result.data).toEqual([[42]]);
    }
  });
});
