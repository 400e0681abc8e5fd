import { describe, expect, it } from "vitest";
import { moveTab, tabDropIndex } from "./tab-order";
import { makeLayout, sampleLayout } from "./test-layouts";

/** TABS-1 with three tabs, the second holding nested tabs TABS-2 (TAB-x, TAB-y). */
function threeTabs() {
  return makeLayout({
    ROOT_ID: ["ROOT", ["GRID_ID"]],
    GRID_ID: ["GRID", ["TABS-1"]],
    "TABS-1": ["TABS", ["TAB-a", "TAB-b", "TAB-c"]],
    "TAB-a": ["TAB", [], { text: "A" }],
    "TAB-b": ["TAB", ["TABS-2"], { text: "B" }],
    "TAB-c": ["TAB", [], { text: "C" }],
    "TABS-2": ["TABS", ["TAB-x", "TAB-y"]],
    "TAB-x": ["TAB", [], { text: "X" }],
    "TAB-y": ["TAB", [], { text: "Y" }],
  });
}

describe("tab reordering", () => {
  it("moves a tab to the index it is dropped at, either way", () => {
    const layout = threeTabs();
    expect(moveTab(layout, "TAB-b", 0)["TABS-1"].children).toEqual(["TAB-b", "TAB-a", "TAB-c"]);
    expect(moveTab(layout, "TAB-a", 2)["TABS-1"].children).toEqual(["TAB-b", "TAB-c", "TAB-a"]);
    expect(moveTab(layout, "TAB-c", 1)["TABS-1"].children).toEqual(["TAB-a", "TAB-c", "TAB-b"]);
  });

  it("changes only the tabs container; the tabs keep their content", () => {
    const layout = threeTabs();
    const next = moveTab(layout, "TAB-b", 0);
    expect(layout["TABS-1"].children).toEqual(["TAB-a", "TAB-b", "TAB-c"]);
    for (const id of Object.keys(layout)) if (id !== "TABS-1") expect(next[id]).toBe(layout[id]);
  });

  it("reorders nested tabs within their own container", () => {
    const next = moveTab(threeTabs(), "TAB-y", 0);
    expect(next["TABS-2"].children).toEqual(["TAB-y", "TAB-x"]);
    expect(next["TABS-1"].children).toEqual(["TAB-a", "TAB-b", "TAB-c"]);
  });

  it("clamps the index and returns the same layout when nothing moves", () => {
    const layout = threeTabs();
    expect(moveTab(layout, "TAB-a", 99)["TABS-1"].children).toEqual(["TAB-b", "TAB-c", "TAB-a"]);
    expect(moveTab(layout, "TAB-a", -3)).toBe(layout);
    expect(moveTab(layout, "TAB-b", 1)).toBe(layout);
    expect(moveTab(layout, "TAB-b", Number.NaN)).toBe(layout);
    // Not a tab, or unknown.
    expect(moveTab(layout, "TABS-2", 0)).toBe(layout);
    expect(moveTab(layout, "nope", 0)).toBe(layout);
  });

  it("lands on a sibling header's index, never on another container's tab", () => {
    const layout = threeTabs();
    expect(tabDropIndex(layout, "TAB-c", "TAB-a")).toBe(0);
    expect(tabDropIndex(layout, "TAB-a", "TAB-c")).toBe(2);
    expect(tabDropIndex(layout, "TAB-a", "TAB-x")).toBe(-1);
    expect(tabDropIndex(sampleLayout(), "TAB-1", "ROW-1")).toBe(-1);
  });
});
