import { describe, expect, it } from "vitest";
import type { FormData } from "../../types";
import { pivotCsv } from "./pivot-csv";

describe("pivoted CSV", () => {
  it("lays the cells out as the pivot table draws them, with totals", () => {
    const fd = {
      datasource: "1__table",
      viz_type: "pivot_table_v2",
      groupbyRows: ["state"],
      groupbyColumns: ["gender"],
      metrics: ["count"],
      aggregateFunction: "Sum",
    } as FormData;
    const rows = [
      { state: "CA", gender: "boy", count: 3 },
      { state: "CA", gender: "girl", count: 2 },
      { state: "NY", gender: "boy", count: 1 },
    ];
    expect(pivotCsv(fd, rows).split("\r\n")).toEqual([
      "state,boy count,girl count,Total (Sum) count",
      "CA,3,2,5",
      "NY,1,,1",
      "Total (Sum),4,2,6",
      "",
    ]);
  });
});
