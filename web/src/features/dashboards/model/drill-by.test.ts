import { describe, expect, it } from "vitest";
import type { FormData } from "../../../components/charts";
import { drillByColumns, drillByFormData } from "./drill-by";

const pie = {
  datasource: "1__table",
  viz_type: "pie",
  groupby: ["gender"],
  metric: "count",
  adhoc_filters: [],
} as FormData;

describe("drill by", () => {
  it("offers the dataset's groupable columns", () => {
    const dataset = {
      id: 1,
      type: "table",
      table_name: "t",
      metrics: [],
      columns: [
        { column_name: "gender", groupby: true },
        { column_name: "num", groupby: false },
        { column_name: "state" },
      ],
    } as never;
    expect(drillByColumns(dataset)).toEqual(["gender", "state"]);
  });

  it("swaps a pie's dimension and narrows by every clicked value on the way", () => {
    const fd = drillByFormData(pie, [
      { column: "state", filter: { column: "gender", value: "boy" } },
      { column: "name", filter: { column: "state", value: null } },
    ]);
    expect(fd.viz_type).toBe("pie");
    expect(fd.groupby).toEqual(["name"]);
    expect(fd.adhoc_filters).toEqual([
      { expressionType: "SIMPLE", clause: "WHERE", subject: "gender", operator: "==", comparator: "boy" },
      { expressionType: "SIMPLE", clause: "WHERE", subject: "state", operator: "IS NULL" },
    ]);
  });

  it("moves a timeseries' x axis and shows charts without a dimension as a table", () => {
    const bar = drillByFormData(
      { datasource: "1__table", viz_type: "echarts_timeseries_bar", x_axis: "ds" } as FormData,
      [{ column: "state" }],
    );
    expect(bar).toMatchObject({ viz_type: "echarts_timeseries_bar", x_axis: "state", groupby: [] });
    const big = drillByFormData(
      { datasource: "1__table", viz_type: "big_number_total", metric: "sum__num" } as FormData,
      [{ column: "state" }],
    );
    expect(big).toMatchObject({
      viz_type: "table",
      query_mode: "aggregate",
      groupby: ["state"],
      metrics: ["sum__num"],
    });
  });
});
