import { StopQueryExecutionCommand } from "@aws-sdk/client-athena";
import { describe, expect, it } from "vitest";
import { createAthenaEngine } from "./adapter.ts";
import { type MockQuery, MockedAthenaClient } from "./mocked-athena-client.ts";
import { isCancelled } from "../engine-errors.ts";
import { EngineError } from "../types.ts";

const config = {
  engine: "awsathena" as const,
  region: "eu-west-1",
  workGroup: "primary",
  outputLocation: "s3://results/",
  schema: "web",
};

function engineWith(answer: (sql: string) => Partial<MockQuery> = () => ({})) {
  const client = new MockedAthenaClient(answer);
  return { client, engine: createAthenaEngine(config, { client, pollIntervalMs: 1 }) };
}

describe("Athena engine (mocked AWS client)", () => {
  it("runs a query, skips the header row and converts values by column type", async () => {
    const { client, engine } = engineWith(() => ({
      columns: [
        { Name: "id", Type: "bigint" },
        { Name: "score", Type: "double" },
        { Name: "ok", Type: "boolean" },
        { Name: "at", Type: "timestamp" },
        { Name: "day", Type: "date" },
        { Name: "price", Type: "decimal(10,2)" },
        { Name: "name", Type: "varchar" },
      ],
      rows: [
        ["1", "1.5", "true", "2024-01-02 03:04:05.000", "2024-01-02", "12.30", "a"],
        ["9007199254740993", null, "false", "2024-01-02 03:04:05.120", null, null, null],
      ],
    }));
    const result = await engine.execute("SELECT * FROM visits");
    expect(result.columns.map((c) => `${c.name}:${c.type}:${c.kind}`)).toEqual([
      "id:BIGINT:numeric",
      "score:DOUBLE:numeric",
      "ok:BOOLEAN:boolean",
      "at:TIMESTAMP:temporal",
      "day:DATE:temporal",
      "price:DECIMAL(10,2):numeric",
      "name:VARCHAR:string",
    ]);
    expect(result.data).toEqual([
      [1, "9007199254740993"],
      [1.5, null],
      [true, false],
      ["2024-01-02T03:04:05", "2024-01-02T03:04:05.120000"],
      ["2024-01-02", null],
      [12.3, null],
      ["a", null],
    ]);
    const [query] = client.started();
    expect(query.input).toMatchObject({
      QueryString: "SELECT * FROM visits",
      QueryExecutionContext: { Catalog: "AwsDataCatalog", Database: "web" },
      WorkGroup: "primary",
      ResultConfiguration: { OutputLocation: "s3://results/" },
    });
  });

  it("pages results and stops after limit + 1 rows", async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => [String(i)]);
    const { client, engine } = engineWith(() => ({ columns: [{ Name: "n", Type: "integer" }], rows }));
    const result = await engine.execute("SELECT n FROM big", { limit: 1200 });
    expect(result.rowcount).toBe(1200);
    expect(result.truncated).toBe(true);
    expect(result.data[0][1199]).toBe(1199);
    expect(client.resultPages).toBe(2);
    const all = await engine.execute("SELECT n FROM big");
    expect(all.rowcount).toBe(2500);
    expect(all.truncated).toBe(false);
  });

  it("hands result pages over in batches when asked (one batch held at a time)", async () => {
    const rows = Array.from({ length: 4500 }, (_, i) => [String(i)]);
    const { engine } = engineWith(() => ({ columns: [{ Name: "n", Type: "integer" }], rows }));
    const batches: number[][] = [];
    const result = await engine.execute("SELECT n FROM big", {
      limit: 4200,
      batchRows: 2000,
      onBatch: async (b) => {
        batches.push(b.data[0] as number[]);
      },
    });
    expect(result).toMatchObject({ rowcount: 4200, truncated: true, data: [[]] });
    // Batches close at Athena's page boundaries (1,000 rows), once at least batchRows are held.
    expect(batches.length).toBe(2);
    for (const b of batches.slice(0, -1)) expect(b.length).toBeGreaterThanOrEqual(2000);
    for (const b of batches) expect(b.length).toBeLessThan(2000 + 1000);
    expect(batches.flat()).toEqual(Array.from({ length: 4200 }, (_, i) => i));
  });

  it("keeps the first row of statements without a header (SHOW, DESCRIBE)", async () => {
    const { engine } = engineWith(() => ({
      statementType: "UTILITY",
      columns: [{ Name: "tab_name", Type: "string" }],
      rows: [["visits"], ["daily_visits"]],
    }));
    expect((await engine.execute("SHOW TABLES")).data).toEqual([["visits", "daily_visits"]]);
  });

  it("turns $n parameters into Athena's ? execution parameters", async () => {
    const { client, engine } = engineWith(() => ({
      columns: [{ Name: "c", Type: "bigint" }],
      rows: [["1"]],
    }));
    await engine.execute(
      "SELECT count(*) AS c FROM visits WHERE url = $1 AND id > $2 AND note <> '$1' AND at < $3",
      {
        params: ["it's", 10, new Date("2024-01-02T03:04:05Z")],
        schema: "analytics",
      },
    );
    const [query] = client.started();
    expect(query.input.QueryString).toBe(
      "SELECT count(*) AS c FROM visits WHERE url = ? AND id > ? AND note <> '$1' AND at < ?",
    );
    expect(query.input.ExecutionParameters).toEqual(["'it''s'", "10", "TIMESTAMP '2024-01-02 03:04:05.000'"]);
    expect(query.input.QueryExecutionContext).toMatchObject({ Database: "analytics" });
  });

  it("refuses writes without starting any query", async () => {
    const { client, engine } = engineWith();
    for (const sql of [
      "INSERT INTO visits SELECT * FROM staging",
      "CREATE TABLE x AS SELECT 1",
      "SELECT 1; DROP TABLE visits",
      "UNLOAD (SELECT 1) TO 's3://x/'",
    ]) {
      await expect(engine.execute(sql)).rejects.toMatchObject({ errorType: "DML_NOT_ALLOWED_ERROR" });
    }
    expect(client.started()).toEqual([]);
  });

  it("maps failed queries to Superset's error types", async () => {
    const errors: Record<string, string> = {
      "SELECT * FROM missing":
        "TABLE_NOT_FOUND: line 1:15: Table 'awsdatacatalog.web.missing' does not exist",
      "SELECT nope FROM visits": "COLUMN_NOT_FOUND: line 1:8: Column 'nope' cannot be resolved",
      "SELEC 1": "line 1:1: mismatched input 'SELEC'. Expecting: 'SELECT', 'WITH'",
      "SELECT 1/0": "GENERIC_USER_ERROR: Division by zero",
    };
    const { engine } = engineWith((sql) => ({ error: errors[sql] }));
    const types: Record<string, string> = {
      "SELECT * FROM missing": "TABLE_DOES_NOT_EXIST_ERROR",
      "SELECT nope FROM visits": "COLUMN_DOES_NOT_EXIST_ERROR",
      "SELEC 1": "SYNTAX_ERROR",
      "SELECT 1/0": "GENERIC_DB_ENGINE_ERROR",
    };
    for (const [sql, errorType] of Object.entries(types)) {
      const error = await engine.execute(sql).catch((e) => e);
      expect(error).toBeInstanceOf(EngineError);
      expect(error.errorType, sql).toBe(errorType);
      expect(error.message).toBe(errors[sql]);
    }
  });

  it("stops the query on Athena when the signal aborts", async () => {
    const { client, engine } = engineWith();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const error = await engine
      .execute("SELECT sleep_forever()", { signal: controller.signal })
      .catch((e) => e);
    expect(isCancelled(error)).toBe(true);
    expect(client.sent.some((c) => c instanceof StopQueryExecutionCommand)).toBe(true);
  });

  it("lists catalogs, schemas (all pages), tables, views and columns", async () => {
    const { engine } = engineWith();
    expect(await engine.catalogs()).toEqual(["Another", "AwsDataCatalog"]);
    expect(await engine.schemas()).toEqual(["analytics", "default", "web"]);
    expect(await engine.tables("web")).toEqual([
      { name: "daily_visits", type: "view" },
      { name: "visits", type: "table" },
    ]);
    expect(await engine.columns("visits")).toEqual([
      { name: "id", type: "BIGINT", nullable: true, kind: "numeric" },
      { name: "url", type: "STRING", nullable: true, kind: "string" },
      { name: "at", type: "TIMESTAMP", nullable: true, kind: "temporal" },
      { name: "dt", type: "DATE", nullable: true, kind: "temporal" },
    ]);
    await expect(engine.columns("nope", "web")).rejects.toMatchObject({
      errorType: "TABLE_DOES_NOT_EXIST_ERROR",
    });
  });

  it("describes a query by running it with LIMIT 0", async () => {
    const { client, engine } = engineWith(() => ({ columns: [{ Name: "url", Type: "varchar" }] }));
    expect(await engine.describeQuery("SELECT url FROM visits")).toEqual([
      { name: "url", type: "VARCHAR", nullable: true, kind: "string" },
    ]);
    expect(client.started()[0].sql).toBe("SELECT * FROM (SELECT url FROM visits) LIMIT 0");
  });
});
