import { describe, expect, it } from "vitest";
import { aggregate, extentOf, gridBins, gridBinsDeg, hexBins, pixelGridBins } from "./binning";

const at = (lon: number, lat: number, weight = 1) => ({ position: [lon, lat] as [number, number], weight });

describe("map binning", () => {
  it("aggregates a bin's weights with Superset's js_agg_function choices", () => {
    const v = [4, 1, 3, 2];
    expect(aggregate(v, "sum")).toBe(10);
    expect(aggregate(v, undefined)).toBe(10);
    expect(aggregate(v, "count")).toBe(4);
    expect(aggregate(v, "min")).toBe(1);
    expect(aggregate(v, "max")).toBe(4);
    expect(aggregate(v, "mean")).toBe(2.5);
    expect(aggregate(v, "median")).toBe(2.5);
    expect(aggregate(v, "variance")).toBe(1.25);
    expect(aggregate(v, "p99")).toBeCloseTo(3.97);
    expect(aggregate([], "sum")).toBe(0);
  });

  it("puts points into square cells and keeps every point's weight", () => {
    const points = [at(0.1, 0.1, 2), at(0.2, 0.3, 3), at(1.5, 0.5, 7), at(-0.5, -0.5)];
    const bins = gridBinsDeg(points, [1, 1]);
    expect(bins).toHaveLength(3);
    const first = bins.find((b) => b.ring[0][0] === 0 && b.ring[0][1] === 0)!;
    expect(first).toMatchObject({ value: 5, count: 2 });
    expect(first.ring).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ]);
    expect(bins.reduce((a, b) => a + b.value, 0)).toBe(13);
  });

  it("sizes metre cells at the data's latitude", () => {
    const bins = gridBins([at(-122.4, 37.7), at(-122.4, 37.7)], 1000);
    expect(bins).toHaveLength(1);
    const [[x0, y0], , [x1, y1]] = bins[0].ring;
    expect((y1 - y0) * 111_320).toBeCloseTo(1000, 0);
    // A degree of longitude is shorter at 37.7°N: the cell is wider in degrees than tall.
    expect((x1 - x0) / (y1 - y0)).toBeCloseTo(1 / Math.cos((37.7 * Math.PI) / 180), 3);
  });

  it("gives each point to exactly one hexagon (a closed six-sided outline)", () => {
    const points = Array.from({ length: 400 }, (_, i) =>
      at(-122.5 + (i % 20) * 0.004, 37.7 + Math.floor(i / 20) * 0.004),
    );
    const bins = hexBins(points, 500);
    expect(bins.reduce((a, b) => a + b.count, 0)).toBe(400);
    expect(bins.length).toBeGreaterThan(10);
    expect(bins.length).toBeLessThan(400);
    for (const b of bins) expect(b.ring).toHaveLength(7);
  });

  it("sizes screen cells from a nominal map width: finer pixels, more cells", () => {
    const points = Array.from({ length: 100 }, (_, i) => at((i % 10) / 10, Math.floor(i / 10) / 10));
    const coarse = pixelGridBins(points, 200, 800);
    const fine = pixelGridBins(points, 20, 800);
    expect(coarse.length).toBeLessThan(fine.length);
    expect(fine.reduce((a, b) => a + b.count, 0)).toBe(100);
    expect(pixelGridBins([], 20, 800)).toEqual([]);
  });

  it("finds the bounding box of positions", () => {
    expect(
      extentOf([
        [1, 2],
        [-3, 5],
      ]),
    ).toEqual([
      [-3, 2],
      [1, 5],
    ]);
    expect(extentOf([])).toBeNull();
  });
});
