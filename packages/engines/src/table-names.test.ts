import { describe, expect, it } from "vitest";
import { readReferences, readTableNames, UnreadableTables } from "./table-names.ts";

const names = async (sql: string) =>
  (await readTableNames(sql)).map((n) => (n.schema ? `${n.schema}.${n.table}` : n.table)).sort();

describe("readTableNames", () => {
  it("finds tables wherever a SELECT reads them: joins, subqueries, set operations, lateral", async () => {
    expect(
      await names(`SELECT a.x, (SELECT max(y) FROM s.b) FROM a JOIN "Mixed Case" m ON true
        WHERE a.x IN (SELECT x FROM c) AND EXISTS (SELECT 1 FROM d)
        UNION ALL SELECT x, 1 FROM e, LATERAL (SELECT * FROM f WHERE f.x = e.x) l`),
    ).toEqual(["Mixed Case", "a", "c", "d", "e", "f", "s.b"]);
    expect(await names("TABLE t")).toEqual(["t"]);
    expect(await names("SELECT 1")).toEqual([]);
    expect(await names("SELECT * FROM generate_series(1, 3) g, unnest(ARRAY[1]) u")).toEqual([]);
  });

  it("takes WITH names as the query's own only where they are in scope", async () => {
    expect(await names("WITH a AS (SELECT * FROM t) SELECT * FROM a")).toEqual(["t"]);
    // A WITH query does not see itself without RECURSIVE: the name is the table.
    expect(await names("WITH t AS (SELECT * FROM t) SELECT * FROM t")).toEqual(["t"]);
    expect(
      await names("WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r) SELECT * FROM r"),
    ).toEqual([]);
    // Under RECURSIVE, only the recursive term's FROM is the query itself: DuckDB reads the
    // table anywhere else.
    expect(await names("WITH RECURSIVE t AS (SELECT * FROM t) SELECT * FROM t")).toEqual(["t"]);
    expect(await names("WITH RECURSIVE t AS (SELECT * FROM t UNION ALL SELECT 1) SELECT * FROM t")).toEqual([
      "t",
    ]);
    expect(
      await names(
        "WITH RECURSIVE t AS (SELECT 1 AS v UNION ALL SELECT v FROM t WHERE v < (SELECT max(v) FROM t)) TABLE t",
      ),
    ).toEqual(["t"]);
    // Nor a later one, even under RECURSIVE (engines differ there: the table is checked).
    expect(await names("WITH RECURSIVE a AS (SELECT * FROM b), b AS (SELECT 1) SELECT * FROM a")).toEqual([
      "b",
    ]);
    expect(await names("WITH a AS (SELECT 1), b AS (SELECT * FROM a) SELECT * FROM b")).toEqual([]);
    // A WITH inside a subquery names nothing outside it.
    expect(await names("SELECT * FROM secret, (WITH secret AS (SELECT 1) SELECT * FROM secret) x")).toEqual([
      "secret",
    ]);
    // A qualified name is never a WITH query.
    expect(await names("WITH t AS (SELECT 1) SELECT * FROM main.t")).toEqual(["main.t"]);
    // Outer WITH names reach into subqueries.
    expect(
      await names("WITH a AS (SELECT 1) SELECT * FROM (SELECT * FROM a) x WHERE 1 IN (SELECT * FROM a)"),
    ).toEqual([]);
  });

  it("refuses what it can't vouch for", async () => {
    const refusals = [
      "SELECT 1; SELECT 2",
      "DELETE FROM t",
      "SELECT * INTO copy FROM t",
      "SELECT * FROM t FOR UPDATE",
      "WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d",
      "EXPLAIN SELECT * FROM t",
      "SHOW search_path",
      "FROM t SELECT 1",
      "SELECT * FROM read_csv('/etc/passwd')",
      "SELECT * FROM dblink('x', 'SELECT 1') AS r(a int)",
      "SELECT pg_catalog.query_to_xml('SELECT * FROM secret', true, true, '')",
      "SELECT * FROM query('SELECT * FROM secret')",
      "SELECT * FROM other_db.public.t",
      "SELECT * FROM",
    ];
    for (const sql of refusals)
      await expect(readTableNames(sql), sql).rejects.toBeInstanceOf(UnreadableTables);
  });
});

describe("readReferences", () => {
  it("lists every function called and operator used, wherever it is, beside the tables", async () => {
    const read = await readReferences(
      `SELECT Peek(x), s.other(y) + 1 FROM t, generate_series(1, 2) g
        WHERE x ### (SELECT max(z) FROM u WHERE z BETWEEN 1 AND deep(2))`,
    );
    expect(read.tables.map((t) => t.table).sort()).toEqual(["t", "u"]);
    expect(read.routines).toEqual(
      expect.arrayContaining(["peek", "other", "+", "generate_series", "###", "max", "deep"]),
    );
    expect((await readReferences("SELECT 1")).routines).toEqual([]);
  });
});
