import { t } from "../../../lib/i18n";
import { clearResults } from "./query-transitions";
import { nextUntitledName } from "./tab-names";
import type { QueryEditor, QueryRun } from "./types";

export const DEFAULT_QUERY_LIMIT = 1000;
export const QUERY_LIMITS = [10, 100, 1000, 10000, 100000];
export const NEW_TAB_SQL = "SELECT ...";

export interface SqlLabState {
  editors: QueryEditor[];
  /** Ids of tabs in activation order; the last one is active. */
  tabHistory: string[];
  queries: Record<string, QueryRun>;
  /** Server tab-state ids of closed tabs, to delete on the server. */
  destroyed: number[];
}

let seq = 0;
export function newEditorId(): string {
  seq += 1;
  return `local-${Date.now().toString(36)}-${seq}`;
}

/** A new tab: 'Untitled Query N', the SELECT placeholder, the previous tab's database and schema. */
export function makeEditor(existing: QueryEditor[], patch: Partial<QueryEditor> = {}): QueryEditor {
  const last = existing[existing.length - 1];
  return {
    id: newEditorId(),
    tabStateId: null,
    remoteId: null,
    name: nextUntitledName(existing.map((e) => e.name)),
    sql: NEW_TAB_SQL,
    dbId: last?.dbId ?? null,
    catalog: last?.catalog ?? null,
    schema: last?.schema ?? null,
    queryLimit: last?.queryLimit ?? DEFAULT_QUERY_LIMIT,
    templateParams: "",
    autorun: false,
    latestQueryId: null,
    hideLeftBar: false,
    northPercent: 50,
    southPercent: 50,
    inLocalStorage: true,
    updatedAt: Date.now(),
    ...patch,
  };
}

/** Placeholder when the backend does not persist tabs (002 §2). */
export function localPlaceholder(): string {
  return `-- ${t(
    "Note: Unless you save your query, these tabs will NOT persist if you clear your cookies or change browsers.",
  )}\n\n${NEW_TAB_SQL}`;
}

export function activeEditorId(state: SqlLabState): string | undefined {
  return state.tabHistory[state.tabHistory.length - 1] ?? state.editors[state.editors.length - 1]?.id;
}

export type SqlLabAction =
  | { type: "addEditor"; editor: QueryEditor }
  | { type: "removeEditor"; id: string }
  | { type: "setActive"; id: string }
  | { type: "switchTab"; direction: 1 | -1 }
  | { type: "updateEditor"; id: string; patch: Partial<QueryEditor> }
  | { type: "startQuery"; query: QueryRun }
  | { type: "updateQuery"; id: string; update: (q: QueryRun) => QueryRun }
  | { type: "restore"; state: SqlLabState };

export const initialSqlLabState: SqlLabState = { editors: [], tabHistory: [], queries: {}, destroyed: [] };

/** Tab and query transitions of 002 §4. */
export function sqlLabReducer(state: SqlLabState, action: SqlLabAction): SqlLabState {
  switch (action.type) {
    case "addEditor":
      return {
        ...state,
        editors: [...state.editors, action.editor],
        tabHistory: [...state.tabHistory, action.editor.id],
      };
    case "removeEditor": {
      const removed = state.editors.find((e) => e.id === action.id);
      if (!removed) return state;
      const editors = state.editors.filter((e) => e.id !== action.id);
      const queries = Object.fromEntries(
        Object.entries(state.queries).filter(([, q]) => q.sqlEditorId !== action.id),
      );
      let tabHistory = state.tabHistory.filter((id) => id !== action.id);
      if (tabHistory.length === 0 && editors.length > 0) tabHistory = [editors[editors.length - 1].id];
      const destroyed =
        removed.tabStateId !== null ? [...state.destroyed, removed.tabStateId] : state.destroyed;
      return { ...state, editors, queries, tabHistory, destroyed };
    }
    case "setActive":
      if (activeEditorId(state) === action.id) return state;
      return { ...state, tabHistory: [...state.tabHistory, action.id] };
    case "switchTab": {
      const n = state.editors.length;
      if (n === 0) return state;
      const current = state.editors.findIndex((e) => e.id === activeEditorId(state));
      const next = state.editors[(current + action.direction + n) % n];
      return sqlLabReducer(state, { type: "setActive", id: next.id });
    }
    case "updateEditor":
      return {
        ...state,
        editors: state.editors.map((e) =>
          e.id === action.id ? { ...e, ...action.patch, updatedAt: Date.now() } : e,
        ),
      };
    case "startQuery": {
      const q = action.query;
      const editor = state.editors.find((e) => e.id === q.sqlEditorId);
      const queries = { ...state.queries };
      const previous = editor?.latestQueryId ? queries[editor.latestQueryId] : undefined;
      if (previous) queries[previous.id] = clearResults(previous);
      queries[q.id] = q;
      return {
        ...state,
        queries,
        editors: state.editors.map((e) => (e.id === q.sqlEditorId ? { ...e, latestQueryId: q.id } : e)),
      };
    }
    case "updateQuery": {
      const q = state.queries[action.id];
      if (!q) return state;
      const next = action.update(q);
      return next === q ? state : { ...state, queries: { ...state.queries, [q.id]: next } };
    }
    case "restore":
      return action.state;
    default:
      return state;
  }
}
