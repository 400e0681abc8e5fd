import type { TabStateDetail } from "@strata/contracts";
import { DEFAULT_QUERY_LIMIT, initialSqlLabState, makeEditor, type SqlLabState } from "./editor-state";
import { queryFromServer } from "./server-runs";
import { tableFromServer } from "./table-schemas";
import type { QueryEditor, QueryRun } from "./types";

/** A tab stored on the server, as an editor after the ones already restored. */
export function editorFromTabState(ts: TabStateDetail, existing: QueryEditor[]): QueryEditor {
  return makeEditor(existing, {
    tabStateId: ts.id,
    inLocalStorage: false,
    name: ts.label,
    sql: ts.sql ?? "",
    dbId: ts.database_id,
    schema: ts.schema,
    catalog: ts.catalog,
    queryLimit: ts.query_limit ?? DEFAULT_QUERY_LIMIT,
    templateParams: ts.template_params ?? "",
    hideLeftBar: Boolean(ts.hide_left_bar),
    autorun: Boolean(ts.autorun),
    remoteId: ts.saved_query?.id ?? null,
    latestQueryId: ts.latest_query?.id ?? null,
  });
}

/**
 * The state of the stored tabs that could be read (in their order; the active one, else the last,
 * is active), with their latest runs and tables; null when none could.
 */
export function stateFromTabStates(
  tabs: TabStateDetail[],
  activeTabStateId: number | undefined,
): SqlLabState | null {
  const editors: QueryEditor[] = [];
  const queries: Record<string, QueryRun> = {};
  const tables: SqlLabState["tables"] = [];
  let activeId: string | undefined;
  for (const tab of tabs) {
    const ed = editorFromTabState(tab, editors);
    editors.push(ed);
    for (const row of tab.table_schemas ?? []) tables.push(tableFromServer(row, ed.id));
    if (tab.latest_query) queries[tab.latest_query.id] = queryFromServer(tab.latest_query, ed.id);
    if (tab.id === activeTabStateId) activeId = ed.id;
  }
  if (!editors.length) return null;
  return {
    ...initialSqlLabState,
    editors,
    queries,
    tables,
    tabHistory: [activeId ?? editors[editors.length - 1].id],
  };
}
