import { type Dispatch, type RefObject, useEffect, useRef } from "react";
import { activateTabState } from "./api/activate-tab-state";
import { createTabState } from "./api/create-tab-state";
import { deleteTabState } from "./api/delete-tab-state";
import { updateTabState } from "./api/update-tab-state";
import { editorsOf, type SqlLabAction, type SqlLabState } from "./model/editor-state";
import { saveLocal } from "./model/local-store";
import type { BackendStatus } from "./use-backend-status";

const PERSIST_DEBOUNCE_MS = 1000;

/**
 * Keeps the tabs in localStorage and, while the backend stores them, on the server: new tabs are
 * created, edits are sent a second after the last one, closed tabs are deleted and the active tab
 * is marked active.
 */
export function useTabPersistence(
  state: SqlLabState,
  stateRef: RefObject<SqlLabState>,
  dispatch: Dispatch<SqlLabAction>,
  loaded: boolean,
  activeTabStateId: number | null,
  { backendOn, backendFailed }: BackendStatus,
) {
  const synced = useRef(new Map<string, number>()); // editor id → updatedAt last stored
  const creating = useRef(new Set<string>());
  useEffect(() => {
    if (!loaded) return;
    saveLocal(state);
    if (!backendOn.current) return;
    for (const ed of editorsOf(state)) {
      if (ed.tabStateId === null && !creating.current.has(ed.id)) {
        creating.current.add(ed.id);
        createTabState({
          name: ed.name,
          dbId: ed.dbId,
          schema: ed.schema,
          catalog: ed.catalog,
          sql: ed.sql,
          queryLimit: ed.queryLimit,
          templateParams: ed.templateParams,
          autorun: ed.autorun,
          hideLeftBar: ed.hideLeftBar,
        })
          .then(({ id }) => {
            synced.current.set(ed.id, ed.updatedAt);
            dispatch({ type: "updateEditor", id: ed.id, patch: { tabStateId: id, inLocalStorage: false } });
          })
          .catch(backendFailed);
      } else if (ed.tabStateId !== null && !synced.current.has(ed.id)) {
        synced.current.set(ed.id, ed.updatedAt);
      }
    }
  }, [state, loaded, backendOn, dispatch, backendFailed]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: debounce restarts on every edit of the tabs
  useEffect(() => {
    if (!loaded || !backendOn.current) return;
    const timer = setTimeout(() => {
      for (const ed of editorsOf(stateRef.current)) {
        if (ed.tabStateId === null) continue;
        const last = synced.current.get(ed.id);
        if (last !== undefined && last >= ed.updatedAt) continue;
        synced.current.set(ed.id, ed.updatedAt);
        const latest = ed.latestQueryId ? stateRef.current.queries[ed.latestQueryId] : undefined;
        updateTabState(ed.tabStateId, {
          label: ed.name,
          sql: ed.sql,
          database_id: ed.dbId,
          schema: ed.schema,
          catalog: ed.catalog,
          query_limit: ed.queryLimit,
          template_params: ed.templateParams,
          hide_left_bar: ed.hideLeftBar,
          ...(latest?.serverId ? { latest_query_id: latest.id } : {}),
        }).catch(backendFailed);
      }
    }, PERSIST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state.editors, state.unsavedEditor, loaded, backendFailed]);

  const deleted = useRef(new Set<number>());
  useEffect(() => {
    if (!backendOn.current) return;
    for (const id of state.destroyed) {
      if (deleted.current.has(id)) continue;
      deleted.current.add(id);
      deleteTabState(id).catch(backendFailed);
    }
  }, [state.destroyed, backendOn, backendFailed]);

  useEffect(() => {
    if (!loaded || activeTabStateId === null || !backendOn.current) return;
    activateTabState(activeTabStateId).catch(backendFailed);
  }, [activeTabStateId, loaded, backendOn, backendFailed]);
}
