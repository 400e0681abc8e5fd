import { describe, expect, it } from "vitest";
import { dashboardTabs } from "./tabs.ts";

const none = { all_tabs: {}, tab_tree: [] };

describe("dashboardTabs", () => {
  it("has no tabs for an empty, unreadable or tab-less layout", () => {
    expect(dashboardTabs(null)).toEqual(none);
    expect(dashboardTabs("not json")).toEqual(none);
    expect(dashboardTabs("[]")).toEqual(none);
    expect(dashboardTabs(JSON.stringify({ ROOT_ID: { type: "ROOT", children: ["GRID_ID"] } }))).toEqual(none);
  });

  it("walks a damaged layout (a loop, missing and odd children) once, without failing", () => {
    const layout = {
      ROOT_ID: { type: "ROOT", children: ["TABS-1", "missing", 7, null] },
      "TABS-1": { type: "TABS", children: ["TAB-a"] },
      "TAB-a": { type: "TAB", children: ["TABS-1", "TAB-a"], meta: { text: 42 } },
    };
    expect(dashboardTabs(JSON.stringify(layout))).toEqual({
      all_tabs: { "TAB-a": "" },
      tab_tree: [{ value: "TAB-a", title: "", parents: [], children: [] }],
    });
  });
});
