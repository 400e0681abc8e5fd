import { describe, expect, it } from "vitest";
import { parallelModel } from "./parallel-model";

describe("parallel coordinates model", () => {
  it("makes an axis per metric (the series first when included) and a line per row", () => {
    const model = parallelModel(
      {
        datasource: "1__table",
        viz_type: "parallel_coordinates",
        series: "name",
        metrics: ["count", "sum__num"],
        secondary_metric: "sum__num",
        include_series: true,
      },
      [
        {
          data: [
            { name: "Amy", count: 1, sum__num: 10 },
            { name: "Bob", count: 3, sum__num: 5 },
            { name: "Cy", count: 2, sum__num: null },
          ],
        } as never,
      ],
    );
    expect(model.names).toEqual(["Amy", "Bob", "Cy"]);
    expect(model.axes.map((a) => a.label)).toEqual(["name", "count", "sum__num"]);
    expect(model.axes[0].positions).toEqual([1, 0.5, 0]);
    expect(model.axes[1].positions).toEqual([0, 1, 0.5]);
    expect(model.axes[2].positions).toEqual([1, 0, null]);
    expect(model.axes[1].ticks.map((t) => t.label)).toEqual(["1", "1.5", "2", "2.5", "3"]);
    expect(model.color).toEqual([10, 5, null]);
    expect(model.colorLabel).toBe("sum__num");
  });
});
