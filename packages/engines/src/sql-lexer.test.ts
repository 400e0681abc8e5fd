import { describe, expect, it } from "vitest";
import { classifyStatements, splitStatements } from "./sql-lexer.ts";

const classify = (sql: string) => classifyStatements(sql).map(({ kind, readOnly }) => ({ kind, readOnly }));

describe("splitStatements", () => {
  it("splits on top-level semicolons only", () => {
    const sql = `SELECT ';' AS a; SELECT "x;y" FROM t -- a comment; still comment
      ; /* block ; comment */ SELECT $$ body ; here $$; SELECT E'it\\'s; fine'`;
    expect(splitStatements(sql)).toEqual([
      "SELECT ';' AS a",
      'SELECT "x;y" FROM t -- a comment; still comment',
      "/* block ; comment */ SELECT $$ body ; here $$",
      "SELECT E'it\\'s; fine'",
    ]);
  });

  it("drops empty statements and comment-only ones", () => {
    expect(splitStatements(";; -- nothing\n ; /* nothing */")).toEqual([]);
    expect(splitStatements("select 1;;")).toEqual(["select 1"]);
  });

  it("ends a line comment at a carriage return, as the engines do", () => {
    expect(splitStatements("select 1 -- note\r; select 2")).toEqual(["select 1 -- note", "select 2"]);
    expect(classifyStatements("select 1 -- note\r; delete from t").map((s) => s.kind)).toEqual([
      "SELECT",
      "DELETE",
    ]);
  });

  it("handles nested block comments and tagged dollar quotes", () => {
    expect(splitStatements("/* a /* b; */ c; */ select 1; select $fn$ ; $fn$")).toEqual([
      "/* a /* b; */ c; */ select 1",
      "select $fn$ ; $fn$",
    ]);
  });
});

describe("classifyStatements", () => {
  it("accepts reads", () => {
    for (const sql of [
      "SELECT 1",
      "(SELECT 1) UNION (SELECT 2)",
      "VALUES (1), (2)",
      "TABLE t",
      "SHOW search_path",
      "EXPLAIN SELECT 1",
      "EXPLAIN (FORMAT JSON) SELECT 1",
      "WITH a AS (SELECT 1), b AS (SELECT * FROM a) SELECT * FROM b",
      "-- leading comment\nselect 1",
      "DESCRIBE t",
    ]) {
      expect(classify(sql), sql).toEqual([expect.objectContaining({ readOnly: true })]);
    }
  });

  it("refuses writes, including ones hidden in CTEs, SELECT INTO and EXPLAIN ANALYZE", () => {
    const cases: [string, string][] = [
      ["INSERT INTO t VALUES (1)", "INSERT"],
      ["update t set a = 1", "UPDATE"],
      ["DELETE FROM t", "DELETE"],
      ["CREATE TABLE x AS SELECT 1", "CREATE"],
      ["DROP TABLE t", "DROP"],
      ["TRUNCATE t", "TRUNCATE"],
      ["SET statement_timeout = 0", "SET"],
      ["COPY t TO '/tmp/x'", "COPY"],
      ["WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d", "DELETE"],
      ["WITH a AS (SELECT 1) INSERT INTO t SELECT * FROM a", "INSERT"],
      ["SELECT * INTO new_table FROM t", "SELECT"],
      ["EXPLAIN ANALYZE DELETE FROM t", "EXPLAIN"],
      ["EXPLAIN (ANALYZE, BUFFERS) UPDATE t SET a = 1", "EXPLAIN"],
      ["BEGIN", "BEGIN"],
      ["CALL proc()", "CALL"],
      ["DO $$ BEGIN DELETE FROM t; END $$", "DO"],
    ];
    for (const [sql, kind] of cases) expect(classify(sql), sql).toEqual([{ kind, readOnly: false }]);
  });

  it("lets text that is not SQL through, for the engine to report the syntax error", () => {
    expect(classify("selec 1")).toEqual([{ kind: "UNKNOWN", readOnly: true }]);
  });

  it("classifies each statement of a script", () => {
    expect(classify("select 1; delete from t; select 2")).toEqual([
      { kind: "SELECT", readOnly: true },
      { kind: "DELETE", readOnly: false },
      { kind: "SELECT", readOnly: true },
    ]);
  });

  it("is not fooled by keywords inside strings, quoted names or comments", () => {
    expect(classify(`SELECT 'delete from t', "insert" FROM t /* update t */`)).toEqual([
      { kind: "SELECT", readOnly: true },
    ]);
  });
});
