import { describe, expect, it } from "vitest";
import type { ChartColumn } from "../../../../components/charts";
import { relevantOperators } from "./filter-operators";

const column = (type: string, extra: Partial<ChartColumn> = {}): ChartColumn =>
  ({ column_name: "c", type, ...extra }) as ChartColumn;

describe("filter operators offered for a column (Superset's isOperatorRelevant)", () => {
  it("a text column: comparisons, lists, LIKE and null tests; no boolean, partition or time range", () => {
    const ops = relevantOperators(column("VARCHAR"));
    expect(ops).toContain("EQUALS");
    expect(ops).toContain("ILIKE");
    expect(ops).toContain("IS_NULL");
    for (const gone of ["IS_TRUE", "IS_FALSE", "LATEST_PARTITION", "TEMPORAL_RANGE"])
      expect(ops).not.toContain(gone);
  });

  it("a boolean column: true, false and the null tests only", () => {
    expect(relevantOperators(column("BOOLEAN")).sort()).toEqual([
      "IS_FALSE",
      "IS_NOT_NULL",
      "IS_NULL",
      "IS_TRUE",
    ]);
  });

  it("integers and calculated columns take Is true / Is false too; a time column its range", () => {
    expect(relevantOperators(column("BIGINT"))).toContain("IS_TRUE");
    expect(relevantOperators(column("INTEGER"))).toContain("IS_FALSE");
    expect(relevantOperators(column("DOUBLE"))).not.toContain("IS_TRUE");
    expect(relevantOperators(column("VARCHAR", { expression: "a = b" }))).toContain("IS_TRUE");
    expect(relevantOperators(column("TIMESTAMP", { is_dttm: true }))).toContain("TEMPORAL_RANGE");
  });

  it("latest_partition only stays on a filter that already uses it", () => {
    expect(relevantOperators(column("VARCHAR"), "LATEST_PARTITION")).toContain("LATEST_PARTITION");
  });
});
