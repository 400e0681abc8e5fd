import { describe, expect, it } from "vitest";
import { ATHENA_DIALECT, DUCKDB_DIALECT, POSTGRES_DIALECT } from "./dialects.ts";

describe("timeGrainExpression", () => {
  it("treats names of Object.prototype members as unknown grains", () => {
    for (const dialect of [DUCKDB_DIALECT, POSTGRES_DIALECT, ATHENA_DIALECT]) {
      for (const grain of ["toString", "constructor", "hasOwnProperty", "valueOf", "__proto__"]) {
        expect(() => dialect.timeGrainExpression("ds", grain), `${dialect.engine} ${grain}`).toThrow(
          `Unknown time grain: ${grain}`,
        );
      }
      expect(dialect.timeGrainExpression("ds", "P1D")).toContain("ds");
      expect(dialect.timeGrainExpression("ds", null)).toBe("ds");
    }
  });
});
