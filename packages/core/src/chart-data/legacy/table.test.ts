import { describe, expect, it } from "vitest";
import { table } from "./table.ts";
import type { FormData, LegacyContext } from "./viz.ts";

const ctx = (formData: FormData): LegacyContext => ({
  formData,
  fromDttm: null,
  toDttm: null,
  mapboxApiKey: "",
});

describe("table", () => {
  it("aggregates with percentage metrics as %columns", () => {
    const fd = { groupby: ["gender"], metrics: ["count"], percent_metrics: ["sum__num"] };
    expect(table.query(fd)).toMatchObject({ columns: ["gender"], metrics: ["count", "sum__num"] });
    const rows = [
      { gender: "boy", count: 2, sum__num: 30 },
      { gender: "girl", count: 1, sum__num: 10 },
    ];
    expect(table.data(rows, ctx(fd))).toEqual({
      records: [
        { gender: "boy", count: 2, "%sum__num": 0.75 },
        { gender: "girl", count: 1, "%sum__num": 0.25 },
      ],
      columns: ["gender", "count", "%sum__num"],
    });
  });

  it("raw mode lists the picked columns, and refuses mixing the two", () => {
    const fd = { all_columns: ["name", "num"], order_by_cols: ['["num", false]'] };
    expect(table.query(fd)).toMatchObject({
      columns: ["name", "num"],
      metrics: null,
      orderby: [["num", false]],
    });
    expect(table.data([{ name: "a", num: 1 }], ctx(fd))).toEqual({
      records: [{ name: "a", num: 1 }],
      columns: ["name", "num"],
    });
    expect(() => table.query({ ...fd, metrics: ["count"] })).toThrow(/cannot use \[Columns\]/);
  });
});
