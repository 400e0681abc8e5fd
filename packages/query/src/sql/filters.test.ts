import type { QueryFilter } from "@strata/contracts";
import { describe, expect, it } from "vitest";
import { BIRTH_NAMES, DUCKDB_DIALECT, NOW } from "../testing/fixtures.ts";
import { compileQuery } from "./compile.ts";

function where(filter: QueryFilter) {
  const compiled = compileQuery({ columns: ["name"], filters: [filter] }, BIRTH_NAMES, {
    dialect: DUCKDB_DIALECT,
    now: NOW,
  });
  const line = compiled.sql.split("\n").find((l) => l.startsWith("WHERE ")) ?? "";
  return { where: line.slice("WHERE ".length), params: compiled.params };
}

describe("filter operators", () => {
  it.each<[QueryFilter, string, unknown[]]>([
    [{ col: "name", op: "==", val: "Amy" }, '"name" = $1', ["Amy"]],
    [{ col: "name", op: "!=", val: "Amy" }, '"name" <> $1', ["Amy"]],
    [{ col: "num", op: ">", val: "10" }, '"num" > $1', [10]],
    [{ col: "num", op: "<", val: 10 }, '"num" < $1', [10]],
    [{ col: "num", op: ">=", val: "1e3" }, '"num" >= $1', [1000]],
    [{ col: "num", op: "<=", val: -2.5 }, '"num" <= $1', [-2.5]],
    [{ col: "name", op: "IN", val: ["Amy", "Bob"] }, '"name" IN ($1, $2)', ["Amy", "Bob"]],
    [{ col: "name", op: "NOT IN", val: ["Amy"] }, '"name" NOT IN ($1)', ["Amy"]],
    [{ col: "name", op: "LIKE", val: "A%" }, '"name" LIKE $1', ["A%"]],
    [{ col: "name", op: "NOT LIKE", val: "A%" }, '"name" NOT LIKE $1', ["A%"]],
    [{ col: "name", op: "ILIKE", val: "a%" }, '"name" ILIKE $1', ["a%"]],
    [{ col: "name", op: "IS NULL" }, '"name" IS NULL', []],
    [{ col: "name", op: "IS NOT NULL" }, '"name" IS NOT NULL', []],
    [{ col: "is_boy", op: "IS TRUE" }, '"is_boy" IS TRUE', []],
    [{ col: "is_boy", op: "IS FALSE" }, '"is_boy" IS FALSE', []],
  ])("%o", (filter, sql, params) => {
    expect(where(filter)).toEqual({ where: sql, params });
  });

  it("handles NULL markers and nulls the way Superset does", () => {
    expect(where({ col: "name", op: "==", val: "<NULL>" })).toEqual({ where: '"name" IS NULL', params: [] });
    expect(where({ col: "name", op: "!=", val: null })).toEqual({ where: '"name" IS NOT NULL', params: [] });
    expect(where({ col: "name", op: "IN", val: ["Amy", null] })).toEqual({
      where: '("name" IN ($1) OR "name" IS NULL)',
      params: ["Amy"],
    });
    expect(where({ col: "name", op: "NOT IN", val: ["<NULL>", "Amy"] })).toEqual({
      where: '("name" NOT IN ($1) AND "name" IS NOT NULL)',
      params: ["Amy"],
    });
    expect(where({ col: "name", op: "IN", val: ["<NULL>"] })).toEqual({
      where: '"name" IS NULL',
      params: [],
    });
    expect(where({ col: "name", op: "==", val: "<empty string>" })).toEqual({
      where: '"name" = $1',
      params: [""],
    });
  });

  it("turns empty IN lists into constant conditions", () => {
    expect(where({ col: "name", op: "IN", val: [] }).where).toBe("1 = 0");
    expect(where({ col: "name", op: "NOT IN", val: [] }).where).toBe("1 = 1");
  });

  it("coerces values to the column kind", () => {
    expect(where({ col: "name", op: "IN", val: [1, true] }).params).toEqual(["1", "true"]);
    expect(where({ col: "num", op: "IN", val: ["1", "x", 2] }).params).toEqual([1, "x", 2]);
    expect(where({ col: "is_boy", op: "==", val: "TRUE" }).params).toEqual([true]);
    expect(where({ col: "is_boy", op: "IN", val: ["false", 1] }).params).toEqual([false, true]);
  });

  it("binds dates on temporal columns as cast naive timestamps", () => {
    expect(where({ col: "ds", op: ">=", val: "2020-01-01T10:00:00" })).toEqual({
      where: '"ds" >= CAST($1 AS TIMESTAMP)',
      params: ["2020-01-01 10:00:00"],
    });
    expect(where({ col: "day", op: "IN", val: ["2020-01-01", "2020-01-02"] })).toEqual({
      where: '"day" IN (CAST($1 AS DATE), CAST($2 AS DATE))',
      params: ["2020-01-01", "2020-01-02"],
    });
    expect(where({ col: "ds", op: "<", val: 1577836800000 }).params).toEqual(["2020-01-01 00:00:00"]);
  });

  it("filters on calculated and adhoc columns use their expressions", () => {
    expect(where({ col: "num_x2", op: ">", val: 4 })).toEqual({ where: "(num * 2) > $1", params: [4] });
    expect(where({ col: { label: "l", sqlExpression: "LENGTH(name)" }, op: "==", val: 3 })).toEqual({
      where: "(LENGTH(name)) = $1",
      params: [3],
    });
  });

  it("rejects comparisons without a usable value", () => {
    expect(() => where({ col: "num", op: ">", val: null })).toThrow(/needs a non-null value/);
    expect(() => where({ col: "num", op: ">" })).toThrow(/needs a value/);
    expect(() => where({ col: "num", op: "==", val: [1, 2] })).toThrow(/single value/);
    expect(() => where({ col: "name", op: "LIKE", val: null })).toThrow(/text pattern/);
    expect(() => where({ col: "ds", op: "TEMPORAL_RANGE", val: 5 })).toThrow(/time range text/);
  });
});
