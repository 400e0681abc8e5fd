import type { QueryObject } from "@strata/contracts";
import { describe, expect, it } from "vitest";
import { QueryValidationError } from "../errors.ts";
import { ATHENA_DIALECT, BIRTH_NAMES, DUCKDB_DIALECT, NOW, POSTGRES_DIALECT } from "../testing/fixtures.ts";
import { axisTypeProbe, untypedAxisExpressions } from "./axis-types.ts";
import { type CompileOptions, compileCountQuery, compileQuery } from "./compile.ts";

const duck = (query: QueryObject, options: Partial<CompileOptions> = {}) =>
  compileQuery(query, BIRTH_NAMES, { dialect: DUCKDB_DIALECT, now: NOW, ...options });

const SUM_NUM = { expressionType: "SIMPLE", column: { column_name: "num" }, aggregate: "SUM" } as const;

describe("compileQuery: select, group, order, limit", () => {
  it("groups by columns and aggregates saved and adhoc metrics", () => {
    const compiled = duck({
      columns: ["gender"],
      metrics: [
        "count",
        SUM_NUM,
        { expressionType: "SQL", sqlExpression: "MAX(num) - MIN(num)", label: "spread" },
      ],
      orderby: [["count", false]],
      row_limit: 10,
    });
    expect(compiled.sql).toBe(
      [
        'SELECT "gender" AS "gender", (COUNT(*)) AS "count", SUM("num") AS "SUM(num)", (MAX(num) - MIN(num)) AS "spread"',
        'FROM "public"."birth_names"',
        'GROUP BY "gender"',
        'ORDER BY "count" DESC',
        "LIMIT 10",
      ].join("\n"),
    );
    expect(compiled.params).toEqual([]);
    expect(compiled.labels).toEqual(["gender", "count", "SUM(num)", "spread"]);
    expect(compiled.columnLabels).toEqual(["gender"]);
    expect(compiled.metricLabels).toEqual(["count", "SUM(num)", "spread"]);
    expect(compiled.rowLimit).toBe(10);
  });

  it("renders every aggregate of a SIMPLE metric", () => {
    const aggregates = ["AVG", "COUNT", "COUNT_DISTINCT", "MAX", "MIN", "SUM"] as const;
    const compiled = duck({
      metrics: aggregates.map((aggregate) => ({
        expressionType: "SIMPLE",
        column: { column_name: "num" },
        aggregate,
      })),
    });
    expect(compiled.sql.split("\n")[0]).toBe(
      'SELECT AVG("num") AS "AVG(num)", COUNT("num") AS "COUNT(num)", COUNT(DISTINCT "num") AS "COUNT_DISTINCT(num)", ' +
        'MAX("num") AS "MAX(num)", MIN("num") AS "MIN(num)", SUM("num") AS "SUM(num)"',
    );
  });

  it("returns raw rows without GROUP BY when metrics are absent", () => {
    const compiled = duck({ columns: ["name", "num_x2"], row_limit: 5, row_offset: 10 });
    expect(compiled.sql).toBe(
      [
        'SELECT "name" AS "name", (num * 2) AS "num_x2"',
        'FROM "public"."birth_names"',
        "LIMIT 5 OFFSET 10",
      ].join("\n"),
    );
  });

  it("groups for distinct values when metrics is an empty list", () => {
    expect(duck({ columns: ["state"], metrics: [] }).sql).toContain('GROUP BY "state"');
  });

  it("folds legacy groupby and drops duplicate columns", () => {
    const compiled = duck({ columns: ["gender"], groupby: ["gender", "state"], metrics: ["count"] });
    expect(compiled.columnLabels).toEqual(["gender", "state"]);
  });

  it("caps the row limit and applies the default", () => {
    expect(duck({ columns: ["name"], row_limit: 10_000_000 }).rowLimit).toBe(100_000);
    expect(duck({ columns: ["name"] }).sql).toMatch(/LIMIT 50000$/);
    expect(duck({ columns: ["name"] }, { defaultRowLimit: 7, maxRowLimit: 5 }).rowLimit).toBe(5);
  });

  it("orders by expressions that are not selected, and by adhoc items", () => {
    const compiled = duck({
      columns: ["gender"],
      metrics: ["count"],
      orderby: [
        ["sum__num", true],
        [SUM_NUM, false],
        [{ label: "len", sqlExpression: "LENGTH(gender)" }, true],
        ["gender", true],
        ["state", false],
      ],
    });
    expect(compiled.sql).toContain(
      'ORDER BY (SUM(num)) ASC, SUM("num") DESC, (LENGTH(gender)) ASC, "gender" ASC, "state" DESC',
    );
  });

  it("quotes identifiers with embedded quotes", () => {
    const compiled = duck({ columns: ['we"ird'], metrics: [] });
    expect(compiled.sql).toContain('"we""ird" AS "we""ird"');
  });

  it("uses the virtual dataset SQL as a subquery", () => {
    const virtual = { ...BIRTH_NAMES, table_name: "v", sql: "SELECT * FROM birth_names -- all rows\n;" };
    const compiled = compileQuery({ columns: ["name"] }, virtual, { dialect: DUCKDB_DIALECT, now: NOW });
    expect(compiled.sql).toContain('FROM (\nSELECT * FROM birth_names -- all rows\n) AS "virtual_table"');
  });

  it("rejects unknown columns and metrics, and empty queries", () => {
    const error = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return e as QueryValidationError;
      }
      throw new Error("expected an error");
    };
    expect(error(() => duck({ columns: ["nope"] })).errorType).toBe("COLUMN_DOES_NOT_EXIST_ERROR");
    expect(error(() => duck({ metrics: ["nope"] })).message).toMatch(/Metric "nope" does not exist/);
    expect(error(() => duck({ metrics: [{ ...SUM_NUM, column: { column_name: "x" } }] })).errorType).toBe(
      "COLUMN_DOES_NOT_EXIST_ERROR",
    );
    expect(error(() => duck({ columns: [] })).message).toMatch(/no columns and no metrics/);
    expect(error(() => duck({ columns: ["name"], orderby: [["nope", true]] })).errorType).toBe(
      "COLUMN_DOES_NOT_EXIST_ERROR",
    );
  });
});

