import { computeActiveTabs, selectTab } from "../model/active-tabs";
import type {
  DashboardChart,
  DashboardInfo,
  DashboardMetadata,
  DataMaskMap,
  DatasetMap,
  NativeFilter,
} from "../model/dashboard-types";
import { nativeFiltersOf } from "../model/hydrate";
import type { Hydrated } from "../model/hydrate";
import { applyDrop, deleteComponent, resizeComponent, updateMeta } from "../model/layout-ops";
import type { ComponentMeta, DropResult, Layout } from "../model/layout-types";
import { moveTab } from "../model/tab-order";
import {
  clearHistory,
  createHistory,
  type History,
  isHistoryExhausted,
  record,
  redo,
  undo,
} from "../model/undo-history";

/** Dashboard state and flags of 001 §4. */
export interface DashboardState {
  info: DashboardInfo;
  metadata: DashboardMetadata;
  charts: Record<number, DashboardChart>;
  datasets: DatasetMap;
  layout: History<Layout>;
  editMode: boolean;
  hasUnsavedChanges: boolean;
  isSaving: boolean;
  maxUndoHistoryExceeded: boolean;
  colorSchemeChanged: boolean;
  activeTabs: string[];
  /** Applied data masks, per native filter id and per chart id (cross filters). */
  dataMask: DataMaskMap;
  /** Auto-refresh in seconds (0: off). */
  refreshFrequency: number;
  /** Bumped to re-query every chart (force). */
  refreshCount: number;
  /** The native filter being focused or hovered in the filter bar: its charts are highlighted. */
  focusedFilterId: string | null;
  hoveredFilterId: string | null;
  /** What edit mode started from, for discarding. */
  snapshot: { layout: Layout; info: DashboardInfo; metadata: DashboardMetadata } | null;
}

export type DashboardAction =
  | { type: "SET_EDIT_MODE"; editMode: boolean }
  | { type: "DISCARD_CHANGES" }
  | { type: "DROP"; drop: DropResult }
  | { type: "DELETE_COMPONENT"; id: string }
  | { type: "UPDATE_META"; id: string; meta: ComponentMeta }
  | { type: "RESIZE"; id: string; width?: number; height?: number; maxWidth: number }
  /** A tab header dragged within its tabs: the tab ends at `toIndex`. */
  | { type: "MOVE_TAB"; tabId: string; toIndex: number }
  | { type: "UNDO" }
  | { type: "REDO" }
  | { type: "SET_ACTIVE_TAB"; tabId: string }
  | { type: "SET_ACTIVE_TABS"; tabs: string[] }
  | { type: "SET_DATA_MASK"; dataMask: DataMaskMap }
  | { type: "SET_NATIVE_FILTERS"; filters: NativeFilter[]; dataMask: DataMaskMap; lastModifiedTime?: number }
  | {
      type: "SET_PROPERTIES";
      info: Partial<DashboardInfo>;
      metadata?: DashboardMetadata;
      fromEditMode: boolean;
    }
  | { type: "SAVE_STARTED" }
  | { type: "SAVE_SUCCEEDED"; info: Partial<DashboardInfo> }
  | { type: "SAVE_FAILED" }
  | { type: "SET_INFO"; info: Partial<DashboardInfo> }
  | { type: "ADD_CHARTS"; charts: DashboardChart[]; datasets: DatasetMap }
  | { type: "SET_REFRESH_FREQUENCY"; seconds: number; persist: boolean }
  | { type: "REFRESH" }
  | { type: "SET_FOCUSED_FILTER"; id: string | null }
  | { type: "SET_HOVERED_FILTER"; id: string | null };

export function initialDashboardState(
  h: Hydrated,
  options: { activeTabs?: string[]; dataMask?: DataMaskMap; editMode?: boolean } = {},
): DashboardState {
  return {
    info: h.info,
    metadata: h.metadata,
    charts: h.charts,
    datasets: h.datasets,
    layout: createHistory(h.layout),
    editMode: !!options.editMode,
    hasUnsavedChanges: false,
    isSaving: false,
    maxUndoHistoryExceeded: false,
    colorSchemeChanged: false,
    activeTabs: computeActiveTabs(h.layout, options.activeTabs ?? []),
    dataMask: options.dataMask ?? {},
    refreshFrequency: typeof h.metadata.refresh_frequency === "number" ? h.metadata.refresh_frequency : 0,
    refreshCount: 0,
    focusedFilterId: null,
    hoveredFilterId: null,
    snapshot: options.editMode ? { layout: h.layout, info: h.info, metadata: h.metadata } : null,
  };
}

export const nativeFilters = (s: DashboardState) => nativeFiltersOf(s.metadata);

function withLayout(state: DashboardState, next: Layout): DashboardState {
  if (next === state.layout.present) return state;
  const layout = record(state.layout, next);
  return {
    ...state,
    layout,
    hasUnsavedChanges: true,
    maxUndoHistoryExceeded: state.maxUndoHistoryExceeded || isHistoryExhausted(layout),
    activeTabs: computeActiveTabs(next, state.activeTabs),
  };
}

