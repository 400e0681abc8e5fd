/**
 * Runs compiled SQL on a real in-memory DuckDB (the embedded engine the product uses), against
 * a small table whose answers are computed by hand. The driver comes from the engines package's
 * install; only this test touches it, so the query package itself stays free of I/O.
 */
import { type DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";
import type { QueryFilter, QueryObject } from "@strata/contracts";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIRTH_NAMES, DUCKDB_DIALECT, placeholders } from "../testing/fixtures.ts";
import { type CompiledQuery, type CompileOptions, compileQuery } from "./compile.ts";

let connection: DuckDBConnection;

beforeAll(async () => {
  const instance = await DuckDBInstance.create(":memory:");
  connection = await instance.connect();
  await connection.run("CREATE SCHEMA public");
  await connection.run(`
    CREATE TABLE public.raw AS SELECT * FROM (VALUES
      (TIMESTAMP '2020-01-01 10:00:00', 'boy',  'Aaron',  10,   'CA', true),
      (TIMESTAMP '2020-01-15 00:00:00', 'girl', 'Amy',    20,   'CA', false),
      (TIMESTAMP '2020-02-01 00:00:00', 'boy',  'Bob',    5,    'NY', true),
      (TIMESTAMP '2020-02-20 12:00:00', 'girl', 'Beth',   7,    'NY', false),
      (TIMESTAMP '2020-03-05 00:00:00', 'girl', 'O''Hara', 3,   'TX', false),
      (TIMESTAMP '2020-03-31 23:59:00', 'boy',  NULL,     1,    NULL, NULL),
      (TIMESTAMP '2021-01-01 00:00:00', 'boy',  'Carl',   100,  'TX', true),
      (NULL,                            'girl', 'Dana',   NULL, 'CA', false)
    ) AS t(ds, gender, name, num, state, is_boy)`);
  await connection.run(`
    CREATE TABLE public.birth_names AS SELECT ds, gender, name, CAST(num AS BIGINT) AS num, state, is_boy,
      CAST(ds AS DATE) AS day, CAST(epoch(ds) AS BIGINT) AS epoch, strftime(ds, '%Y-%m-%d') AS ds_text,
      name AS "we""ird"
    FROM public.raw`);
});

afterAll(() => connection?.closeSync());

async function run(compiled: Pick<CompiledQuery, "sql" | "params">): Promise<unknown[][]> {
  const statement = await connection.prepare(compiled.sql);
  compiled.params.forEach((value, i) => {
    const index = i + 1;
    if (value === null) statement.bindNull(index);
    else if (typeof value === "boolean") statement.bindBoolean(index, value);
    else if (typeof value === "number" && Number.isSafeInteger(value))
      statement.bindBigInt(index, BigInt(value));
    else if (typeof value === "number") statement.bindDouble(index, value);
    else statement.bindVarchar(index, String(value));
  });
  const reader = await statement.runAndReadAll();
  return reader.getRowsJson() as unknown[][];
}

const NOW = new Date("2021-01-05T12:00:00Z");
const compile = (query: QueryObject, options: Partial<CompileOptions> = {}) =>
  compileQuery(query, BIRTH_NAMES, { dialect: DUCKDB_DIALECT, now: NOW, ...options });
const rows = (query: QueryObject, options: Partial<CompileOptions> = {}) => run(compile(query, options));
const count = async (filters: QueryFilter[], extra: Partial<QueryObject> = {}) =>
  Number((await rows({ metrics: ["count"], filters, ...extra }))[0][0]);
const SUM_NUM = { expressionType: "SIMPLE", column: { column_name: "num" }, aggregate: "SUM" } as const;

