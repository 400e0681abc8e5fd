import { describe, expect, it } from "vitest";
import { chartDataLimitsFromEnv, DEFAULT_CHART_DATA_LIMITS } from "./chart-data/limits.ts";
import { positiveIntegersFromEnv } from "./env-numbers.ts";
import { DEFAULT_SQLLAB_LIMITS, sqlLabLimitsFromEnv } from "./sqllab/limits.ts";

describe("whole-number settings from the environment", () => {
  const defaults = { rows: 10, seconds: 30 };
  const names = { rows: "ROWS", seconds: "SECONDS" };

  it("keeps defaults for unset or empty variables and takes set ones", () => {
    expect(positiveIntegersFromEnv(defaults, names, {})).toEqual(defaults);
    expect(positiveIntegersFromEnv(defaults, names, { ROWS: "", SECONDS: "5" })).toEqual({
      rows: 10,
      seconds: 5,
    });
  });

  it("stops the start on a value that is not a positive whole number, naming the variable", () => {
    for (const bad of ["0", "-1", "1.5", "ten", "1e400"])
      expect(() => positiveIntegersFromEnv(defaults, names, { ROWS: bad })).toThrow(
        `ROWS must be a positive whole number, not "${bad}".`,
      );
  });

  it("reads chart-data and SQL Lab limits under their documented names", () => {
    expect(chartDataLimitsFromEnv({ CHART_DATA_MAX_QUERIES: "3" })).toEqual({
      ...DEFAULT_CHART_DATA_LIMITS,
      maxQueries: 3,
    });
    expect(sqlLabLimitsFromEnv({ DISPLAY_MAX_ROW: "500" })).toEqual({
      ...DEFAULT_SQLLAB_LIMITS,
      displayRows: 500,
    });
  });
});
