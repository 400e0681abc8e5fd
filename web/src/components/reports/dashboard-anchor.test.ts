import { describe, expect, it } from "vitest";
import { reportAnchor, tabOptions, withAnchor } from "./dashboard-anchor";

describe("a dashboard report's tab", () => {
  it("reads the stored anchor when it names a tab", () => {
    expect(reportAnchor({ dashboard: { anchor: "TAB-a" } })).toBe("TAB-a");
    expect(reportAnchor({ dashboard: { anchor: "" } })).toBeNull();
    expect(reportAnchor({ dashboard: { anchor: 3 } })).toBeNull();
    expect(reportAnchor({ dashboard: null })).toBeNull();
    expect(reportAnchor(undefined)).toBeNull();
  });

  it("changes the anchor only, and drops a dashboard state left empty", () => {
    const extra = { dashboard: { activeTabs: ["TAB-x"], anchor: "TAB-a" }, other: true };
    expect(withAnchor(extra, "TAB-b")).toEqual({
      dashboard: { activeTabs: ["TAB-x"], anchor: "TAB-b" },
      other: true,
    });
    expect(withAnchor(extra, null)).toEqual({ dashboard: { activeTabs: ["TAB-x"] }, other: true });
    expect(withAnchor({ dashboard: { anchor: "TAB-a" }, other: true }, null)).toEqual({ other: true });
    expect(withAnchor(null, "TAB-a")).toEqual({ dashboard: { anchor: "TAB-a" } });
    // Nothing to change: the very same object goes back.
    expect(withAnchor(extra, "TAB-a")).toBe(extra);
    // The stored extra itself is not changed.
    expect(extra.dashboard.anchor).toBe("TAB-a");
  });

  it("lists every tab in order, a nested one after the tabs it sits in", () => {
    const tab = (value: string, title: string, children: Parameters<typeof tabOptions>[0] = []) => ({
      value,
      title,
      parents: [],
      children,
    });
    expect(
      tabOptions([tab("A", "Sales", [tab("A1", "Europe"), tab("A2", "")]), tab("B", "Costs")], "Untitled"),
    ).toEqual([
      { value: "A", label: "Sales" },
      { value: "A1", label: "Sales › Europe" },
      { value: "A2", label: "Sales › Untitled" },
      { value: "B", label: "Costs" },
    ]);
  });
});
