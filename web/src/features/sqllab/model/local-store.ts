import { editorsOf, initialSqlLabState, type SqlLabState } from "./editor-state";
import type { QueryRun } from "./types";

const KEY = "strata.sqllab.v1";

/** The tabs (and their latest queries without rows) and their tables kept in localStorage as a fallback. */
export function saveLocal(state: SqlLabState): void {
  try {
    const editors = editorsOf(state);
    const latest = new Set(editors.map((e) => e.latestQueryId).filter(Boolean) as string[]);
    const queries: Record<string, QueryRun> = {};
    for (const id of latest) {
      const q = state.queries[id];
      if (q) queries[id] = { ...q, results: null };
    }
    const stored: SqlLabState = {
      ...state,
      editors,
      unsavedEditor: null,
      queries,
      destroyed: [],
      destroyedTables: [],
      // Preview runs are not stored: a restored table runs its preview again.
      tables: state.tables.map((tb) => ({ ...tb, dataPreviewQueryId: null, isMetadataLoading: false })),
    };
    localStorage.setItem(KEY, JSON.stringify(stored));
  } catch {
    /* storage full or unavailable */
  }
}

export function loadLocal(): SqlLabState | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Partial<SqlLabState>;
    if (!Array.isArray(s.editors) || s.editors.length === 0) return null;
    // Older entries have no tables; the south pane starts on 'Results'.
    return {
      ...initialSqlLabState,
      ...s,
      editors: s.editors,
      tables: Array.isArray(s.tables) ? s.tables : [],
      unsavedEditor: null,
      destroyed: [],
      destroyedTables: [],
      activeSouthPaneTab: initialSqlLabState.activeSouthPaneTab,
    };
  } catch {
    return null;
  }
}
