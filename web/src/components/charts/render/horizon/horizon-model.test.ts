import { describe, expect, it } from "vitest";
import { BANDS, HORIZON_COLORS, horizonBands, horizonExtent, horizonValues } from "./horizon-model";

describe("horizon bands", () => {
  it("folds values into bands: positive reds from the bottom, negative blues from the top", () => {
    const bands = horizonBands([0, 4, -2], 4, 100, 20);
    // 4 = all four positive bands full at the middle point; -2 = two negative bands.
    expect(bands.map((b) => b.color)).toEqual([
      ...HORIZON_COLORS.slice(BANDS),
      HORIZON_COLORS[3],
      HORIZON_COLORS[2],
    ]);
    expect(bands[0].d).toBe("M0.0,20L0.0,20.0L50.0,0.0L100.0,20.0L100.0,20Z");
  });

  it("measures the extent per series, overall, or as change from the first value", () => {
    const rows = [
      [1, 2],
      [10, -20],
    ];
    expect(horizonExtent(rows, rows[0], "series")).toBe(2);
    expect(horizonExtent(rows, rows[0], "overall")).toBe(20);
    expect(horizonValues([5, 7, null, 2], "change")).toEqual([0, 2, null, -3]);
    expect(horizonBands([0, 0], 0, 10, 10)).toEqual([]);
  });
});
