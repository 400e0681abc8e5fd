/** Test-only fast-check generators of query objects over the BIRTH_NAMES fixture. */
import type { QueryColumn, QueryFilter, QueryMetric, QueryObject } from "@strata/contracts";
import fc from "fast-check";

const op = <T extends QueryFilter["op"]>(...ops: T[]) =>
  fc.constantFrom(...ops) as fc.Arbitrary<QueryFilter["op"]>;

export const filterValue = fc.oneof(
  fc.constantFrom("CA", "O'Hara", "<NULL>", "<empty string>", "'; DROP TABLE t; --", "$1", "?"),
  fc.string({ maxLength: 6 }),
);

export const simpleFilter: fc.Arbitrary<QueryFilter> = fc.oneof(
  fc.record({
    col: fc.constantFrom("name", "state", "gender"),
    op: op("==", "!=", ">", "<", ">=", "<="),
    val: filterValue.filter((v) => v !== "<NULL>"),
  }),
  fc.record({
    col: fc.constantFrom("name", "state"),
    op: op("IN", "NOT IN"),
    val: fc.array(fc.oneof(filterValue, fc.constant(null)), { maxLength: 5 }),
  }),
  fc.record({
    col: fc.constantFrom("num", "num_x2"),
    op: op("==", ">", "<="),
    val: fc.integer({ min: -1000, max: 1000 }),
  }),
  fc.record({
    col: fc.constantFrom("name"),
    op: op("LIKE", "ILIKE", "NOT LIKE"),
    val: filterValue.filter((v) => v !== "<NULL>"),
  }),
  fc.record({ col: fc.constantFrom("is_boy", "name"), op: op("IS NULL", "IS NOT NULL") }),
  fc.record({ col: fc.constant("is_boy"), op: op("IS TRUE", "IS FALSE") }),
  fc.record({
    col: fc.constantFrom("ds", "epoch", "day", "ds_text"),
    op: op("TEMPORAL_RANGE"),
    val: fc.constantFrom(
      "No filter",
      "Last week",
      "Last quarter",
      "previous calendar year",
      "2020-01-01 : 2020-06-30",
      'DATEADD(DATETIME("now"), -30, day) : now',
    ),
  }),
);

const column: fc.Arbitrary<QueryColumn> = fc.oneof(
  fc.constantFrom("gender", "state", "name", "num_x2"),
  fc.constantFrom("P1D", "P1W", "P1M", "P1Y").map((grain) => ({
    label: "x",
    sqlExpression: "ds",
    columnType: "BASE_AXIS" as const,
    timeGrain: grain,
  })),
  fc.constant({ label: "name_len", sqlExpression: "LENGTH(name)" }),
);

const metric: fc.Arbitrary<QueryMetric> = fc.oneof(
  fc.constantFrom("count", "sum__num"),
  fc.constantFrom("AVG", "COUNT", "COUNT_DISTINCT", "MAX", "MIN", "SUM").map((aggregate) => ({
    expressionType: "SIMPLE" as const,
    column: { column_name: "num" },
    aggregate: aggregate as "SUM",
  })),
  fc.constant({ expressionType: "SQL" as const, sqlExpression: "MAX(num) - MIN(num)", label: "spread" }),
);

export const queryObject: fc.Arbitrary<QueryObject> = fc
  .record({
    columns: fc.uniqueArray(column, { maxLength: 3, selector: (c) => (typeof c === "string" ? c : c.label) }),
    metrics: fc.option(
      fc.uniqueArray(metric, { minLength: 1, maxLength: 3, selector: (m) => JSON.stringify(m) }),
      { nil: undefined },
    ),
    filters: fc.array(simpleFilter, { maxLength: 4 }),
    row_limit: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
    row_offset: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
    series_limit: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
    is_rowcount: fc.boolean(),
    order_desc: fc.boolean(),
    where: fc.option(fc.constantFrom("num > 1", "name <> 'x''y'"), { nil: undefined }),
  })
  .filter((q) => q.columns.length > 0 || (q.metrics?.length ?? 0) > 0)
  .map(({ where, ...q }) => {
    const selected = [...q.columns.map((c) => (typeof c === "string" ? c : c.label))];
    const orderby = selected.slice(0, 1).map((label) => [label, !q.order_desc] as [string, boolean]);
    return { ...q, orderby, extras: where ? { where } : {} };
  });