describe("compileQuery: time", () => {
  it("buckets a BASE_AXIS column by its grain and filters TEMPORAL_RANGE with bound bounds", () => {
    const compiled = duck({
      columns: [
        {
          label: "ds",
          sqlExpression: "ds",
          columnType: "BASE_AXIS",
          timeGrain: "P1M",
          expressionType: "SQL",
        },
      ],
      metrics: ["count"],
      filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "Last year" }],
    });
    expect(compiled.sql).toBe(
      [
        `SELECT DATE_TRUNC('month', "ds") AS "ds", (COUNT(*)) AS "count"`,
        'FROM "public"."birth_names"',
        'WHERE "ds" >= CAST($1 AS TIMESTAMP) AND "ds" < CAST($2 AS TIMESTAMP)',
        `GROUP BY DATE_TRUNC('month', "ds")`,
        "LIMIT 50000",
      ].join("\n"),
    );
    expect(compiled.params).toEqual(["2023-03-15 00:00:00", "2024-03-15 00:00:00"]);
    expect(compiled.timeBounds).toEqual({
      since: new Date("2023-03-15T00:00:00Z"),
      until: new Date("2024-03-15T00:00:00Z"),
    });
    expect(compiled.appliedFilters).toEqual([{ column: "ds" }]);
  });

  it("adds __timestamp for legacy timeseries queries with granularity and time grain", () => {
    const compiled = compileQuery(
      {
        is_timeseries: true,
        granularity: "ds",
        time_range: "2020-01-01 : 2021-01-01",
        extras: { time_grain_sqla: "P1Y" },
        metrics: ["count"],
        columns: ["gender"],
      },
      BIRTH_NAMES,
      { dialect: POSTGRES_DIALECT, now: NOW },
    );
    expect(compiled.sql).toBe(
      [
        `SELECT DATE_TRUNC('year', "ds") AS "__timestamp", "gender" AS "gender", (COUNT(*)) AS "count"`,
        'FROM "public"."birth_names"',
        'WHERE "ds" >= CAST($1 AS TIMESTAMP) AND "ds" < CAST($2 AS TIMESTAMP)',
        `GROUP BY DATE_TRUNC('year', "ds"), "gender"`,
        "LIMIT 50000",
      ].join("\n"),
    );
    expect(compiled.params).toEqual(["2020-01-01 00:00:00", "2021-01-01 00:00:00"]);
    expect(compiled.labels[0]).toBe("__timestamp");
  });

  it("does not filter twice when the same range comes as granularity and as a filter", () => {
    const compiled = duck({
      granularity: "ds",
      time_range: "Last week",
      filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "Last week" }],
      metrics: ["count"],
    });
    expect(compiled.params).toHaveLength(2);
  });

  it("treats No filter as no condition", () => {
    const compiled = duck({
      metrics: ["count"],
      filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "No filter" }],
    });
    expect(compiled.sql).not.toContain("WHERE");
    expect(compiled.timeBounds).toEqual({ since: null, until: null });
  });

  it("compares epoch, DATE and text date columns in their own representation", () => {
    const compiled = duck({
      metrics: ["count"],
      filters: [
        { col: "epoch", op: "TEMPORAL_RANGE", val: "2020-01-01 : 2020-01-02" },
        { col: "day", op: "TEMPORAL_RANGE", val: "2020-01-01 : " },
        { col: "ds_text", op: "TEMPORAL_RANGE", val: " : 2020-02-01" },
      ],
    });
    expect(compiled.sql).toContain(
      'WHERE "epoch" >= $1 AND "epoch" < $2 AND "day" >= CAST($3 AS DATE) AND "ds_text" < $4',
    );
    expect(compiled.params).toEqual([1577836800, 1577923200, "2020-01-01", "2020-02-01"]);
  });

  it("converts epoch columns before applying a grain", () => {
    const compiled = duck({
      columns: [{ label: "t", sqlExpression: "epoch", timeGrain: "P1D", columnType: "BASE_AXIS" }],
      metrics: ["count"],
    });
    expect(compiled.sql).toContain(
      `DATE_TRUNC('day', EPOCH_MS(CAST(CAST("epoch" AS DOUBLE) * 1000 AS BIGINT))) AS "t"`,
    );
  });

  it("truncates a custom-SQL x-axis to its grain only when the database called it a time", () => {
    const axis = (sqlExpression: string, label = sqlExpression) => ({
      label,
      sqlExpression,
      timeGrain: "P1D",
      columnType: "BASE_AXIS" as const,
      expressionType: "SQL" as const,
    });
    const query = {
      columns: [axis("UPPER(gender)", "x"), axis("CAST(ds AS DATE)", "y")],
      metrics: ["count"],
    };
    expect(untypedAxisExpressions(query, BIRTH_NAMES)).toEqual(["UPPER(gender)", "CAST(ds AS DATE)"]);
    // A column named as custom SQL, or an axis without a grain, needs no asking.
    expect(
      untypedAxisExpressions({ columns: [axis("ds"), { ...axis("num * 2"), timeGrain: null }] }, BIRTH_NAMES),
    ).toEqual([]);
    const told = duck(query, {
      axisTypes: new Map([
        ["UPPER(gender)", false],
        ["CAST(ds AS DATE)", true],
      ]),
    });
    expect(told.sql).toContain(`SELECT (UPPER(gender)) AS "x", DATE_TRUNC('day', (CAST(ds AS DATE))) AS "y"`);
    // Not asked (or no answer): taken as a time, as before.
    expect(duck(query).sql).toContain(`DATE_TRUNC('day', (UPPER(gender)))`);
    expect(
      compileQuery(axisTypeProbe("UPPER(gender)"), BIRTH_NAMES, {
        dialect: DUCKDB_DIALECT,
        now: NOW,
        paramStyle: "inline",
      }).sql,
    ).toBe(['SELECT (UPPER(gender)) AS "axis"', 'FROM "public"."birth_names"', "LIMIT 1"].join("\n"));
  });

  it("rejects unknown grains and bad time ranges with typed errors", () => {
    expect(() =>
      duck({
        columns: [{ label: "ds", sqlExpression: "ds", timeGrain: "P2D", columnType: "BASE_AXIS" }],
        metrics: [],
      }),
    ).toThrow(/Unknown time grain "P2D"/);
    expect(() =>
      duck({ metrics: ["count"], filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "whenever" }] }),
    ).toThrow(QueryValidationError);
  });

  it("uses relative_start / relative_end from extras", () => {
    const compiled = duck({
      metrics: ["count"],
      filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "Last day" }],
      extras: { relative_start: "now", relative_end: "now" },
    });
    expect(compiled.params).toEqual(["2024-03-14 10:30:00", "2024-03-15 10:30:00"]);
  });
});

