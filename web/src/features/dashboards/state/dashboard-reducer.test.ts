import { describe, expect, it } from "vitest";
import type { Hydrated } from "../model/hydrate";
import type { DropResult } from "../model/layout-types";
import { sampleHydrated } from "../model/test-layouts";
import { UNDO_LIMIT } from "../model/undo-history";
import { dashboardReducer, initialDashboardState } from "./dashboard-reducer";

const hydrated = (): Hydrated => sampleHydrated({ metadata: { refresh_frequency: 60 } });

const newMarkdown: DropResult = {
  source: { id: "NEW_COMPONENTS_SOURCE_ID", index: 0 },
  destination: { id: "GRID_ID", index: 0 },
  dragging: { id: "x", type: "MARKDOWN" },
};

describe("dashboard state (001 §4)", () => {
  it("starts from the hydrated dashboard, on the first tabs, with its refresh frequency", () => {
    const s = initialDashboardState(hydrated());
    expect(s.activeTabs).toEqual(["TAB-1"]);
    expect(s.refreshFrequency).toBe(60);
    expect(s.editMode).toBe(false);
    expect(initialDashboardState(hydrated(), { activeTabs: ["TAB-2"] }).activeTabs).toEqual(["TAB-2"]);
  });

  it("marks unsaved changes, and undo back to the start clears the flag", () => {
    let s = dashboardReducer(initialDashboardState(hydrated()), { type: "SET_EDIT_MODE", editMode: true });
    s = dashboardReducer(s, { type: "DROP", drop: newMarkdown });
    expect(s.hasUnsavedChanges).toBe(true);
    expect(s.layout.past).toHaveLength(1);
    s = dashboardReducer(s, { type: "UNDO" });
    expect(s.hasUnsavedChanges).toBe(false);
    s = dashboardReducer(s, { type: "REDO" });
    expect(s.hasUnsavedChanges).toBe(true);
    // A colour scheme change keeps the flag even with an empty past.
    s = dashboardReducer(s, {
      type: "SET_PROPERTIES",
      info: {},
      metadata: { color_scheme: "bnbColors" },
      fromEditMode: true,
    });
    s = dashboardReducer(s, { type: "UNDO" });
    expect(s.layout.past).toHaveLength(0);
    expect(s.hasUnsavedChanges).toBe(true);
  });

  it("raises the undo-exhausted flag once every slot is used", () => {
    let s = initialDashboardState(hydrated(), { editMode: true });
    for (let i = 0; i < UNDO_LIMIT - 1; i++)
      s = dashboardReducer(s, { type: "UPDATE_META", id: "HEADER_ID", meta: { text: `t${i}` } });
    expect(s.maxUndoHistoryExceeded).toBe(false);
    s = dashboardReducer(s, { type: "UPDATE_META", id: "HEADER_ID", meta: { text: "last" } });
    expect(s.maxUndoHistoryExceeded).toBe(true);
    expect(s.layout.past).toHaveLength(UNDO_LIMIT);
  });

  it("discards edits back to the edit-mode snapshot; a save clears history and leaves edit mode", () => {
    let s = dashboardReducer(initialDashboardState(hydrated()), { type: "SET_EDIT_MODE", editMode: true });
    const before = s.layout.present;
    s = dashboardReducer(s, { type: "DELETE_COMPONENT", id: "TABS-1" });
    s = dashboardReducer(s, { type: "SET_INFO", info: { published: true, lastModifiedTime: 2 } });
    const discarded = dashboardReducer(s, { type: "DISCARD_CHANGES" });
    expect(discarded.layout.present).toBe(before);
    expect(discarded.editMode).toBe(false);
    expect(discarded.info).toMatchObject({ published: true, lastModifiedTime: 2 });
    const saved = dashboardReducer(dashboardReducer(s, { type: "SAVE_STARTED" }), {
      type: "SAVE_SUCCEEDED",
      info: { lastModifiedTime: 3 },
    });
    expect(saved).toMatchObject({ editMode: false, isSaving: false, hasUnsavedChanges: false });
    expect(saved.layout.past).toEqual([]);
    expect(saved.info.lastModifiedTime).toBe(3);
  });

  it("selects tabs and keeps active tabs valid when tabs go away", () => {
    let s = initialDashboardState(hydrated(), { editMode: true });
    s = dashboardReducer(s, { type: "SET_ACTIVE_TAB", tabId: "TAB-2" });
    expect(s.activeTabs).toEqual(["TAB-2"]);
    s = dashboardReducer(s, { type: "DELETE_COMPONENT", id: "TAB-2" });
    expect(s.activeTabs).toEqual(["TAB-1"]);
  });

  it("moves a tab header as an undoable layout edit and shows the moved tab", () => {
    let s = initialDashboardState(hydrated(), { editMode: true });
    expect(s.activeTabs).toEqual(["TAB-1"]);
    s = dashboardReducer(s, { type: "MOVE_TAB", tabId: "TAB-2", toIndex: 0 });
    expect(s.layout.present["TABS-1"].children).toEqual(["TAB-2", "TAB-1"]);
    expect(s.layout.past).toHaveLength(1);
    expect(s.hasUnsavedChanges).toBe(true);
    expect(s.activeTabs).toEqual(["TAB-2"]);
    // Dropped where it already is: no step.
    expect(dashboardReducer(s, { type: "MOVE_TAB", tabId: "TAB-2", toIndex: 0 })).toBe(s);
    s = dashboardReducer(s, { type: "UNDO" });
    expect(s.layout.present["TABS-1"].children).toEqual(["TAB-1", "TAB-2"]);
    expect(s.hasUnsavedChanges).toBe(false);
    // The tab shown stays the one chosen while the order changes back.
    expect(s.activeTabs).toEqual(["TAB-2"]);
    // Outside edit mode, nothing moves.
    const view = initialDashboardState(hydrated());
    expect(dashboardReducer(view, { type: "MOVE_TAB", tabId: "TAB-2", toIndex: 0 })).toBe(view);
  });

  it("sets and unsets the focused and hovered native filter without marking changes (000 §4)", () => {
    let s = initialDashboardState(hydrated());
    expect([s.focusedFilterId, s.hoveredFilterId]).toEqual([null, null]);
    s = dashboardReducer(s, { type: "SET_HOVERED_FILTER", id: "NATIVE_FILTER-a" });
    s = dashboardReducer(s, { type: "SET_FOCUSED_FILTER", id: "NATIVE_FILTER-b" });
    expect([s.focusedFilterId, s.hoveredFilterId]).toEqual(["NATIVE_FILTER-b", "NATIVE_FILTER-a"]);
    expect(s.hasUnsavedChanges).toBe(false);
    // The same value again keeps the state object (no re-render of every chart).
    expect(dashboardReducer(s, { type: "SET_HOVERED_FILTER", id: "NATIVE_FILTER-a" })).toBe(s);
    s = dashboardReducer(s, { type: "SET_HOVERED_FILTER", id: null });
    s = dashboardReducer(s, { type: "SET_FOCUSED_FILTER", id: null });
    expect([s.focusedFilterId, s.hoveredFilterId]).toEqual([null, null]);
  });

  it("persists the refresh frequency only when set in edit mode", () => {
    const view = dashboardReducer(initialDashboardState(hydrated()), {
      type: "SET_REFRESH_FREQUENCY",
      seconds: 10,
      persist: false,
    });
    expect(view.refreshFrequency).toBe(10);
    expect(view.metadata.refresh_frequency).toBe(60);
    const edit = dashboardReducer(initialDashboardState(hydrated()), {
      type: "SET_REFRESH_FREQUENCY",
      seconds: 10,
      persist: true,
    });
    expect(edit.metadata.refresh_frequency).toBe(10);
    expect(edit.hasUnsavedChanges).toBe(true);
  });
});
