import { describe, expect, it } from "vitest";
import { bubble, bullet, chord, parallelCoordinates } from "./relations.ts";
import type { FormData, LegacyContext } from "./viz.ts";

const ctx = (formData: FormData): LegacyContext => ({
  formData,
  fromDttm: null,
  toDttm: null,
  mapboxApiKey: "",
});

describe("chord", () => {
  const fd = { groupby: "source", columns: "target", metric: "sum__value" };

  it("groups by source and target", () => {
    expect(chord.query(fd)).toMatchObject({ columns: ["source", "target"], metrics: ["sum__value"] });
    expect(() => chord.query({ metric: "count" })).toThrow(/source/);
  });

  it("builds the square matrix: row = target, column = source", () => {
    const rows = [
      { source: "a", target: "b", sum__value: 5 },
      { source: "b", target: "c", sum__value: 2 },
    ];
    expect(chord.data(rows, ctx(fd))).toEqual({
      nodes: ["a", "b", "c"],
      matrix: [
        [0, 0, 0],
        [5, 0, 0],
        [0, 2, 0],
      ],
    });
  });
});

describe("parallel coordinates, bubble, bullet", () => {
  it("para: the series with its metrics, rows as they are", () => {
    const fd = { series: "name", metrics: ["sum__num", "count"] };
    expect(parallelCoordinates.query(fd)).toMatchObject({
      columns: ["name"],
      metrics: ["sum__num", "count"],
    });
    expect(parallelCoordinates.data([{ name: "a", count: 1 }], ctx(fd))).toEqual([{ name: "a", count: 1 }]);
  });

  it("bubble: three metrics, rows grouped by series with x, y, size, shape and group", () => {
    const fd = { entity: "country", series: "region", x: "gdp", y: "life", size: "pop", limit: 10 };
    expect(bubble.query(fd)).toMatchObject({
      columns: ["country", "region"],
      metrics: ["pop", "gdp", "life"],
      row_limit: 10,
    });
    // `limit` is the row limit here: series are limited only in time series.
    expect(bubble.query(fd).series_limit).toBeUndefined();
    expect(() => bubble.query({ ...fd, y: "gdp" })).toThrow(/3 different metric labels/);
    const rows = [
      { country: "FR", region: "Europe", gdp: 1, life: 80, pop: 60 },
      { country: "DE", region: "Europe", gdp: 2, life: 81, pop: 80 },
      { country: "JP", region: "Asia", gdp: 3, life: 84, pop: 120 },
    ];
    const data = bubble.data(rows, ctx(fd)) as { key: string; values: Record<string, unknown>[] }[];
    expect(data.map((s) => [s.key, s.values.length])).toEqual([
      ["Europe", 2],
      ["Asia", 1],
    ]);
    expect(data[1].values[0]).toEqual({ ...rows[2], x: 3, y: 84, size: 120, shape: "circle", group: "Asia" });
  });

  it("bullet: the metric's values as measures", () => {
    expect(bullet.query({ metric: "count" })).toMatchObject({ metrics: ["count"] });
    expect(() => bullet.query({})).toThrow(/Pick a metric/);
    expect(bullet.data([{ count: 7 }], ctx({ metric: "count" }))).toEqual({ measures: [7] });
  });
});
