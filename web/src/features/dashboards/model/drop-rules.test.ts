import { describe, expect, it } from "vitest";
import {
  checkDrop,
  DROP_EDGE_PX,
  DROP_MESSAGES,
  doesChildOverflowParent,
  dropTargetOf,
  getDropPosition,
  isValidChild,
  MAX_PARENT_DEPTH,
  resolveDrop,
  shouldWrapInRow,
} from "./drop-rules";
import { applyDrop } from "./layout-ops";
import { depthMap } from "./layout-tree";
import type { ComponentMeta, DropResult } from "./layout-types";
import { makeLayout, sampleLayout } from "./test-layouts";

const rect = { top: 100, left: 100, right: 500, bottom: 300 };

describe("nesting table (001 §4)", () => {
  it("lets containers take the listed types up to their depth", () => {
    expect(isValidChild("ROOT", 0, "GRID")).toBe(true);
    expect(isValidChild("ROOT", 0, "TABS")).toBe(true);
    expect(isValidChild("ROOT", 0, "CHART")).toBe(false);
    expect(isValidChild("GRID", 1, "ROW")).toBe(true);
    expect(isValidChild("GRID", 2, "ROW")).toBe(false);
    expect(isValidChild("ROW", 4, "CHART")).toBe(true);
    expect(isValidChild("ROW", 5, "CHART")).toBe(false);
    expect(isValidChild("ROW", 2, "ROW")).toBe(false);
    expect(isValidChild("ROW", 2, "TABS")).toBe(false);
    expect(isValidChild("COLUMN", 3, "ROW")).toBe(true);
    expect(isValidChild("COLUMN", 4, "ROW")).toBe(false);
    expect(isValidChild("COLUMN", 5, "MARKDOWN")).toBe(true);
    expect(isValidChild("TABS", 2, "CHART")).toBe(false);
    for (const leaf of ["CHART", "MARKDOWN", "DIVIDER", "HEADER"] as const) {
      expect(Object.keys(MAX_PARENT_DEPTH[leaf])).toHaveLength(0);
      expect(isValidChild(leaf, 0, "CHART")).toBe(false);
    }
    expect(isValidChild(undefined, 0, "CHART")).toBe(false);
  });

  it("limits tabs: a tabs container takes tabs to depth 3, a tab containers to 3 and leaves to 5", () => {
    expect(isValidChild("TABS", 3, "TAB")).toBe(true);
    expect(isValidChild("TABS", 4, "TAB")).toBe(false);
    expect(isValidChild("TAB", 3, "TABS")).toBe(true);
    expect(isValidChild("TAB", 4, "TABS")).toBe(false);
    expect(isValidChild("TAB", 3, "ROW")).toBe(true);
    expect(isValidChild("TAB", 4, "ROW")).toBe(false);
    expect(isValidChild("TAB", 5, "CHART")).toBe(true);
    expect(isValidChild("TAB", 6, "CHART")).toBe(false);
  });

  it("computes depths: tabs and tab do not deepen, top-level tab content is a grid", () => {
    const depths = depthMap(sampleLayout());
    expect(depths.get("ROOT_ID")).toBe(0);
    expect(depths.get("GRID_ID")).toBe(1);
    expect(depths.get("ROW-1")).toBe(2);
    expect(depths.get("CHART-a")).toBe(3);
    expect(depths.get("TABS-1")).toBe(2);
    expect(depths.get("TAB-1")).toBe(2);
    expect(depths.get("ROW-2")).toBe(2);
    const top = depthMap(
      makeLayout({
        ROOT_ID: ["ROOT", ["TABS-top"]],
        "TABS-top": ["TABS", ["TAB-top"]],
        "TAB-top": ["TAB", ["ROW-x"]],
        "ROW-x": ["ROW", []],
      }),
    );
    expect(top.get("TABS-top")).toBe(1);
    expect(top.get("TAB-top")).toBe(1);
    expect(top.get("ROW-x")).toBe(2);
  });

  it("wraps charts, markdown and columns dropped in a grid or tab in a row", () => {
    expect(shouldWrapInRow("GRID", "CHART")).toBe(true);
    expect(shouldWrapInRow("TAB", "COLUMN")).toBe(true);
    expect(shouldWrapInRow("GRID", "HEADER")).toBe(false);
    expect(shouldWrapInRow("ROW", "CHART")).toBe(false);
  });
});