describe("compileQuery: where, having, series limit", () => {
  it("wraps extras.where / having and adds the fetch-values predicate and trusted clauses", () => {
    const compiled = duck(
      {
        columns: ["gender"],
        metrics: ["count"],
        extras: { where: "num > 10 OR name = 'x'", having: "COUNT(*) > 1" },
        apply_fetch_values_predicate: true,
      },
      { extraWhere: ["state = 'CA'"] },
    );
    expect(compiled.sql).toContain("WHERE (num > 10 OR name = 'x') AND (num > 0) AND (state = 'CA')");
    expect(compiled.sql).toContain("HAVING (COUNT(*) > 1)");
  });

  it("puts filters on metrics into HAVING with bound values", () => {
    const compiled = duck({
      columns: ["gender"],
      metrics: ["count", SUM_NUM],
      filters: [
        { col: "SUM(num)", op: ">=", val: "100" },
        { col: "sum__num", op: "<", val: 5000 },
      ],
    });
    expect(compiled.sql).toContain('HAVING SUM("num") >= $1 AND (SUM(num)) < $2');
    expect(compiled.params).toEqual([100, 5000]);
  });

  it("refuses HAVING conditions on raw rows", () => {
    expect(() =>
      duck({
        columns: ["name"],
        extras: { having: "COUNT(*) > 1" },
        filters: [{ col: "count", op: ">", val: 1 }],
      }),
    ).toThrow(/HAVING conditions need metrics/);
  });

  it("reports filters on columns the dataset lacks as rejected, not applied", () => {
    const compiled = duck({
      metrics: ["count"],
      filters: [
        { col: "country", op: "==", val: "FR" },
        { col: "state", op: "==", val: "CA" },
      ],
    });
    expect(compiled.rejectedFilters).toEqual([{ column: "country", reason: "not_in_datasource" }]);
    expect(compiled.appliedFilters).toEqual([{ column: "state" }]);
    expect(compiled.params).toEqual(["CA"]);
  });

  it("limits series through a generated top-N subquery joined on the series columns", () => {
    const compiled = duck({
      columns: [
        { label: "ds", sqlExpression: "ds", columnType: "BASE_AXIS", timeGrain: "P1D" },
        "gender",
        "state",
      ],
      metrics: ["count"],
      series_columns: ["state"],
      series_limit: 3,
      series_limit_metric: SUM_NUM,
      filters: [{ col: "name", op: "!=", val: "Zoe" }],
    });
    expect(compiled.sql).toBe(
      [
        `SELECT DATE_TRUNC('day', "ds") AS "ds", "gender" AS "gender", "state" AS "state", (COUNT(*)) AS "count"`,
        'FROM "public"."birth_names"',
        "JOIN (",
        'SELECT "state" AS "__series_0"',
        'FROM "public"."birth_names"',
        'WHERE "name" <> $1',
        'GROUP BY "state"',
        'ORDER BY SUM("num") DESC',
        "LIMIT 3",
        ') AS "series_limit" ON "state" IS NOT DISTINCT FROM "series_limit"."__series_0"',
        'WHERE "name" <> $1',
        `GROUP BY DATE_TRUNC('day', "ds"), "gender", "state"`,
        "LIMIT 50000",
      ].join("\n"),
    );
    expect(compiled.params).toEqual(["Zoe"]);
  });

  it("defaults series columns to the non-axis columns and the rank to the first metric", () => {
    const compiled = duck({
      columns: [{ label: "ds", sqlExpression: "ds", columnType: "BASE_AXIS", timeGrain: "P1D" }, "gender"],
      metrics: ["sum__num", "count"],
      series_limit: 2,
      order_desc: false,
    });
    expect(compiled.sql).toContain('SELECT "gender" AS "__series_0"');
    expect(compiled.sql).toContain("ORDER BY (SUM(num)) ASC\nLIMIT 2");
  });

  it("accepts the legacy timeseries_limit names", () => {
    const compiled = duck({
      columns: ["gender"],
      metrics: ["count"],
      timeseries_limit: 4,
      timeseries_limit_metric: "sum__num",
    });
    expect(compiled.sql).toContain("ORDER BY (SUM(num)) DESC\nLIMIT 4");
  });
});

