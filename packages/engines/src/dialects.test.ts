import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ATHENA_DIALECT,
  DUCKDB_DIALECT,
  POSTGRES_DIALECT,
  TIME_GRAIN_NAMES,
  dialectFor,
} from "./dialects.ts";
import { createDuckDbEngine, type DuckDbEngine } from "./duckdb/adapter.ts";

describe("dialects", () => {
  let duckdb: DuckDbEngine;
  beforeAll(async () => {
    duckdb = await createDuckDbEngine({ engine: "duckdb", path: ":memory:" }, { sandbox: true });
  });
  afterAll(() => duckdb.close());

  it("picks the dialect per engine", () => {
    expect(dialectFor("duckdb")).toBe(DUCKDB_DIALECT);
    expect(dialectFor("postgresql")).toBe(POSTGRES_DIALECT);
    expect(dialectFor("awsathena")).toBe(ATHENA_DIALECT);
  });

  it("quotes identifiers and literals, and writes LIMIT clauses", () => {
    for (const d of [DUCKDB_DIALECT, POSTGRES_DIALECT, ATHENA_DIALECT]) {
      expect(d.quoteIdentifier('a "b"')).toBe('"a ""b"""');
      expect(d.quoteLiteral("it's")).toBe("'it''s'");
      expect(d.limitClause(10)).toBe("LIMIT 10");
    }
    expect(DUCKDB_DIALECT.limitClause(10, 20)).toBe("LIMIT 10 OFFSET 20");
    expect(POSTGRES_DIALECT.limitClause(10, 20)).toBe("LIMIT 10 OFFSET 20");
    // Trino (Athena) rejects LIMIT before OFFSET.
    expect(ATHENA_DIALECT.limitClause(10, 20)).toBe("OFFSET 20 LIMIT 10");
  });

  it("knows every grain it offers by name, and returns the column when there is no grain", () => {
    for (const d of [DUCKDB_DIALECT, POSTGRES_DIALECT, ATHENA_DIALECT]) {
      for (const grain of Object.keys(d.timeGrains)) expect(TIME_GRAIN_NAMES[grain], grain).toBeDefined();
      expect(d.timeGrainExpression("ts", null)).toBe("ts");
      expect(() => d.timeGrainExpression("ts", "P2D")).toThrow(/Unknown time grain/);
    }
    expect(ATHENA_DIALECT.timeGrainExpression('"ts"', "P1D")).toBe(
      `date_trunc('day', CAST("ts" AS TIMESTAMP))`,
    );
  });

  it("runs every DuckDB time grain expression on DuckDB", async () => {
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
    const grains = Object.keys(DUCKDB_DIALECT.timeGrains);
    const sql = `SELECT ${grains.map((g, i) => `${DUCKDB_DIALECT.timeGrainExpression(col, g)} AS g${i}`).join(", ")}`;
    const result = await duckdb.execute(sql);
    expect(Object.fromEntries(grains.map((g, i) => [g, result.data[i][0]]))).toEqual(expected);
  });

  it("converts epochs and writes date/time literals DuckDB understands", async () => {
    const sql = `SELECT ${DUCKDB_DIALECT.epochToTimestamp("1710430662", "epoch_s")} AS s,
      ${DUCKDB_DIALECT.epochToTimestamp("1710430662500", "epoch_ms")} AS ms,
      ${DUCKDB_DIALECT.datetimeLiteral("2024-03-14T15:37:42.5Z")} AS ts,
      ${DUCKDB_DIALECT.datetimeLiteral("2024-03-14", "DATE")} AS d`;
    expect((await duckdb.execute(sql)).data).toEqual([
      ["2024-03-14T15:37:42"],
      ["2024-03-14T15:37:42.500000"],
      ["2024-03-14T15:37:42.500000"],
      ["2024-03-14"],
    ]);
    expect(ATHENA_DIALECT.datetimeLiteral("2024-03-14T15:37:42.5")).toBe(
      "TIMESTAMP '2024-03-14 15:37:42.500'",
    );
    expect(ATHENA_DIALECT.datetimeLiteral("2024-03-14T00:00:00", "DATE")).toBe("DATE '2024-03-14'");
  });
});
