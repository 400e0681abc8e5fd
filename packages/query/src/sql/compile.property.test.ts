import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { queryObject, simpleFilter } from "../testing/arbitraries.ts";
import { BIRTH_NAMES, DIALECTS, NOW, placeholders } from "../testing/fixtures.ts";
import { compileQuery } from "./compile.ts";

describe("property: placeholders and parameters agree", () => {
  for (const [engine, dialect] of Object.entries(DIALECTS)) {
    it(`${engine}: bound statements use exactly $1..$n for n params`, () => {
      fc.assert(
        fc.property(queryObject, (query) => {
          const { sql, params } = compileQuery(query, BIRTH_NAMES, { dialect, now: NOW });
          const used = new Set(placeholders(sql));
          expect([...used].sort((a, b) => a - b)).toEqual(params.map((_, i) => i + 1));
        }),
        { numRuns: 300 },
      );
    });

    it(`${engine}: inline statements have no placeholders and no params`, () => {
      fc.assert(
        fc.property(queryObject, (query) => {
          const { sql, params } = compileQuery(query, BIRTH_NAMES, {
            dialect,
            now: NOW,
            paramStyle: "inline",
          });
          expect(params).toEqual([]);
          // A `$n` can only appear inside a quoted literal taken from a value.
          expect(sql.replace(/'(?:[^']|'')*'/g, "''")).not.toMatch(/\$\d/);
        }),
        { numRuns: 200 },
      );
    });
  }

  it("p, NOT p and p IS NULL compile for every filter (each side of the partition is one expression)", () => {
    fc.assert(
      fc.property(simpleFilter, (filter) => {
        const { sql, params } = compileQuery({ metrics: ["count"], filters: [filter] }, BIRTH_NAMES, {
          dialect: DIALECTS.postgresql,
          now: NOW,
        });
        const where =
          sql
            .split("\n")
            .find((l) => l.startsWith("WHERE "))
            ?.slice(6) ?? "TRUE";
        for (const condition of [`(${where})`, `NOT (${where})`, `(${where}) IS NULL`]) {
          let depth = 0;
          for (const ch of condition.replace(/'(?:[^']|'')*'/g, "''").replace(/"(?:[^"]|"")*"/g, '""')) {
            depth += ch === "(" ? 1 : ch === ")" ? -1 : 0;
            expect(depth).toBeGreaterThanOrEqual(0);
          }
          expect(depth).toBe(0);
        }
        expect(new Set(placeholders(where)).size).toBe(params.length);
      }),
      { numRuns: 300 },
    );
  });
});
