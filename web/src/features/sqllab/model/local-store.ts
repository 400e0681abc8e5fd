import type { SqlLabState } from "./editor-state";
import type { QueryRun } from "./types";

const KEY = "strata.sqllab.v1";

/** The tabs (and their latest queries without rows) kept in localStorage as a fallback. */
export function saveLocal(state: SqlLabState): void {
  try {
    const latest = new Set(state.editors.map((e) => e.latestQueryId).filter(Boolean) as string[]);
    const queries: Record<string, QueryRun> = {};
    for (const id of latest) {
      const q = state.queries[id];
      if (q) queries[id] = { ...q, results: null };
    }
    localStorage.setItem(KEY, JSON.stringify({ ...state, queries, destroyed: [] }));
  } catch {
    /* storage full or unavailable */
  }
}

export function loadLocal(): SqlLabState | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as SqlLabState;
    return Array.isArray(s.editors) && s.editors.length > 0 ? { ...s, destroyed: [] } : null;
  } catch {
    return null;
  }
}
