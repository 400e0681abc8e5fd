import { t } from "../../../lib/i18n";
import { clearInactiveQueries, clearResults } from "./query-transitions";
import { HISTORY_TAB, RESULTS_TAB, sameTable } from "./table-schemas";
import { nextUntitledName } from "./tab-names";
import type { QueryEditor, QueryRun, TableSchema } from "./types";

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
  /**
   * Edits to the active tab, kept apart from `editors` so typing does not rewrite the tab list on
   * every keystroke; merged back when another tab becomes active (002 §4). Read tabs through
   * `editorsOf` / `editorOf`.
   */
  unsavedEditor: { id: string; patch: Partial<QueryEditor> } | null;
  /** Tables added to the tabs (002 §3 "Table schema in the editor"). */
  tables: TableSchema[];
  /** Server ids of removed table schemas, to delete on the server. */
  destroyedTables: number[];
  /** 'results', 'history' or the id of a table schema. */
  activeSouthPaneTab: string;
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
    // Superset's first split: the results get most of the height.
    northPercent: 30,
    southPercent: 70,
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

/** The tabs with the unsaved copy of the active one applied. */
export function editorsOf(state: SqlLabState): QueryEditor[] {
  const unsaved = state.unsavedEditor;
  if (!unsaved) return state.editors;
  return state.editors.map((e) => (e.id === unsaved.id ? { ...e, ...unsaved.patch } : e));
}

export function editorOf(state: SqlLabState, id: string | undefined): QueryEditor | undefined {
  const editor = state.editors.find((e) => e.id === id);
  const unsaved = state.unsavedEditor;
  if (!editor || !unsaved || unsaved.id !== id) return editor;
  return { ...editor, ...unsaved.patch };
}

export function tablesOf(state: SqlLabState, editorId: string | undefined): TableSchema[] {
  return state.tables.filter((tb) => tb.queryEditorId === editorId);
}

/** The south-pane tab to show for a tab: a table of another tab falls back to 'Results'. */
export function southPaneTabOf(state: SqlLabState, editorId: string | undefined): string {
  const tab = state.activeSouthPaneTab;
  if (tab === RESULTS_TAB || tab === HISTORY_TAB) return tab;
  return state.tables.some((tb) => tb.id === tab && tb.queryEditorId === editorId) ? tab : RESULTS_TAB;
}

/** Writes the unsaved copy back into the tab list. */
function mergeUnsaved(state: SqlLabState): SqlLabState {
  if (!state.unsavedEditor) return state;
  return { ...state, editors: editorsOf(state), unsavedEditor: null };
}

/** A table schema to merge: its identity plus the fields to set (002 §4 "Tables in the editor"). */
export type TableMerge = Pick<TableSchema, "dbId" | "queryEditorId" | "catalog" | "schema" | "name"> &
  Partial<TableSchema>;

export type SqlLabAction =
  | { type: "addEditor"; editor: QueryEditor }
  | { type: "removeEditor"; id: string }
  | { type: "setActive"; id: string }
  | { type: "switchTab"; direction: 1 | -1 }
  | { type: "updateEditor"; id: string; patch: Partial<QueryEditor> }
  /** `tableId`: the run is that table's data preview. */
  | { type: "startQuery"; query: QueryRun; tableId?: string }
  | { type: "updateQuery"; id: string; update: (q: QueryRun) => QueryRun }
  | { type: "clearInactiveQueries"; intervalMs: number; now?: number }
  /** Adds a table, or expands it when the tab already has it. */
  | { type: "addTable"; table: TableSchema }
  | { type: "mergeTable"; table: TableMerge }
  | { type: "setTableExpanded"; id: string; expanded: boolean }
  | { type: "removeTable"; id: string }
  | { type: "tableSynced"; id: string; serverId: number }
  | { type: "setSouthPaneTab"; tab: string }
  | { type: "restore"; state: SqlLabState };

export const initialSqlLabState: SqlLabState = {
  editors: [],
  tabHistory: [],
  queries: {},
  destroyed: [],
  unsavedEditor: null,
  tables: [],
  destroyedTables: [],
  activeSouthPaneTab: RESULTS_TAB,
};

