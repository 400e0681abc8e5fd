import { describe, expect, it } from "vitest";
import { FIGURES } from "../plotly/figures";
import { CROSS_FILTER_BY_CUSTOMDATA, DIMMED_OPACITY, withHighlight } from "../plotly/figures/highlight";
import type { FeatureCollection } from "./geojson-types";
import { MAP_FIGURES } from "./map-figures";
import { fd, result } from "./map-test-data";

const square = (x: number, y: number) => [
  [x, y],
  [x + 1, y],
  [x + 1, y + 1],
  [x, y + 1],
  [x, y],
];
const countries: FeatureCollection = {
  type: "FeatureCollection",
  features: ["FRA", "DEU", "USA"].map((id, i) => ({
    type: "Feature",
    id,
    properties: { name: id },
    geometry: { type: "Polygon", coordinates: [square(i * 10, 40)] },
  })),
};
const regions: FeatureCollection = {
  type: "FeatureCollection",
  features: ["FR-01", "FR-02"].map((iso, i) => ({
    type: "Feature",
    properties: { ISO: iso, NAME_1: `Dept ${i}` },
    geometry: { type: "Polygon", coordinates: [square(i, 45)] },
  })),
};

/** The traces a click cross-filters from, with the values they carry. */
const emitting = (data: Record<string, unknown>[]) =>
  data.filter((t) => t.meta === CROSS_FILTER_BY_CUSTOMDATA).map((t) => [t.type, t.customdata]);

describe("cross filters from maps and gantt bars", () => {
  it("world_map: regions and bubbles carry the row's own entity value (the IOC code, not the ISO one drawn)", () => {
    const fig = MAP_FIGURES.world_map(
      fd("world_map", { entity: "ioc", country_fieldtype: "cioc", metric: "count", show_bubbles: true }),
      [
        result([
          { ioc: "GER", count: 3 },
          { ioc: "FRA", count: 2 },
          { ioc: "XXX", count: 9 },
        ]),
      ],
      { countries },
    );
    expect(emitting(fig.data)).toEqual([
      ["choropleth", ["GER", "FRA"]],
      ["scattergeo", ["GER", "FRA"]],
    ]);
    // The outline of every country takes no clicks.
    expect(fig.data[0]).toMatchObject({ hoverinfo: "skip" });
    const dimmed = withHighlight(fig, ["FRA"]);
    expect((dimmed.data[1].marker as { opacity: number[] }).opacity).toEqual([DIMMED_OPACITY, 1]);
    expect((dimmed.data[2].marker as { opacity: number[] }).opacity).toEqual([DIMMED_OPACITY, 1]);
  });

  it("country_map: regions carry their entity value", () => {
    const fig = MAP_FIGURES.country_map(
      fd("country_map", { select_country: "france", entity: "code", metric: "m" }),
      [result([{ code: "FR-02", m: 1 }])],
      { regions: { france: regions } },
    );
    expect(emitting(fig.data)).toEqual([["choropleth", ["FR-02"]]]);
  });

  it("gantt: bars carry their raw category; the others fade when one is selected", () => {
    const fig = FIGURES.gantt_chart(fd("gantt_chart", { start_time: "s", end_time: "e", y_axis: "team" }), [
      result([
        { team: 7, s: "2020-01-01", e: "2020-02-01" },
        { team: 8, s: "2020-01-05", e: "2020-03-01" },
      ]),
    ]);
    expect(emitting(fig.data)).toEqual([["bar", [7, 8]]]);
    expect(fig.data[0].y).toEqual(["7", "8"]);
    const dimmed = withHighlight(fig, [8]);
    expect((dimmed.data[0].marker as { opacity: number[] }).opacity).toEqual([DIMMED_OPACITY, 1]);
  });
});
