import { BUILD_QUERY } from "@strata/contracts/chart-query";
import { describe, expect, it } from "vitest";
import { VIZ_TYPES } from "./viz-types";

describe("visualisation picker", () => {
  it("has a query builder for every visualisation it offers", () => {
    for (const viz of VIZ_TYPES) expect(BUILD_QUERY[viz.key], viz.key).toBeTypeOf("function");
  });
});