/** Tab and query transitions of 002 §4. */
export function sqlLabReducer(state: SqlLabState, action: SqlLabAction): SqlLabState {
  switch (action.type) {
    case "addEditor": {
      const merged = mergeUnsaved(state);
      return {
        ...merged,
        editors: [...merged.editors, action.editor],
        tabHistory: [...merged.tabHistory, action.editor.id],
      };
    }
    case "removeEditor": {
      // The unsaved copy may hold the server id the tab got while active.
      const removed = editorOf(state, action.id);
      if (!removed) return state;
      const editors = state.editors.filter((e) => e.id !== action.id);
      const queries = Object.fromEntries(
        Object.entries(state.queries).filter(([, q]) => q.sqlEditorId !== action.id),
      );
      // The server deletes a tab's table schemas with the tab.
      const tables = state.tables.filter((tb) => tb.queryEditorId !== action.id);
      let tabHistory = state.tabHistory.filter((id) => id !== action.id);
      if (tabHistory.length === 0 && editors.length > 0) tabHistory = [editors[editors.length - 1].id];
      const destroyed =
        removed.tabStateId !== null ? [...state.destroyed, removed.tabStateId] : state.destroyed;
      const unsavedEditor = state.unsavedEditor?.id === action.id ? null : state.unsavedEditor;
      const next = { ...state, editors, queries, tables, tabHistory, destroyed, unsavedEditor };
      // A tab that becomes active this way takes the unsaved copy's place.
      return activeEditorId(next) === unsavedEditor?.id ? next : mergeUnsaved(next);
    }
    case "setActive": {
      if (activeEditorId(state) === action.id) return state;
      const merged = mergeUnsaved(state);
      return { ...merged, tabHistory: [...merged.tabHistory, action.id] };
    }
    case "switchTab": {
      const n = state.editors.length;
      if (n === 0) return state;
      const current = state.editors.findIndex((e) => e.id === activeEditorId(state));
      const next = state.editors[(current + action.direction + n) % n];
      return sqlLabReducer(state, { type: "setActive", id: next.id });
    }
    case "updateEditor": {
      if (action.id !== activeEditorId(state)) {
        return {
          ...state,
          editors: state.editors.map((e) =>
            e.id === action.id ? { ...e, ...action.patch, updatedAt: Date.now() } : e,
          ),
        };
      }
      // Edits to the active tab go to its unsaved copy (002 §4).
      const base = state.unsavedEditor && state.unsavedEditor.id !== action.id ? mergeUnsaved(state) : state;
      const patch = { ...base.unsavedEditor?.patch, ...action.patch, updatedAt: Date.now() };
      return { ...base, unsavedEditor: { id: action.id, patch } };
    }
    case "startQuery": {
      const q = action.query;
      const queries = { ...state.queries };
      if (action.tableId !== undefined || q.isDataPreview) {
        // A data preview belongs to its table, not to the tab's results.
        const table = state.tables.find((tb) => tb.id === action.tableId);
        if (table?.dataPreviewQueryId) delete queries[table.dataPreviewQueryId];
        queries[q.id] = q;
        return {
          ...state,
          queries,
          tables: state.tables.map((tb) => (tb === table ? { ...tb, dataPreviewQueryId: q.id } : tb)),
        };
      }
      const editor = state.editors.find((e) => e.id === q.sqlEditorId);
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
    case "clearInactiveQueries": {
      const queries = clearInactiveQueries(state.queries, action.intervalMs, action.now);
      return queries === state.queries ? state : { ...state, queries };
    }
    case "addTable": {
      const existing = state.tables.find((tb) => sameTable(tb, action.table));
      return existing
        ? sqlLabReducer(state, { type: "setTableExpanded", id: existing.id, expanded: true })
        : mergeTable(state, action.table);
    }
    case "mergeTable":
      return mergeTable(state, action.table);
    case "setTableExpanded": {
      const table = state.tables.find((tb) => tb.id === action.id);
      if (!table) return state;
      return {
        ...state,
        tables: state.tables.map((tb) => (tb === table ? { ...tb, expanded: action.expanded } : tb)),
        // An expanded table becomes the active south-pane tab.
        activeSouthPaneTab: action.expanded ? table.id : state.activeSouthPaneTab,
      };
    }
    case "removeTable":
      return removeTable(state, action.id);
    case "tableSynced":
      return {
        ...state,
        tables: state.tables.map((tb) => (tb.id === action.id ? { ...tb, serverId: action.serverId } : tb)),
      };
    case "setSouthPaneTab":
      return state.activeSouthPaneTab === action.tab ? state : { ...state, activeSouthPaneTab: action.tab };
    case "restore":
      return action.state;
    default:
      return state;
  }
}

/** Merging matches on db, editor, catalog, schema and name; an expanded table becomes the active south-pane tab. */
function mergeTable(state: SqlLabState, table: TableMerge): SqlLabState {
  const existing = state.tables.find((tb) => sameTable(tb, table));
  if (existing) {
    // The identity and the client id stay; only the given fields change.
    const { id: _id, ...fields } = table;
    const merged = { ...existing, ...fields };
    return {
      ...state,
      tables: state.tables.map((tb) => (tb === existing ? merged : tb)),
      // Only a merge that expands the table moves the south pane (not e.g. its metadata arriving).
      activeSouthPaneTab: table.expanded === true ? merged.id : state.activeSouthPaneTab,
    };
  }
  if (!table.id) return state; // only a complete table (makeTable) is added
  const added = table as TableSchema;
  return {
    ...state,
    tables: [...state.tables, added],
    activeSouthPaneTab: added.expanded ? added.id : state.activeSouthPaneTab,
  };
}

/** Removing a table falls back to another table of the same tab, or to 'Results'. */
function removeTable(state: SqlLabState, id: string): SqlLabState {
  const removed = state.tables.find((tb) => tb.id === id);
  if (!removed) return state;
  const tables = state.tables.filter((tb) => tb.id !== id);
  let activeSouthPaneTab = state.activeSouthPaneTab;
  if (activeSouthPaneTab === id)
    activeSouthPaneTab = tables.find((tb) => tb.queryEditorId === removed.queryEditorId)?.id ?? RESULTS_TAB;
  const queries = { ...state.queries };
  if (removed.dataPreviewQueryId) delete queries[removed.dataPreviewQueryId];
  const destroyedTables =
    removed.serverId !== null ? [...state.destroyedTables, removed.serverId] : state.destroyedTables;
  return { ...state, tables, queries, activeSouthPaneTab, destroyedTables };
}
