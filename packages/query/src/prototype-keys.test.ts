import { describe, expect, it } from "vitest";
import { QueryValidationError } from "./errors.ts";
import { toQueryOperator } from "./form-data/adhoc-filters.ts";
import { applyPostProcessing } from "./post-processing/apply.ts";
import type { ColumnarFrame } from "./post-processing/frame.ts";
import { compileQuery } from "./sql/compile.ts";
import { BIRTH_NAMES, DUCKDB_DIALECT, NOW, POSTGRES_DIALECT } from "./testing/fixtures.ts";

/**
 * Names of Object.prototype's members, given where the compiler looks a request's text up in a
 * table of its own: each must read as unknown, never as the inherited method.
 */
const PROTOTYPE_NAMES = ["toString", "constructor", "hasOwnProperty", "valueOf", "__proto__"];

describe("request text naming Object.prototype members", () => {
  it("is an unknown time grain, in extras and on a column, for every dialect", () => {
    for (const grain of PROTOTYPE_NAMES) {
      for (const dialect of [DUCKDB_DIALECT, POSTGRES_DIALECT]) {
        const legacy = () =>
          compileQuery(
            {
              is_timeseries: true,
              granularity: "ds",
              extras: { time_grain_sqla: grain },
              metrics: ["count"],
            },
            BIRTH_NAMES,
            { dialect, now: NOW },
          );
        expect(legacy, grain).toThrow(QueryValidationError);
        expect(legacy, grain).toThrow(`Unknown time grain "${grain}"`);
        const axis = () =>
          compileQuery(
            {
              columns: [{ label: "ds", sqlExpression: "ds", columnType: "BASE_AXIS", timeGrain: grain }],
              metrics: ["count"],
            },
            BIRTH_NAMES,
            { dialect, now: NOW },
          );
        expect(axis, grain).toThrow(QueryValidationError);
      }
    }
  });

  it("still applies a real grain", () => {
    const compiled = compileQuery(
      { is_timeseries: true, granularity: "ds", extras: { time_grain_sqla: "P1M" }, metrics: ["count"] },
      BIRTH_NAMES,
      { dialect: DUCKDB_DIALECT, now: NOW },
    );
    expect(compiled.sql).toContain("DATE_TRUNC('month', \"ds\")");
  });

  it("is an unknown adhoc filter operator", () => {
    for (const name of PROTOTYPE_NAMES) {
      expect(() => toQueryOperator(name), name).toThrow(QueryValidationError);
      expect(() => toQueryOperator(name, name), name).toThrow(QueryValidationError);
      // An unknown operatorId falls back to the operator, as for any other unknown id.
      expect(toQueryOperator("==", name)).toBe("==");
    }
    expect(toQueryOperator("EQUALS")).toBe("==");
    expect(toQueryOperator("==")).toBe("==");
  });

  it("leaves columns named like them alone in rename and select", () => {
    const frame: ColumnarFrame = {
      columns: ["toString", "constructor", "x"],
      data: [[1], [2], [3]],
    };
    const renamed = applyPostProcessing(frame, [{ operation: "rename", options: { columns: { x: "y" } } }]);
    expect(renamed.columns).toEqual(["toString", "constructor", "y"]);

    const multi: ColumnarFrame = { columns: ["toString, a", "b, c"], data: [[1], [2]] };
    const byLevel = applyPostProcessing(multi, [
      { operation: "rename", options: { columns: { b: "B" }, level: 0 } },
    ]);
    expect(byLevel.columns).toEqual(["toString, a", "B, c"]);

    const selected = applyPostProcessing(frame, [{ operation: "select", options: { rename: { x: "z" } } }]);
    expect(selected.columns).toEqual(["toString", "constructor", "z"]);
  });
});
