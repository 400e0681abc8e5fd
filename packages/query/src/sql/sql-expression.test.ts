import { describe, expect, it } from "vitest";
import { QueryValidationError } from "../errors.ts";
import { validateSqlExpression } from "./sql-expression.ts";

function errorOf(sql: string, allowSubqueries = false): QueryValidationError {
  try {
    validateSqlExpression(sql, { allowSubqueries, context: "metric" });
  } catch (error) {
    expect(error).toBeInstanceOf(QueryValidationError);
    return error as QueryValidationError;
  }
  throw new Error(`expected ${sql} to be refused`);
}

describe("validateSqlExpression", () => {
  it.each([
    "SUM(num) / COUNT(*)",
    "CASE WHEN gender = 'boy' THEN 1 ELSE 0 END",
    "name = 'it''s; -- not a comment'",
    'COUNT(DISTINCT "we""ird; col")',
    "EXTRACT(YEAR FROM ds)",
    "SUBSTRING(name FROM 2 FOR 3)",
    "CAST(ds AS TIMESTAMP WITH TIME ZONE)",
    "PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY num)",
    "REPLACE(name, 'a', 'b')",
    "E'it\\'s'",
    "regexp_matches(name, '\\d+')",
    "arr[1] > 2",
    "  num > 1  ",
  ])("accepts %s", (sql) => {
    expect(validateSqlExpression(sql)).toBe(sql.trim());
  });

  it.each([
    ["num; DROP TABLE t", /no ';'/],
    ["num -- comment", /comments/],
    ["num /* comment */", /comments/],
    ["(num", /unbalanced/],
    ["num)", /unbalanced/],
    ["1) OR (1", /unbalanced/],
    ["'open", /unterminated string/],
    ['"open', /unterminated quoted identifier/],
    ["$$x$$", /'\$' is not allowed/],
    ["num > $1", /'\$' is not allowed/],
    ["num > ?", /'\?' is not allowed/],
    ["`num`", /backtick/],
    ["'\\' ; DROP TABLE t; SELECT '", /backslash before a quote/],
    ["1 UNION ALL SELECT 1", /UNION is not allowed/],
    ["DELETE FROM t", /DELETE is not allowed/],
    ["pg_sleep(1) INTO x", /INTO is not allowed/],
    ["   ", /empty/],
  ])("refuses %s as INVALID_SQL_ERROR", (sql, message) => {
    const error = errorOf(sql);
    expect(error.errorType).toBe("INVALID_SQL_ERROR");
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(/metric/);
  });

  it.each([
    "(SELECT MAX(num) FROM t)",
    "num IN (select 1)",
    "EXISTS (VALUES (1))",
    "(TABLE secrets) IS NULL",
    "num IN (FROM secrets)",
  ])("refuses the subquery %s unless allowed", (sql) => {
    expect(errorOf(sql).errorType).toBe("ADHOC_SUBQUERY_NOT_ALLOWED_ERROR");
    expect(errorOf(sql).message).toBe("Custom SQL fields cannot contain sub-queries.");
    expect(validateSqlExpression(sql, { allowSubqueries: true })).toBe(sql);
  });

  it("still refuses statements when subqueries are allowed", () => {
    expect(errorOf("(SELECT 1); DROP TABLE t", true).errorType).toBe("INVALID_SQL_ERROR");
    expect(errorOf("(INSERT INTO t VALUES (1))", true).errorType).toBe("INVALID_SQL_ERROR");
  });
});
