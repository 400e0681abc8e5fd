import type { QueryObject } from "@strata/contracts";
import { describe, expect, it } from "vitest";
import { QueryValidationError } from "../errors.ts";
import {
  ATHENA_DIALECT,
  BIRTH_NAMES,
  DIALECTS,
  DUCKDB_DIALECT,
  NOW,
  placeholders,
} from "../testing/fixtures.ts";
import { compileQuery } from "./compile.ts";

const ATTACKS = [
  "'; DROP TABLE birth_names; --",
  "x' OR '1'='1",
  "\\'; DELETE FROM t; --",
  '"; DROP TABLE t; --',
  "$1",
  "?",
  "/* */ UNION SELECT password FROM users",
];

describe("request values never reach SQL text", () => {
  for (const [engine, dialect] of Object.entries(DIALECTS)) {
    it(`${engine}: bound values leave the SQL unchanged`, () => {
      const compileWith = (value: string) =>
        compileQuery(
          {
            columns: ["name"],
            filters: [
              { col: "name", op: "==", val: value },
              { col: "state", op: "IN", val: [value, "CA"] },
              { col: "name", op: "LIKE", val: value },
            ],
          },
          BIRTH_NAMES,
          { dialect, now: NOW },
        );
      const harmless = compileWith("safe").sql;
      for (const attack of ATTACKS) {
        const compiled = compileWith(attack);
        expect(compiled.sql).toBe(harmless);
        expect(compiled.params).toEqual([attack, attack, "CA", attack]);
        expect(new Set(placeholders(compiled.sql))).toEqual(new Set([1, 2, 3, 4]));
      }
    });
  }

  it("inline values are quoted literals: the quote is doubled, the text stays inside the literal", () => {
    const compiled = compileQuery(
      { columns: ["name"], filters: [{ col: "name", op: "==", val: "'; DROP TABLE birth_names; --" }] },
      BIRTH_NAMES,
      { dialect: ATHENA_DIALECT, now: NOW, paramStyle: "inline" },
    );
    expect(compiled.sql).toContain(`WHERE "name" = '''; DROP TABLE birth_names; --'`);
  });

  it("identifiers from requests are quoted, never pasted", () => {
    const evil = 'a"; DROP TABLE t; --';
    const dataset = {
      ...BIRTH_NAMES,
      columns: [...BIRTH_NAMES.columns, { column_name: evil, type: "VARCHAR" }],
    };
    const compiled = compileQuery(
      {
        columns: [evil],
        metrics: [
          { expressionType: "SIMPLE", column: { column_name: evil }, aggregate: "COUNT", label: evil },
        ],
      },
      dataset,
      { dialect: DUCKDB_DIALECT, now: NOW },
    );
    expect(compiled.sql.split("\n")[0]).toBe(
      'SELECT "a""; DROP TABLE t; --" AS "a""; DROP TABLE t; --", COUNT("a""; DROP TABLE t; --") AS "a""; DROP TABLE t; --"',
    );
  });

  it("a column name that is not in the dataset is refused, not quoted into the query", () => {
    expect(() =>
      compileQuery({ columns: ['x" FROM t; --'] }, BIRTH_NAMES, { dialect: DUCKDB_DIALECT, now: NOW }),
    ).toThrow(QueryValidationError);
  });

  it.each<[string, QueryObject]>([
    ["adhoc metric", { metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*); DROP TABLE t" }] }],
    ["adhoc column", { columns: [{ label: "x", sqlExpression: "name FROM t; --" }] }],
    [
      "filter column",
      { columns: ["name"], filters: [{ col: { label: "x", sqlExpression: "1=1 --" }, op: "IS NULL" }] },
    ],
    ["where", { columns: ["name"], extras: { where: "1=1) OR (1=1" } }],
    ["having", { columns: ["name"], metrics: ["count"], extras: { having: "COUNT(*) > 0 /* hidden */" } }],
    [
      "orderby",
      { columns: ["name"], orderby: [[{ label: "o", sqlExpression: "name; DROP TABLE t" }, true]] },
    ],
  ])("custom SQL in %s is validated", (_, query) => {
    expect(() => compileQuery(query, BIRTH_NAMES, { dialect: DUCKDB_DIALECT, now: NOW })).toThrow(
      expect.objectContaining({ errorType: "INVALID_SQL_ERROR" }),
    );
  });

  it("subqueries in custom SQL need allowSubqueries", () => {
    const query: QueryObject = { columns: ["name"], extras: { where: "name IN (SELECT name FROM secrets)" } };
    expect(() => compileQuery(query, BIRTH_NAMES, { dialect: DUCKDB_DIALECT, now: NOW })).toThrow(
      expect.objectContaining({ errorType: "ADHOC_SUBQUERY_NOT_ALLOWED_ERROR" }),
    );
    const allowed = compileQuery(query, BIRTH_NAMES, {
      dialect: DUCKDB_DIALECT,
      now: NOW,
      allowSubqueries: true,
    });
    expect(allowed.sql).toContain("WHERE (name IN (SELECT name FROM secrets))");
  });
});
