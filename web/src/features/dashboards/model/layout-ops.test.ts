import { describe, expect, it } from "vitest";
import { computeActiveTabs, isVisible, selectTab, visibleChartIds } from "./active-tabs";
import {
  applyDrop,
  createTopLevelTabs,
  deleteComponent,
  deleteTopLevelTabs,
  resizeComponent,
  withParents,
} from "./layout-ops";
import { NEW_HEADER_TEXT, NEW_TAB_TITLE } from "./layout-types";
import { sampleLayout } from "./test-layouts";

describe("layout editing (002 §4)", () => {
  it("creates new components with the spec's defaults", () => {
    const layout = sampleLayout();
    const withHeader = applyDrop(layout, {
      source: { id: "NEW_COMPONENTS_SOURCE_ID", index: 0 },
      destination: { id: "GRID_ID", index: 0 },
      dragging: { id: "new-header", type: "HEADER" },
    });
    const header = withHeader[withHeader.GRID_ID.children[0]];
    expect(header.type).toBe("HEADER");
    expect(header.meta.text).toBe(NEW_HEADER_TEXT);

    const withTabs = applyDrop(layout, {
      source: { id: "NEW_COMPONENTS_SOURCE_ID", index: 0 },
      destination: { id: "GRID_ID", index: 2 },
      dragging: { id: "new-tabs", type: "TABS" },
    });
    const tabs = withTabs[withTabs.GRID_ID.children[2]];
    expect(tabs.type).toBe("TABS");
    expect(withTabs[tabs.children[0]].meta.text).toBe(NEW_TAB_TITLE);
  });

  it("moves within a parent to the right index", () => {
    const layout = sampleLayout();
    const next = applyDrop(layout, {
      source: { id: "ROW-1", index: 0 },
      destination: { id: "ROW-1", index: 2 },
      dragging: { id: "CHART-a", type: "CHART" },
    });
    expect(next["ROW-1"].children).toEqual(["CHART-b", "CHART-a"]);
  });

  it("turns the dashboard into top-level tabs on a drop into the root, and back", () => {
    const layout = sampleLayout();
    const tabs = createTopLevelTabs(layout, {
      source: { id: "NEW_COMPONENTS_SOURCE_ID", index: 0 },
      destination: { id: "ROOT_ID", index: 0 },
      dragging: { id: "x", type: "TABS" },
    });
    const topId = tabs.ROOT_ID.children[0];
    expect(tabs[topId].type).toBe("TABS");
    const firstTab = tabs[tabs[topId].children[0]];
    expect(firstTab.children).toEqual(["ROW-1", "TABS-1"]);
    expect(tabs.GRID_ID.children).toEqual([]);
    const back = deleteTopLevelTabs(tabs);
    expect(back.ROOT_ID.children).toEqual(["GRID_ID"]);
    expect(back.GRID_ID.children).toEqual(["ROW-1", "TABS-1"]);
    expect(back[topId]).toBeUndefined();
  });

  it("deletes a component with its content; emptied rows and tabs go too", () => {
    const layout = sampleLayout();
    const noD = deleteComponent(layout, "CHART-d");
    expect(noD["ROW-3"]).toBeUndefined();
    expect(noD["TAB-2"].children).toEqual([]);
    const noTabs = deleteComponent(deleteComponent(layout, "TAB-1"), "TAB-2");
    expect(noTabs["TABS-1"]).toBeUndefined();
    expect(noTabs.GRID_ID.children).toEqual(["ROW-1"]);
    expect(noTabs["CHART-c"]).toBeUndefined();
    expect(deleteComponent(layout, "GRID_ID")).toBe(layout);
  });

  it("clamps resizing to the grid (1..max columns, 5..100 units)", () => {
    const layout = sampleLayout();
    expect(resizeComponent(layout, "CHART-a", { width: 20, height: 2 }, 8)["CHART-a"].meta).toMatchObject({
      width: 8,
      height: 5,
    });
    expect(resizeComponent(layout, "CHART-a", { width: 0, height: 500 }, 8)["CHART-a"].meta).toMatchObject({
      width: 1,
      height: 100,
    });
  });

  it("stores parents as Superset does", () => {
    const layout = withParents(sampleLayout());
    expect(layout["CHART-c"].parents).toEqual(["ROOT_ID", "GRID_ID", "TABS-1", "TAB-1", "ROW-2"]);
  });
});

describe("active tabs (001 §4)", () => {
  it("starts on the first tab of every visible tabs container, nested included", () => {
    const layout = sampleLayout();
    layout["ROW-2"] = { ...layout["ROW-2"], children: [] };
    layout["TAB-1"] = { ...layout["TAB-1"], children: ["TABS-n"] };
    layout["TABS-n"] = { id: "TABS-n", type: "TABS", children: ["TAB-n1", "TAB-n2"], meta: {} };
    layout["TAB-n1"] = { id: "TAB-n1", type: "TAB", children: ["ROW-2"], meta: {} };
    layout["TAB-n2"] = { id: "TAB-n2", type: "TAB", children: [], meta: {} };
    expect(computeActiveTabs(layout)).toEqual(["TAB-1", "TAB-n1"]);
    expect(selectTab(layout, ["TAB-1", "TAB-n1"], "TAB-n2")).toEqual(["TAB-1", "TAB-n2"]);
    // Selecting another top tab removes the now inactive nested tabs.
    expect(selectTab(layout, ["TAB-1", "TAB-n2"], "TAB-2")).toEqual(["TAB-2"]);
    // Coming back keeps nothing stale: the nested container starts on its first tab.
    expect(selectTab(layout, ["TAB-2"], "TAB-1")).toEqual(["TAB-1", "TAB-n1"]);
  });

  it("knows which charts are visible", () => {
    const layout = sampleLayout();
    expect(visibleChartIds(layout, ["TAB-1"]).sort()).toEqual([1, 2, 3]);
    expect(visibleChartIds(layout, ["TAB-2"]).sort()).toEqual([1, 2, 4]);
    expect(isVisible(layout, ["TAB-2"], "CHART-c")).toBe(false);
  });
});
