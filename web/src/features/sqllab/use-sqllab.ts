import type { DatabaseRow } from "@strata/contracts";
import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { useTableSchemas } from "./components/tables/use-table-schemas";
import {
  activeEditorId,
  editorOf,
  editorsOf,
  initialSqlLabState,
  makeEditor,
  sqlLabReducer,
} from "./model/editor-state";
import { defaultDatabaseId } from "./model/default-database";
import type { QueryEditor } from "./model/types";
import { useBackendStatus } from "./use-backend-status";
import { useQueryRuns } from "./use-query-runs";
import { usePermalinkQuery, useRequestedQuery } from "./use-requested-query";
import { useRestoredTabs } from "./use-restored-tabs";
import { useSavedQueryTab } from "./use-saved-query-tab";
import { useTabPersistence } from "./use-tab-persistence";

export type { CtasRequest } from "./use-query-runs";

/**
 * Clearing inactive queries (002 §4) runs this often, dropping runs stuck at progress 0 for longer
 * than INACTIVE_QUERY_MS. That is longer than the 300 s a synchronous run may take (its progress
 * stays 0 until it answers), so only runs nobody waits for any more are dropped.
 */
const CLEAR_INACTIVE_EVERY_MS = 30_000;
const INACTIVE_QUERY_MS = 6 * 60_000;

/**
 * SQL Lab: the tabs and their runs in a reducer (UI state), restored from and stored to the
 * server's tab state (with a localStorage fallback), runs executed and polled through the API.
 */
export function useSqlLab(databases: DatabaseRow[] | undefined, savedQueryId: number | null) {
  const [state, dispatch] = useReducer(sqlLabReducer, initialSqlLabState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const backend = useBackendStatus();

  const { loadResults, run, stop } = useQueryRuns(state, stateRef, dispatch, databases);
  const { loaded, conf } = useRestoredTabs(dispatch, backend.backendOn, loadResults);

  /** Opens a new tab after the current ones ('Untitled Query N' unless `patch` names it). */
  const openTab = useCallback(
    (patch: Partial<QueryEditor> = {}) =>
      dispatch({ type: "addEditor", editor: makeEditor(editorsOf(stateRef.current), patch) }),
    [],
  );
  // A requested query (router state or ?incoming=<key>), a shared link (/sqllab/p/<key>) or
  // ?savedQueryId=N opens a tab.
  useRequestedQuery(loaded, openTab);
  usePermalinkQuery(loaded, openTab);
  useSavedQueryTab(savedQueryId, loaded, stateRef, dispatch);

  const activeId = activeEditorId(state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the tabs and the unsaved copy matter
  const active = useMemo(() => editorOf(state, activeId), [state.editors, state.unsavedEditor, activeId]);

  useTabPersistence(state, stateRef, dispatch, loaded, active?.tabStateId ?? null, backend);

  /* ---- a tab with no database chosen starts on the default one, so Run works at once ---- */
  const defaultDbId = defaultDatabaseId(databases, conf.SQLLAB_DEFAULT_DBID);
  useEffect(() => {
    if (!loaded || !active || active.dbId || !defaultDbId) return;
    dispatch({ type: "updateEditor", id: active.id, patch: { dbId: defaultDbId } });
  }, [loaded, active, defaultDbId]);

  /* ---- table schemas of the tabs (002 §3/§4) ---- */
  const tables = useTableSchemas({
    state,
    dispatch,
    loaded,
    databases,
    backendOn: backend.backendOn,
    onBackendError: backend.backendFailed,
  });

  /* ---- clearing inactive queries (002 §4) ---- */
  useEffect(() => {
    if (!loaded) return;
    const timer = setInterval(
      () => dispatch({ type: "clearInactiveQueries", intervalMs: INACTIVE_QUERY_MS }),
      CLEAR_INACTIVE_EVERY_MS,
    );
    return () => clearInterval(timer);
  }, [loaded]);

  return { state, dispatch, loaded, active, run, stop, openTab, conf, tables };
}