describe("drop position (20 px edges)", () => {
  const chartInRow = { type: "CHART" as const, depth: 3, parentType: "ROW" as const, parentDepth: 2 };
  it("is forbidden when neither the component nor its parent takes the item", () => {
    expect(getDropPosition("TABS", chartInRow, { x: 300, y: 200 }, rect)).toBeNull();
  });
  it("goes next to a component its parent lays out horizontally, by half", () => {
    expect(getDropPosition("CHART", chartInRow, { x: 150, y: 200 }, rect)).toEqual({
      position: "left",
      into: false,
    });
    expect(getDropPosition("MARKDOWN", chartInRow, { x: 450, y: 200 }, rect)).toEqual({
      position: "right",
      into: false,
    });
  });
  it("goes inside when only the component takes it", () => {
    const row = { type: "ROW" as const, depth: 2, parentType: "GRID" as const, parentDepth: 1 };
    // GRID takes CHART too (depth 1): both valid, so edges decide.
    expect(getDropPosition("CHART", row, { x: 300, y: 100 + DROP_EDGE_PX }, rect)).toEqual({
      position: "top",
      into: false,
    });
    expect(getDropPosition("CHART", row, { x: 300, y: 300 - DROP_EDGE_PX }, rect)).toEqual({
      position: "bottom",
      into: false,
    });
    expect(getDropPosition("CHART", row, { x: 200, y: 200 }, rect)).toEqual({ position: "left", into: true });
    expect(getDropPosition("CHART", row, { x: 400, y: 200 }, rect)).toEqual({
      position: "right",
      into: true,
    });
    const nestedRow = { type: "ROW" as const, depth: 4, parentType: "COLUMN" as const, parentDepth: 3 };
    expect(getDropPosition("COLUMN", nestedRow, { x: 300, y: 105 }, rect)).toEqual({
      position: "right",
      into: true,
    });
  });
  it("is outside the edge band one pixel further in", () => {
    const row = { type: "ROW" as const, depth: 2, parentType: "GRID" as const, parentDepth: 1 };
    expect(getDropPosition("CHART", row, { x: 200, y: 100 + DROP_EDGE_PX + 1 }, rect)?.into).toBe(true);
  });

  it("resolves a hit to a destination and index", () => {
    const layout = sampleLayout();
    const dragging = { id: "CHART-d", type: "CHART" as const, parentId: "ROW-3", index: 0 };
    const target = dropTargetOf(layout, "CHART-b")!;
    const hit = getDropPosition("CHART", target, { x: 450, y: 200 }, rect)!;
    expect(resolveDrop(layout, dragging, "CHART-b", hit)?.destination).toEqual({ id: "ROW-1", index: 2 });
    expect(resolveDrop(layout, dragging, "ROW-1", { position: "left", into: true })?.destination).toEqual({
      id: "ROW-1",
      index: 0,
    });
  });
});

const drop = (
  draggingId: string,
  type: DropResult["dragging"]["type"],
  source: string,
  destination: string,
  index = 0,
  meta?: ComponentMeta,
): DropResult => ({
  source: { id: source, index: 0 },
  destination: { id: destination, index },
  dragging: { id: draggingId, type, meta },
});

describe("drop checks and messages (001 §8)", () => {
  it("refuses a component wider than the room left in a row", () => {
    const layout = sampleLayout();
    const d = drop("CHART-d", "CHART", "ROW-3", "ROW-1", 2);
    expect(doesChildOverflowParent(layout, d)).toBe(true);
    expect(checkDrop(layout, d)).toEqual({ ok: false, message: DROP_MESSAGES.noSpace });
    expect(DROP_MESSAGES.noSpace).toBe(
      "There is not enough space for this component. Try decreasing its width, or increasing the destination width.",
    );
    // A 4-wide new markdown fits (4 + 4 + 4 = 12); a 6-wide chart does not.
    expect(
      checkDrop(layout, drop("new", "MARKDOWN", "NEW_COMPONENTS_SOURCE_ID", "ROW-1", 2, { width: 4 })).ok,
    ).toBe(true);
    expect(checkDrop(layout, drop("CHART-c", "CHART", "ROW-2", "ROW-1", 2)).ok).toBe(false);
    // Moving within the same row never overflows.
    expect(checkDrop(layout, drop("CHART-a", "CHART", "ROW-1", "ROW-1", 2)).ok).toBe(true);
  });

  it("refuses moving the top-level tabs into nested tabs", () => {
    const layout = makeLayout({
      ROOT_ID: ["ROOT", ["TABS-top"]],
      GRID_ID: ["GRID", []],
      "TABS-top": ["TABS", ["TAB-a", "TAB-b"]],
      "TAB-a": ["TAB", ["TABS-inner"]],
      "TAB-b": ["TAB", []],
      "TABS-inner": ["TABS", ["TAB-i"]],
      "TAB-i": ["TAB", []],
    });
    const result = checkDrop(layout, drop("TABS-top", "TABS", "ROOT_ID", "TAB-i"));
    expect(result).toEqual({ ok: false, message: "Can not move top level tab into nested tabs" });
  });

  it("tells when a chart moves to another tab (a different filter scope)", () => {
    const layout = sampleLayout();
    expect(checkDrop(layout, drop("CHART-c", "CHART", "ROW-2", "ROW-3", 1))).toEqual({
      ok: false,
      message: DROP_MESSAGES.noSpace,
    });
    const moved = checkDrop(layout, drop("CHART-a", "CHART", "ROW-1", "TAB-2", 0));
    expect(moved).toEqual({ ok: true, info: "This chart has been moved to a different filter scope." });
    expect(checkDrop(layout, drop("CHART-a", "CHART", "ROW-1", "GRID_ID", 0))).toEqual({ ok: true });
  });

  it("refuses drops into a leaf, into itself or below its depth", () => {
    const layout = sampleLayout();
    expect(checkDrop(layout, drop("CHART-a", "CHART", "ROW-1", "CHART-b")).ok).toBe(false);
    expect(checkDrop(layout, drop("TABS-1", "TABS", "GRID_ID", "TAB-1")).ok).toBe(false);
    expect(checkDrop(layout, drop("new", "TABS", "NEW_COMPONENTS_SOURCE_ID", "ROW-1")).ok).toBe(false);
  });

  it("applies a checked drop: moved chart wrapped in a row, emptied row removed", () => {
    const layout = sampleLayout();
    const next = applyDrop(layout, drop("CHART-d", "CHART", "ROW-3", "GRID_ID", 0));
    expect(next["ROW-3"]).toBeUndefined();
    expect(next["TAB-2"].children).toEqual([]);
    const newRow = next.GRID_ID.children[0];
    expect(next[newRow].type).toBe("ROW");
    expect(next[newRow].children).toEqual(["CHART-d"]);
  });
});