describe("compileQuery: result types and row counts", () => {
  it("samples select every dataset column with the samples cap and keep filters", () => {
    const compiled = duck(
      {
        columns: ["gender"],
        metrics: ["count"],
        filters: [{ col: "state", op: "==", val: "CA" }],
        row_limit: 5000,
      },
      { resultType: "samples" },
    );
    expect(compiled.sql).toBe(
      [
        'SELECT "ds", "gender", "name", "num", "state", "is_boy", "day", "epoch", "ds_text", (num * 2) AS "num_x2", "we""ird"',
        'FROM "public"."birth_names"',
        'WHERE "state" = $1',
        "LIMIT 1000",
      ].join("\n"),
    );
    expect(compiled.labels).toHaveLength(11);
  });

  it("samples ignore the granularity range; drill to detail keeps it and pages", () => {
    const query: QueryObject = { granularity: "ds", time_range: "Last week", row_limit: 50, row_offset: 100 };
    expect(duck(query, { resultType: "samples" }).sql).not.toContain("WHERE");
    const drill = duck(query, { resultType: "drill_detail" });
    expect(drill.sql).toContain('WHERE "ds" >= CAST($1 AS TIMESTAMP)');
    expect(drill.sql).toMatch(/LIMIT 50 OFFSET 100$/);
  });

  it("result_type columns asks for no rows; the query object's result_type is honoured", () => {
    expect(duck({ result_type: "columns" }).sql).toMatch(/LIMIT 0$/);
  });

  it("counts rows of the grouped query without order or limit", () => {
    const compiled = compileCountQuery(
      {
        columns: ["gender"],
        metrics: ["count"],
        orderby: [["count", false]],
        row_limit: 10,
        filters: [{ col: "num", op: ">", val: 3 }],
      },
      BIRTH_NAMES,
      { dialect: DUCKDB_DIALECT, now: NOW },
    );
    expect(compiled.sql).toBe(
      [
        'SELECT COUNT(*) AS "rowcount"',
        "FROM (",
        'SELECT "gender" AS "gender", (COUNT(*)) AS "count"',
        'FROM "public"."birth_names"',
        'WHERE "num" > $1',
        'GROUP BY "gender"',
        ') AS "rowcount_qry"',
      ].join("\n"),
    );
    expect(compiled.labels).toEqual(["rowcount"]);
    expect(compiled.rowLimit).toBeNull();
  });
});

