import { describe, expect, it } from "vitest";
import type { ChartDataset, FormData } from "../../../components/charts";
import { crossFilterCellColumns, crossFilterMask } from "./cross-filter";

const dataset = {
  id: 1,
  type: "table",
  table_name: "birth_names",
  columns: [
    { column_name: "gender", type: "VARCHAR" },
    { column_name: "state", type: "VARCHAR" },
    { column_name: "num", type: "BIGINT" },
    { column_name: "ds", type: "TIMESTAMP", is_dttm: true },
  ],
  metrics: [],
} as ChartDataset;

const table = (extra: Record<string, unknown>) =>
  ({ datasource: "1__table", viz_type: "table", ...extra }) as FormData;

describe("table cross filters: emitting columns", () => {
  it("are the physical group-by columns of an aggregate table", () => {
    const fd = table({ query_mode: "aggregate", groupby: ["gender", "state"], metrics: ["count"] });
    expect(crossFilterCellColumns(fd, dataset)).toEqual(["gender", "state"]);
    // Numeric dimensions emit too; metrics never do.
    expect(crossFilterCellColumns(table({ groupby: ["num"], metrics: ["count"] }), dataset)).toEqual(["num"]);
  });

  it("leave out temporal and adhoc (SQL) columns", () => {
    const adhoc = { label: "upper", sqlExpression: "UPPER(name)", expressionType: "SQL" };
    const fd = table({ query_mode: "aggregate", groupby: ["ds", adhoc, "gender"], metrics: ["count"] });
    expect(crossFilterCellColumns(fd, dataset)).toEqual(["gender"]);
  });

  it("are none for raw records or other visualisations", () => {
    expect(
      crossFilterCellColumns(
        table({ query_mode: "raw", all_columns: ["gender"], groupby: ["gender"] }),
        dataset,
      ),
    ).toEqual([]);
    // No query_mode: columns without metrics mean raw records.
    expect(crossFilterCellColumns(table({ all_columns: ["gender", "num"] }), dataset)).toEqual([]);
    expect(crossFilterCellColumns(table({ viz_type: "pie", groupby: ["gender"] }), dataset)).toEqual([]);
  });
});

describe("table cross filters: the mask of a click", () => {
  it("filters the other charts by the clicked value (IN), with the value as filter state", () => {
    expect(crossFilterMask(12, "gender", "boy")).toEqual({
      id: "12",
      extraFormData: { filters: [{ col: "gender", op: "IN", val: ["boy"] }] },
      filterState: { value: ["boy"], label: "boy", column: "gender" },
    });
    expect(crossFilterMask(12, "num", 7).extraFormData.filters).toEqual([{ col: "num", op: "IN", val: [7] }]);
    expect(crossFilterMask(12, "state", null).filterState).toMatchObject({ value: [null], label: "null" });
  });

  it("clears on a second click of the same cell value", () => {
    const on = crossFilterMask(12, "gender", "boy");
    expect(crossFilterMask(12, "gender", "boy", on)).toEqual({
      id: "12",
      extraFormData: {},
      filterState: { value: null },
    });
  });

  it("replaces the filter on another value, or the same value in another column", () => {
    const on = crossFilterMask(12, "state", "CA");
    expect(crossFilterMask(12, "state", "NY", on).extraFormData.filters).toEqual([
      { col: "state", op: "IN", val: ["NY"] },
    ]);
    const sameValue = crossFilterMask(12, "name", "CA", on);
    expect(sameValue.extraFormData.filters).toEqual([{ col: "name", op: "IN", val: ["CA"] }]);
    expect(sameValue.filterState.column).toBe("name");
    // After clearing, a click sets it again.
    const off = crossFilterMask(12, "state", "CA", on);
    expect(crossFilterMask(12, "state", "CA", off).extraFormData.filters).toHaveLength(1);
  });
});