export function dashboardReducer(state: DashboardState, action: DashboardAction): DashboardState {
  const present = state.layout.present;
  switch (action.type) {
    case "SET_EDIT_MODE":
      return {
        ...state,
        editMode: action.editMode,
        snapshot: action.editMode ? { layout: present, info: state.info, metadata: state.metadata } : null,
      };
    case "DISCARD_CHANGES": {
      const snap = state.snapshot;
      if (!snap) return { ...state, editMode: false };
      return {
        ...state,
        editMode: false,
        layout: createHistory(snap.layout),
        info: snap.info,
        metadata: snap.metadata,
        hasUnsavedChanges: false,
        maxUndoHistoryExceeded: false,
        colorSchemeChanged: false,
        activeTabs: computeActiveTabs(snap.layout, state.activeTabs),
        snapshot: null,
      };
    }
    case "DROP":
      return withLayout(state, applyDrop(present, action.drop));
    case "DELETE_COMPONENT":
      return withLayout(state, deleteComponent(present, action.id));
    case "UPDATE_META":
      return withLayout(state, updateMeta(present, action.id, action.meta));
    case "RESIZE":
      return withLayout(state, resizeComponent(present, action.id, action, action.maxWidth));
    case "MOVE_TAB": {
      if (!state.editMode) return state;
      const next = withLayout(state, moveTab(present, action.tabId, action.toIndex));
      if (next === state) return state;
      // As in Superset, the tab just dropped is the one shown.
      return { ...next, activeTabs: selectTab(next.layout.present, next.activeTabs, action.tabId) };
    }
    case "UNDO": {
      const layout = undo(state.layout);
      return {
        ...state,
        layout,
        hasUnsavedChanges: layout.past.length > 0 || state.colorSchemeChanged,
        activeTabs: computeActiveTabs(layout.present, state.activeTabs),
      };
    }
    case "REDO": {
      const layout = redo(state.layout);
      return {
        ...state,
        layout,
        hasUnsavedChanges: true,
        activeTabs: computeActiveTabs(layout.present, state.activeTabs),
      };
    }
    case "SET_ACTIVE_TAB":
      return { ...state, activeTabs: selectTab(present, state.activeTabs, action.tabId) };
    case "SET_ACTIVE_TABS":
      return { ...state, activeTabs: computeActiveTabs(present, action.tabs) };
    case "SET_DATA_MASK":
      return { ...state, dataMask: { ...state.dataMask, ...action.dataMask } };
    case "SET_NATIVE_FILTERS": {
      const metadata = { ...state.metadata, native_filter_configuration: action.filters };
      const ids = new Set(action.filters.map((f) => f.id));
      const kept = Object.fromEntries(
        Object.entries(state.dataMask).filter(([id]) => ids.has(id) || /^\d+$/.test(id)),
      );
      const info = action.lastModifiedTime
        ? { ...state.info, lastModifiedTime: action.lastModifiedTime }
        : state.info;
      const snapshot = state.snapshot
        ? {
            ...state.snapshot,
            metadata: { ...state.snapshot.metadata, native_filter_configuration: action.filters },
            info,
          }
        : null;
      return { ...state, metadata, info, snapshot, dataMask: { ...kept, ...action.dataMask } };
    }
    case "SET_PROPERTIES": {
      const metadata = action.metadata ?? state.metadata;
      const colorSchemeChanged =
        state.colorSchemeChanged || metadata.color_scheme !== state.metadata.color_scheme;
      const info = { ...state.info, ...action.info };
      let layout = state.layout;
      if (action.info.title !== undefined) {
        const header = present.HEADER_ID;
        if (header)
          layout = {
            ...layout,
            present: {
              ...present,
              HEADER_ID: { ...header, meta: { ...header.meta, text: action.info.title } },
            },
          };
      }
      return {
        ...state,
        info,
        metadata,
        layout,
        colorSchemeChanged: action.fromEditMode ? colorSchemeChanged : state.colorSchemeChanged,
        hasUnsavedChanges: action.fromEditMode ? true : state.hasUnsavedChanges,
      };
    }
    case "SAVE_STARTED":
      return { ...state, isSaving: true };
    case "SAVE_SUCCEEDED":
      return {
        ...state,
        isSaving: false,
        info: { ...state.info, ...action.info },
        editMode: false,
        hasUnsavedChanges: false,
        maxUndoHistoryExceeded: false,
        colorSchemeChanged: false,
        layout: clearHistory(state.layout),
        snapshot: null,
      };
    case "SAVE_FAILED":
      return { ...state, isSaving: false };
    case "SET_INFO":
      // Server-confirmed changes (published, last modified): discarding edits keeps them.
      return {
        ...state,
        info: { ...state.info, ...action.info },
        snapshot: state.snapshot
          ? { ...state.snapshot, info: { ...state.snapshot.info, ...action.info } }
          : null,
      };
    case "ADD_CHARTS": {
      const charts = { ...state.charts };
      for (const c of action.charts) charts[c.id] = c;
      return { ...state, charts, datasets: { ...state.datasets, ...action.datasets } };
    }
    case "SET_REFRESH_FREQUENCY":
      return {
        ...state,
        refreshFrequency: action.seconds,
        metadata: action.persist ? { ...state.metadata, refresh_frequency: action.seconds } : state.metadata,
        hasUnsavedChanges: action.persist ? true : state.hasUnsavedChanges,
      };
    case "REFRESH":
      return { ...state, refreshCount: state.refreshCount + 1 };
    case "SET_FOCUSED_FILTER":
      return state.focusedFilterId === action.id ? state : { ...state, focusedFilterId: action.id };
    case "SET_HOVERED_FILTER":
      return state.hoveredFilterId === action.id ? state : { ...state, hoveredFilterId: action.id };
    default:
      return state;
  }
}