describe("compileQuery per dialect", () => {
  const query: QueryObject = {
    columns: [{ label: "week", sqlExpression: "ds", timeGrain: "P1W", columnType: "BASE_AXIS" }],
    metrics: ["count"],
    filters: [
      { col: "name", op: "ILIKE", val: "%ann%" },
      { col: "is_boy", op: "IS TRUE" },
      { col: "ds", op: "TEMPORAL_RANGE", val: "2020-01-01 : 2020-07-01" },
    ],
    row_limit: 10,
  };

  it("DuckDB", () => {
    const compiled = compileQuery(query, BIRTH_NAMES, { dialect: DUCKDB_DIALECT, now: NOW });
    expect(compiled.sql).toBe(
      [
        `SELECT DATE_TRUNC('week', "ds") AS "week", (COUNT(*)) AS "count"`,
        'FROM "public"."birth_names"',
        'WHERE "name" ILIKE $1 AND "is_boy" IS TRUE AND "ds" >= CAST($2 AS TIMESTAMP) AND "ds" < CAST($3 AS TIMESTAMP)',
        `GROUP BY DATE_TRUNC('week', "ds")`,
        "LIMIT 10",
      ].join("\n"),
    );
    expect(compiled.params).toEqual(["%ann%", "2020-01-01 00:00:00", "2020-07-01 00:00:00"]);
  });

  it("PostgreSQL", () => {
    const compiled = compileQuery(query, BIRTH_NAMES, { dialect: POSTGRES_DIALECT, now: NOW });
    expect(compiled.sql).toBe(
      [
        `SELECT DATE_TRUNC('week', "ds") AS "week", (COUNT(*)) AS "count"`,
        'FROM "public"."birth_names"',
        'WHERE "name" ILIKE $1 AND "is_boy" IS TRUE AND "ds" >= CAST($2 AS TIMESTAMP) AND "ds" < CAST($3 AS TIMESTAMP)',
        `GROUP BY DATE_TRUNC('week', "ds")`,
        "LIMIT 10",
      ].join("\n"),
    );
    expect(compiled.params).toEqual(["%ann%", "2020-01-01 00:00:00", "2020-07-01 00:00:00"]);
  });

  it("Athena, bound: no ILIKE or IS TRUE in Trino", () => {
    const compiled = compileQuery(query, BIRTH_NAMES, { dialect: ATHENA_DIALECT, now: NOW });
    expect(compiled.sql).toBe(
      [
        `SELECT date_trunc('week', CAST("ds" AS TIMESTAMP)) AS "week", (COUNT(*)) AS "count"`,
        'FROM "public"."birth_names"',
        'WHERE LOWER("name") LIKE LOWER($1) AND "is_boy" = TRUE AND "ds" >= CAST($2 AS TIMESTAMP) AND "ds" < CAST($3 AS TIMESTAMP)',
        `GROUP BY date_trunc('week', CAST("ds" AS TIMESTAMP))`,
        "LIMIT 10",
      ].join("\n"),
    );
    expect(compiled.params).toEqual(["%ann%", "2020-01-01 00:00:00", "2020-07-01 00:00:00"]);
  });

  it("Athena, inline: literals escaped with the dialect, no params", () => {
    const compiled = compileQuery(
      {
        ...query,
        filters: [
          ...(query.filters ?? []),
          { col: "state", op: "IN", val: ["CA", "O'Hare", "<NULL>"] },
          { col: "num", op: ">", val: 2.5 },
        ],
      },
      BIRTH_NAMES,
      { dialect: ATHENA_DIALECT, now: NOW, paramStyle: "inline" },
    );
    expect(compiled.params).toEqual([]);
    expect(compiled.sql).toContain(
      `WHERE LOWER("name") LIKE LOWER('%ann%') AND "is_boy" = TRUE AND "ds" >= TIMESTAMP '2020-01-01 00:00:00.000' ` +
        `AND "ds" < TIMESTAMP '2020-07-01 00:00:00.000' AND ("state" IN ('CA', 'O''Hare') OR "state" IS NULL) AND "num" > 2.5`,
    );
  });
});

describe("compileQuery: PostgreSQL parameter typing", () => {
  it("casts fractional numbers so they are not parsed as the column's integer type", () => {
    const compiled = compileQuery(
      {
        columns: ["name"],
        filters: [
          { col: "num", op: ">", val: 2.5 },
          { col: "num", op: "IN", val: [1, 1.5] },
        ],
      },
      BIRTH_NAMES,
      { dialect: POSTGRES_DIALECT, now: NOW },
    );
    expect(compiled.sql).toContain(
      'WHERE "num" > CAST($1 AS DOUBLE PRECISION) AND "num" IN ($2, CAST($3 AS DOUBLE PRECISION))',
    );
    expect(compiled.params).toEqual([2.5, 1, 1.5]);
  });
});
