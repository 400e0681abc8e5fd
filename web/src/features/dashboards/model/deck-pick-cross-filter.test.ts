import { describe, expect, it } from "vitest";
import type { FormData } from "../../../components/charts";
import { crossFiltersByPick, pickFilterMask } from "./cross-filter";
import { applyExtraFormData } from "./data-mask";

const form = (viz_type: string, extra: Record<string, unknown>) =>
  ({ datasource: "1__table", viz_type, ...extra }) as FormData;

describe("deck.gl layers' cross filters as data masks", () => {
  it("cells, arcs, paths and polygons emit by pick; scatter keeps its position filter", () => {
    for (const viz of ["deck_hex", "deck_grid", "deck_screengrid", "deck_heatmap", "deck_arc", "deck_path"])
      expect(crossFiltersByPick(form(viz, {}))).toBe(true);
    expect(crossFiltersByPick(form("deck_polygon", {}))).toBe(true);
    expect(crossFiltersByPick(form("deck_scatter", {}))).toBe(false);
    expect(crossFiltersByPick(form("table", {}))).toBe(false);
  });

  it("an embedded dashboard's guest gets no custom SQL cross filters (paths, polygons), the rest stay", () => {
    expect(crossFiltersByPick(form("deck_polygon", {}), { guest: true })).toBe(false);
    expect(crossFiltersByPick(form("deck_path", {}), { guest: true })).toBe(false);
    expect(crossFiltersByPick(form("deck_hex", {}), { guest: true })).toBe(true);
    expect(crossFiltersByPick(form("deck_arc", {}), { guest: true })).toBe(true);
  });

  it("a polygon's click filters the other charts by custom SQL; the same polygon again clears it", () => {
    const fd = form("deck_polygon", { line_column: "contour" });
    const on = pickFilterMask(4, fd, { kind: "line", value: "[[1,2],[3,4]]" })!;
    expect(on).toEqual({
      id: "4",
      extraFormData: {
        filters: [
          {
            col: { expressionType: "SQL", sqlExpression: `REPLACE("contour", ' ', '')`, label: "contour" },
            op: "==",
            val: "[[1,2],[3,4]]",
          },
        ],
      },
      filterState: { value: ["[[1,2],[3,4]]"], label: "[[1,2],[3,4]]", column: "contour" },
    });
    expect(pickFilterMask(4, fd, { kind: "line", value: "[[1,2],[3,4]]" }, on)).toEqual({
      id: "4",
      extraFormData: {},
      filterState: { value: null },
    });
    expect(pickFilterMask(4, fd, { kind: "line", value: "[[5,6]]" }, on)?.filterState.value).toEqual([
      "[[5,6]]",
    ]);
    // The other charts query it as an extra filter on that custom SQL column.
    const target = applyExtraFormData(form("table", {}), on.extraFormData);
    expect(target.adhoc_filters).toEqual([
      {
        expressionType: "SIMPLE",
        clause: "WHERE",
        subject: { expressionType: "SQL", sqlExpression: `REPLACE("contour", ' ', '')`, label: "contour" },
        operator: "==",
        comparator: "[[1,2],[3,4]]",
        isExtra: true,
      },
    ]);
  });

  it("nothing is emitted where the layer has nothing to filter by", () => {
    expect(pickFilterMask(1, form("deck_path", {}), { kind: "line", value: "x" })).toBeNull();
  });
});