describe("compiled SQL on DuckDB", () => {
  it("groups and aggregates", async () => {
    const result = await rows({
      columns: ["gender"],
      metrics: ["count", SUM_NUM],
      orderby: [["gender", true]],
    });
    expect(result).toEqual([
      ["boy", "4", "116"],
      ["girl", "4", "30"],
    ]);
  });

  it("applies every operator", async () => {
    expect(await count([{ col: "state", op: "IN", val: ["CA", "<NULL>"] }])).toBe(4);
    expect(await count([{ col: "state", op: "NOT IN", val: ["CA"] }])).toBe(4);
    expect(await count([{ col: "state", op: "==", val: "CA" }])).toBe(3);
    expect(await count([{ col: "state", op: "!=", val: "CA" }])).toBe(4);
    expect(await count([{ col: "num", op: ">", val: "7" }])).toBe(3);
    expect(await count([{ col: "num", op: ">=", val: 7 }])).toBe(4);
    expect(await count([{ col: "num", op: "<", val: 5 }])).toBe(2);
    expect(await count([{ col: "num", op: "<=", val: 5 }])).toBe(3);
    expect(await count([{ col: "name", op: "ILIKE", val: "o'%" }])).toBe(1);
    expect(await count([{ col: "name", op: "LIKE", val: "%a%" }])).toBe(4);
    expect(await count([{ col: "name", op: "NOT LIKE", val: "%a%" }])).toBe(3);
    expect(await count([{ col: "is_boy", op: "IS TRUE" }])).toBe(3);
    expect(await count([{ col: "is_boy", op: "IS FALSE" }])).toBe(4);
    expect(await count([{ col: "is_boy", op: "IS NULL" }])).toBe(1);
    expect(await count([{ col: "name", op: "IS NOT NULL" }])).toBe(7);
    expect(await count([{ col: "is_boy", op: "==", val: "TRUE" }])).toBe(3);
  });

  it("filters time ranges on timestamp, epoch, DATE and text date columns alike", async () => {
    for (const col of ["ds", "epoch", "day", "ds_text"]) {
      expect(await count([{ col, op: "TEMPORAL_RANGE", val: "2020-01-01 : 2020-03-01" }])).toBe(4);
    }
    expect(await count([{ col: "ds", op: "TEMPORAL_RANGE", val: "Last week" }])).toBe(1);
    expect(await count([{ col: "ds", op: "TEMPORAL_RANGE", val: "No filter" }])).toBe(8);
    expect(await count([{ col: "ds", op: ">=", val: "2020-03-05" }])).toBe(3);
  });

  it("buckets by time grain", async () => {
    const result = await rows({
      columns: [{ label: "month", sqlExpression: "ds", columnType: "BASE_AXIS", timeGrain: "P1M" }],
      metrics: ["count"],
      filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "2020-01-01 : 2020-03-01" }],
      orderby: [["month", true]],
    });
    expect(result).toEqual([
      ["2020-01-01 00:00:00", "2"],
      ["2020-02-01 00:00:00", "2"],
    ]);
    const legacy = await rows({
      is_timeseries: true,
      granularity: "ds",
      time_range: "2020-01-01 : 2022-01-01",
      extras: { time_grain_sqla: "P1Y" },
      metrics: ["count"],
      orderby: [["__timestamp", true]],
    });
    expect(legacy).toEqual([
      ["2020-01-01 00:00:00", "6"],
      ["2021-01-01 00:00:00", "1"],
    ]);
  });

  it("limits series to the top N by a metric, NULL series included in the ranking", async () => {
    const result = await rows({
      columns: ["gender", "state"],
      metrics: [SUM_NUM],
      series_columns: ["state"],
      series_limit: 2,
      orderby: [
        ["state", false],
        ["gender", true],
      ],
    });
    expect(result).toEqual([
      ["boy", "TX", "100"],
      ["girl", "TX", "3"],
      ["boy", "CA", "10"],
      ["girl", "CA", "20"],
    ]);
    const bottom = await rows({ columns: ["state"], metrics: [SUM_NUM], series_limit: 1, order_desc: false });
    expect(bottom).toEqual([[null, "1"]]);
  });

  it("filters on metrics through HAVING", async () => {
    const result = await rows({
      columns: ["gender"],
      metrics: [SUM_NUM],
      filters: [{ col: "SUM(num)", op: ">", val: 50 }],
    });
    expect(result).toEqual([["boy", "116"]]);
  });

  it("returns samples and row counts", async () => {
    const samples = await rows(
      { filters: [{ col: "state", op: "==", val: "CA" }] },
      { resultType: "samples" },
    );
    expect(samples).toHaveLength(3);
    expect(samples[0]).toHaveLength(BIRTH_NAMES.columns.length);
    const counted = await rows({ columns: ["state"], metrics: ["count"], is_rowcount: true });
    expect(counted).toEqual([["4"]]);
  });

  it("runs inline-literal SQL with quotes in values", async () => {
    const compiled = compile(
      { metrics: ["count"], filters: [{ col: "name", op: "IN", val: ["O'Hara", "Amy"] }] },
      { paramStyle: "inline" },
    );
    expect(compiled.params).toEqual([]);
    expect(await run(compiled)).toEqual([["2"]]);
  });

  it("reads virtual datasets", async () => {
    const virtual = { ...BIRTH_NAMES, sql: "SELECT * FROM public.birth_names WHERE num > 5 -- big ones" };
    const compiled = compileQuery({ metrics: ["count"] }, virtual, { dialect: DUCKDB_DIALECT, now: NOW });
    expect(await run(compiled)).toEqual([["4"]]);
  });
});

