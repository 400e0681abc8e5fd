import { describe, expect, it } from "vitest";
import type { FormData } from "../../types";
import {
  CROSS_FILTER_BY_PICK,
  type DeckPick,
  deckCrossFilter,
  isSameSelection,
  pickOf,
} from "./deck-cross-filter";
import { MAP_FIGURES } from "./map-figures";
import { fd, LATLONG, result } from "./map-test-data";

/** The picks a layer's clickable traces carry, as a Plotly click would hand them over. */
function picksOf(f: FormData, rows: Record<string, unknown>[]): DeckPick[] {
  const figure = MAP_FIGURES[f.viz_type](f, [result(rows)], {});
  return figure.data
    .filter((t) => t.meta === CROSS_FILTER_BY_PICK)
    .flatMap((t) => t.customdata as (DeckPick | null)[])
    .map((customdata) => pickOf({ customdata, data: { meta: CROSS_FILTER_BY_PICK } }))
    .filter((p): p is DeckPick => p !== null);
}

describe("cross filters from deck.gl layers, as Superset emits them", () => {
  it("hex and grid cells filter by their first point's longitude and latitude", () => {
    const rows = [
      { LON: -122.4, LAT: 37.7, count: 2 },
      { LON: -122.40001, LAT: 37.70001, count: 1 },
      { LON: -100, LAT: 40, count: 5 },
    ];
    for (const viz of ["deck_hex", "deck_grid"]) {
      const f = fd(viz, { spatial: LATLONG, size: "count", grid_size: 1000 });
      const picks = picksOf(f, rows);
      expect(picks).toHaveLength(2);
      const emitted = deckCrossFilter(f, picks.find((p) => p.kind === "point" && p.position[0] === -122.4)!);
      expect(emitted).toEqual({
        filters: [
          { col: "LON", op: "==", val: -122.4 },
          { col: "LAT", op: "==", val: 37.7 },
        ],
        value: [-122.4, 37.7],
        column: "LON, LAT",
        label: "-122.4, 37.7",
      });
    }
  });

  it("delimited and geohash positions filter their one column by the row's own text", () => {
    const f = fd("deck_hex", { spatial: { type: "delimited", lonlatCol: "pos" }, grid_size: 500 });
    const [pick] = picksOf(f, [{ pos: "37.7, -122.4" }]);
    expect(deckCrossFilter(f, pick)).toMatchObject({
      filters: [{ col: "pos", op: "==", val: "37.7, -122.4" }],
      value: ["37.7, -122.4"],
      column: "pos",
    });
    const g = fd("deck_grid", { spatial: { type: "geohash", geohashCol: "gh" }, grid_size: 500 });
    const [gp] = picksOf(g, [{ gh: "9q8yy" }]);
    expect(deckCrossFilter(g, gp)?.filters).toEqual([{ col: "gh", op: "==", val: "9q8yy" }]);
  });

  it("screen grid and heatmap cells filter a small box around the cell, sized by the zoom", () => {
    const viewport = { longitude: -122.4, latitude: 37.7, zoom: 8 };
    for (const viz of ["deck_screengrid", "deck_heatmap"]) {
      const f = fd(viz, { spatial: LATLONG, grid_size: 40, viewport, autozoom: false });
      const [pick] = picksOf(f, [{ LON: -122.4, LAT: 37.7 }]);
      expect(pick).toMatchObject({ kind: "area", zoom: 8 });
      const emitted = deckCrossFilter(f, pick)!;
      // 0.01 / 2^(8/2) degrees either side of the picked place.
      const [x, y] = (pick as Extract<DeckPick, { kind: "area" }>).position;
      const b = 0.01 / 16;
      expect(emitted.filters.map((c) => [c.col, c.op])).toEqual([
        ["LON", ">="],
        ["LAT", ">="],
        ["LON", "<="],
        ["LAT", "<="],
      ]);
      const vals = emitted.filters.map((c) => c.val as number);
      expect(vals[0]).toBeCloseTo(x - b, 6);
      expect(vals[1]).toBeCloseTo(y - b, 6);
      expect(vals[2]).toBeCloseTo(x + b, 6);
      expect(vals[3]).toBeCloseTo(y + b, 6);
      expect(emitted.column).toBe("From LON, LAT to LON, LAT");
      expect(emitted.value).toEqual([
        [vals[0], vals[1]],
        [vals[2], vals[3]],
      ]);
    }
    // Without two position columns there is no range to compare.
    const f = fd("deck_screengrid", { spatial: { type: "geohash", geohashCol: "gh" } });
    expect(deckCrossFilter(f, { kind: "area", position: [1, 2], zoom: 3 })).toBeNull();
  });

  it("an arc filters by both its ends", () => {
    const f = fd("deck_arc", {
      start_spatial: { type: "latlong", lonCol: "LONGITUDE", latCol: "LATITUDE" },
      end_spatial: { type: "geohash", geohashCol: "dest" },
    });
    const picks = picksOf(f, [{ LONGITUDE: -100, LATITUDE: 40, dest: "9q8yy" }]);
    // Both drawn ends of the arc pick it.
    expect(picks).toHaveLength(2);
    const emitted = deckCrossFilter(f, picks[1])!;
    expect(emitted.filters).toEqual([
      { col: "LONGITUDE", op: "==", val: -100 },
      { col: "LATITUDE", op: "==", val: 40 },
      { col: "dest", op: "==", val: "9q8yy" },
    ]);
    expect(emitted.value).toEqual([[-100, 40], ["9q8yy"]]);
    expect(emitted.column).toBe("Start LATITUDE, LONGITUDE end dest");
  });

  it("paths and polygons filter their line column, spaces removed, with the column quoted", () => {
    const contour = "[[-122.4, 37.7], [-122.3, 37.7], [-122.3, 37.8]]";
    for (const viz of ["deck_path", "deck_polygon"]) {
      const f = fd(viz, { line_column: 'con"tour', line_type: "json" });
      const picks = picksOf(f, [{ 'con"tour': contour }]);
      expect(picks.length).toBeGreaterThan(0);
      expect(deckCrossFilter(f, picks[0])).toEqual({
        filters: [
          {
            col: { expressionType: "SQL", sqlExpression: `REPLACE("con""tour", ' ', '')`, label: 'con"tour' },
            op: "==",
            val: "[[-122.4,37.7],[-122.3,37.7],[-122.3,37.8]]",
          },
        ],
        value: ["[[-122.4,37.7],[-122.3,37.7],[-122.3,37.8]]"],
        column: 'con"tour',
        label: "[[-122.4,37.7],[-122.3,37.7],[-122.3,37.…",
      });
    }
  });

  it("the same selection again is recognised (a second click clears it); another one is not", () => {
    const f = fd("deck_hex", { spatial: LATLONG });
    const emitted = deckCrossFilter(f, { kind: "point", position: [1, 2] })!;
    expect(isSameSelection(emitted, { column: "LON, LAT", value: [1, 2] })).toBe(true);
    expect(isSameSelection(emitted, { column: "LON, LAT", value: [1, 3] })).toBe(false);
    expect(isSameSelection(emitted, { column: "other", value: [1, 2] })).toBe(false);
    expect(isSameSelection(emitted, undefined)).toBe(false);
    // Clicks on marks of other traces (the basemap, a legend) carry no pick.
    expect(pickOf({ customdata: { kind: "point", position: [1, 2] }, data: {} })).toBeNull();
  });
});
