import { describe, expect, it } from "vitest";
import { schemeColors } from "./colors";
import { labelColor, labelColorScale } from "./label-colors";
import type { FormData } from "./types";

const scheme = "supersetColors";

describe("label colours", () => {
  it("keeps the colours a dashboard gave out, and hands new labels the scheme's free colours", () => {
    const palette = schemeColors(scheme);
    const given = { boy: palette[0] };
    const fd: FormData = {
      datasource: "1__table",
      viz_type: "pie",
      color_namespace: "dash-1",
      color_scheme: scheme,
      map_label_colors: given,
    };
    expect(labelColor(fd, "boy")).toBe(palette[0]);
    // The first free colour: the seeded one is taken.
    expect(labelColor(fd, "girl")).toBe(palette[1]);
    expect(labelColor(fd, "girl")).toBe(palette[1]);
    // Another chart of the same dashboard, with the same map: the same colours.
    expect(labelColor({ ...fd, viz_type: "bar" }, "boy")).toBe(palette[0]);
  });

  it("seeds from a newer map of the dashboard, never over a colour a label already has", () => {
    const palette = schemeColors(scheme);
    const fd: FormData = {
      datasource: "1__table",
      viz_type: "pie",
      color_namespace: "dash-2",
      color_scheme: scheme,
      map_label_colors: {},
    };
    expect(labelColor(fd, "a")).toBe(palette[0]);
    const newer = { a: palette[5], b: palette[6] };
    expect(labelColor({ ...fd, map_label_colors: newer }, "a")).toBe(palette[0]);
    expect(labelColor({ ...fd, map_label_colors: newer }, "b")).toBe(palette[6]);
    expect(labelColorScale("dash-2", scheme).snapshot()).toEqual({ a: palette[0], b: palette[6] });
  });

  it("a chart's own label colours win", () => {
    const fd: FormData = {
      datasource: "1__table",
      viz_type: "pie",
      color_namespace: "dash-3",
      color_scheme: scheme,
      label_colors: { x: "#123456" },
    };
    expect(labelColor(fd, "x")).toBe("#123456");
  });
});
