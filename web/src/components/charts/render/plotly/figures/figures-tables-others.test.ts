import { describe, expect, it } from "vitest";
import { FIGURES } from ".";
import { partitionFigure, partitionNodes } from "./partition";
import { roseFigure } from "./rose";

const energy = [
  { source: "Coal", target: "Electricity", sum__value: 30 },
  { source: "Coal", target: "Heat", sum__value: 10 },
  { source: "Gas", target: "Electricity", sum__value: 20 },
];
const res = (data: Record<string, unknown>[], colnames?: string[]) => [{ data, colnames } as never];

describe("Plotly figures of partition and rose", () => {
  it("are registered", () => {
    expect(FIGURES.partition).toBe(partitionFigure);
    expect(FIGURES.rose).toBe(roseFigure);
  });

  it("partition: a root per metric and a node per group path, totals summed up the tree", () => {
    const fd = {
      datasource: "1__table",
      viz_type: "partition",
      groupby: ["source", "target"],
      metrics: ["sum__value"],
    };
    const fig = partitionFigure(fd, res(energy));
    const trace = fig.data[0] as {
      type: string;
      labels: string[];
      parents: string[];
      values: number[];
      ids: string[];
    };
    expect(trace.type).toBe("icicle");
    expect(trace.labels).toEqual(["sum__value", "Coal", "Electricity", "Heat", "Gas", "Electricity"]);
    expect(trace.values).toEqual([60, 40, 30, 10, 20, 20]);
    expect(trace.parents[1]).toBe("sum__value");
    expect(trace.parents[2]).toBe(trace.ids[1]);
    // partition_limit keeps the largest children of each node.
    expect(partitionNodes({ ...fd, partition_limit: 1 }, res(energy)).map((n) => n.label)).toEqual([
      "sum__value",
      "Coal",
      "Electricity",
    ]);
  });

  it("rose: a barpolar trace per series over the time sectors, area-proportional when asked", () => {
    const fd = {
      datasource: "1__table",
      viz_type: "rose",
      metrics: ["count"],
      groupby: ["gender"],
      rose_area_proportion: true,
    };
    const t0 = Date.UTC(2000, 0, 1);
    const t1 = Date.UTC(2001, 0, 1);
    const fig = roseFigure(
      fd,
      res(
        [
          { ds: t0, gender: "boy", count: 16 },
          { ds: t1, gender: "boy", count: 4 },
          { ds: t0, gender: "girl", count: 9 },
        ],
        ["ds", "gender", "count"],
      ),
    );
    const traces = fig.data as { type: string; name: string; r: (number | null)[]; theta: string[] }[];
    expect(traces.map((t) => t.name)).toEqual(["boy", "girl"]);
    expect(traces[0].type).toBe("barpolar");
    expect(traces[0].theta).toEqual(["2000-01-01", "2001-01-01"]);
    expect(traces[0].r).toEqual([4, 2]);
    expect(traces[1].r).toEqual([3, null]);
  });
});
