import { describe, expect, it } from "vitest";
import { toListFilters } from "./filter-values";
import type { ListFilterConfig } from "./types";

const configs: ListFilterConfig[] = [
  { id: "table_name", title: "Search", input: "search", operator: "ct" },
  { id: "owners", title: "Owner", input: "select", operator: "rel_m_m" },
  { id: "changed_on", title: "Modified", input: "datetime_range", operator: "between" },
  { id: "rows", title: "Rows", input: "numerical_range", operator: "between" },
  { id: "sql", title: "Type", input: "select", operator: "dataset_is_null_or_empty" },
];

describe("list query filters", () => {
  it("sends option values, trimmed text and complete ranges", () => {
    expect(
      toListFilters(configs, {
        table_name: "  birth ",
        owners: { label: "Ann", value: 3 },
        changed_on: ["2024-01-01", "2024-02-01"],
        rows: [1, 5],
        sql: { label: "Physical", value: false },
      }),
    ).toEqual([
      { col: "table_name", opr: "ct", value: "birth" },
      { col: "owners", opr: "rel_m_m", value: 3 },
      { col: "changed_on", opr: "between", value: ["2024-01-01", "2024-02-01"] },
      { col: "rows", opr: "between", value: [1, 5] },
      { col: "sql", opr: "dataset_is_null_or_empty", value: false },
    ]);
  });

  it("drops empty, null, half date ranges and invalid numeric ranges", () => {
    expect(
      toListFilters(configs, {
        table_name: "   ",
        owners: null,
        changed_on: ["2024-01-01", null],
        rows: [5, 5],
      }),
    ).toEqual([]);
  });
});
