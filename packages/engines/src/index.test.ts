import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type AthenaLike,
  createEngine,
  type EngineConfig,
  EngineError,
  importFile,
  isDuckDbEngine,
  readTabularFile,
} from "./index.ts";

describe("createEngine", () => {
  it("builds the DuckDB adapter, sandboxed on request", async () => {
    const engine = await createEngine({ engine: "duckdb", path: ":memory:" }, { sandbox: true });
    try {
      expect(engine.engine).toBe("duckdb");
      expect(isDuckDbEngine(engine)).toBe(true);
      expect((await engine.execute("SELECT 40 + 2 AS answer")).data).toEqual([[42]]);
      await expect(engine.execute("SELECT * FROM read_csv('/etc/hostname')")).rejects.toThrow(/disabled/);
    } finally {
      await engine.close();
    }
  });

  it("builds the PostgreSQL adapter without connecting until used", async () => {
    const engine = await createEngine({
      engine: "postgresql",
      host: "127.0.0.1",
      port: 1,
      user: "u",
      password: "p",
      database: "d",
    });
    expect(engine.engine).toBe("postgresql");
    expect(engine.quoteIdentifier("a")).toBe('"a"');
    await expect(engine.testConnection()).rejects.toMatchObject({
      errorType: "CONNECTION_PORT_CLOSED_ERROR",
    });
    await engine.close();
  });

  it("builds the Athena adapter around an injected (mocked) client", async () => {
    const mockedClient: AthenaLike = { send: async () => ({ DatabaseList: [{ Name: "web" }] }) };
    const engine = await createEngine(
      { engine: "awsathena", region: "us-east-1" },
      { athenaClient: mockedClient },
    );
    expect(engine.engine).toBe("awsathena");
    expect(await engine.schemas()).toEqual(["web"]);
    await engine.close();
  });

  it("rejects an engine it does not know", async () => {
    const bogus = { engine: "oracle" } as unknown as EngineConfig;
    await expect(createEngine(bogus)).rejects.toBeInstanceOf(EngineError);
  });

  it("exposes file import from the package root", async () => {
    const dir = mkdtempSync(join(tmpdir(), "strata-index-"));
    const engine = await createEngine({ engine: "duckdb", path: ":memory:" }, { sandbox: true });
    try {
      const file = join(dir, "x.csv");
      writeFileSync(file, "a\n1\n2\n");
      expect((await readTabularFile(file, "csv")).data).toEqual([[1, 2]]);
      if (!isDuckDbEngine(engine)) throw new Error("expected DuckDB");
      expect((await importFile(engine, file, "csv", { table: "x" })).rowcount).toBe(2);
      expect((await engine.execute("SELECT sum(a) FROM x")).data).toEqual([[3]]);
    } finally {
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