const stringValue = fc.oneof(
  fc.constantFrom(
    "CA",
    "NY",
    "TX",
    "Amy",
    "O'Hara",
    "<NULL>",
    "<empty string>",
    "%a%",
    "'; DROP TABLE raw; --",
  ),
  fc.string({ maxLength: 8 }),
);
const numberValue = fc.oneof(
  fc.integer({ min: -200, max: 200 }),
  fc.double({ min: -200, max: 200, noNaN: true }),
);
const dateValue = fc
  .date({ min: new Date("2019-06-01T00:00:00Z"), max: new Date("2021-06-01T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 19));
const timeRange = fc.oneof(
  fc.constantFrom(
    "No filter",
    "Last week",
    "Last year",
    "previous calendar month",
    "Current year",
    "7 days ago : now",
  ),
  fc.tuple(dateValue, dateValue).map(([a, b]) => (a <= b ? `${a} : ${b}` : `${b} : ${a}`)),
);

function filterFor(
  col: string,
  values: fc.Arbitrary<string | number | boolean | null>,
): fc.Arbitrary<QueryFilter> {
  const scalarOps = fc.constantFrom("==", "!=", ">", "<", ">=", "<=") as fc.Arbitrary<QueryFilter["op"]>;
  return fc.oneof(
    fc.record({
      col: fc.constant(col),
      op: scalarOps,
      val: values.filter((v) => v !== null && v !== "<NULL>"),
    }),
    fc.record({
      col: fc.constant(col),
      op: fc.constantFrom("==", "!=") as fc.Arbitrary<QueryFilter["op"]>,
      val: values,
    }),
    fc.record({
      col: fc.constant(col),
      op: fc.constantFrom("IN", "NOT IN") as fc.Arbitrary<QueryFilter["op"]>,
      val: fc.array(values, { maxLength: 4 }),
    }),
    fc.record({
      col: fc.constant(col),
      op: fc.constantFrom("IS NULL", "IS NOT NULL") as fc.Arbitrary<QueryFilter["op"]>,
    }),
  );
}

const anyFilter: fc.Arbitrary<QueryFilter> = fc.oneof(
  filterFor("state", fc.oneof(stringValue, fc.constant(null))),
  filterFor("name", fc.oneof(stringValue, fc.constant(null))),
  filterFor("num", fc.oneof(numberValue, fc.constant(null))),
  filterFor("is_boy", fc.oneof(fc.boolean(), fc.constantFrom("TRUE", "FALSE"), fc.constant(null))),
  filterFor("ds", fc.oneof(dateValue, fc.constant(null))),
  fc.record({
    col: fc.constantFrom("name", "state"),
    op: fc.constantFrom("LIKE", "NOT LIKE", "ILIKE") as fc.Arbitrary<QueryFilter["op"]>,
    val: stringValue.filter((v) => v !== "<NULL>"),
  }),
  fc.record({
    col: fc.constant("is_boy"),
    op: fc.constantFrom("IS TRUE", "IS FALSE") as fc.Arbitrary<QueryFilter["op"]>,
  }),
  fc.record({
    col: fc.constantFrom("ds", "epoch", "day", "ds_text"),
    op: fc.constant("TEMPORAL_RANGE") as fc.Arbitrary<QueryFilter["op"]>,
    val: timeRange,
  }),
);

describe("property: p, NOT p and p IS NULL partition the table", () => {
  it("holds for random filters, bound or inline", async () => {
    const total = 8;
    await fc.assert(
      fc.asyncProperty(
        anyFilter,
        fc.constantFrom("bound", "inline") as fc.Arbitrary<"bound" | "inline">,
        async (filter, paramStyle) => {
          const compiled = compile({ metrics: ["count"], filters: [filter] }, { paramStyle });
          const where = compiled.sql.split("\n").find((line) => line.startsWith("WHERE "));
          const p = where ? where.slice("WHERE ".length) : "TRUE";
          const used = new Set(placeholders(p));
          expect(used.size).toBe(compiled.params.length);
          const countWhere = async (condition: string) =>
            Number(
              (
                await run({
                  sql: `SELECT COUNT(*) FROM public.birth_names WHERE ${condition}`,
                  params: compiled.params,
                })
              )[0][0],
            );
          const [yes, no, unknown] = await Promise.all([
            countWhere(`(${p})`),
            countWhere(`NOT (${p})`),
            countWhere(`(${p}) IS NULL`),
          ]);
          expect(yes + no + unknown).toBe(total);
          expect(Number((await run(compiled))[0][0])).toBe(yes);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("property: every generated statement runs on DuckDB", () => {
  it("random query objects compile to SQL DuckDB parses, binds and executes", async () => {
    const { queryObject } = await import("../testing/arbitraries.ts");
    await fc.assert(
      fc.asyncProperty(queryObject, async (query) => {
        const compiled = compile(query);
        const result = await run(compiled);
        expect(result.every((row) => row.length === compiled.labels.length)).toBe(true);
        if (compiled.rowLimit !== null) expect(result.length).toBeLessThanOrEqual(compiled.rowLimit);
      }),
      { numRuns: 200 },
    );
  });
});
