import { describe, expect, it } from "vitest";
import { chordLayout, chordMatrix, groupPath, ribbonPath } from "./chord-layout";

const form = {
  datasource: "1__table",
  viz_type: "chord",
  groupby: "source",
  columns: "target",
  metric: "sum__value",
};
const result = (data: Record<string, unknown>[]) => [{ data } as never];

describe("chord layout", () => {
  it("builds the node list and the flow matrix from source/target rows", () => {
    const { nodes, matrix } = chordMatrix(
      form,
      result([
        { source: "a", target: "b", sum__value: 3 },
        { source: "b", target: "c", sum__value: 2 },
        { source: "a", target: "a", sum__value: 1 },
      ]),
    );
    expect(nodes).toEqual(["a", "b", "c"]);
    expect(matrix).toEqual([
      [1, 3, 0],
      [0, 0, 2],
      [0, 0, 0],
    ]);
  });

  it("sizes arcs by outgoing totals and makes one chord per connected pair", () => {
    const matrix = [
      [1, 3, 0],
      [1, 0, 2],
      [0, 0, 0],
    ];
    const pad = 0.05;
    const { groups, chords } = chordLayout(matrix, pad);
    expect(groups).toHaveLength(3);
    const k = (2 * Math.PI - 3 * pad) / 7;
    expect(groups[0].endAngle - groups[0].startAngle).toBeCloseTo(4 * k, 10);
    expect(groups[1].startAngle).toBeCloseTo(4 * k + pad, 10);
    expect(groups[2].endAngle - groups[2].startAngle).toBe(0);
    // a↔a, a↔b, b↔c: three chords; a→b (3) is the larger end of the a–b chord.
    expect(chords).toHaveLength(3);
    const ab = chords.find((c) => c.source.index + c.target.index === 1);
    expect(ab?.source).toMatchObject({ index: 0, value: 3 });
    expect(ab?.target).toMatchObject({ index: 1, value: 1 });
    expect(ribbonPath(chords[0], 100)).toMatch(/^M.*Z$/);
    expect(groupPath(groups[0], 90, 100)).toMatch(/^M.*A100,100.*L.*A90,90.*Z$/);
  });
});
