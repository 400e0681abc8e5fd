import type { DatabaseRow } from "@strata/contracts";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { isApiError } from "../../lib/api-error";
import { t } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import {
  activateTabState,
  createTabState,
  deleteTabState,
  executeQuery,
  fetchResults,
  getSavedQuery,
  getSqlLabBootstrap,
  getTabState,
  putTabState,
  queriesUpdatedSince,
  type ResultsBody,
  stopQuery,
  type TabStateBody,
} from "./api/sqllab-api";
import {
  type CtasExecuteFields,
  type CtasMethod,
  type ExecuteBody,
  type SqlLabConf,
  sqlLabConfOf,
} from "./api/sqllab-api";
import { useTableSchemas } from "./components/tables/use-table-schemas";
import {
  activeEditorId,
  DEFAULT_QUERY_LIMIT,
  editorOf,
  editorsOf,
  initialSqlLabState,
  localPlaceholder,
  makeEditor,
  NEW_TAB_SQL,
  type SqlLabState,
  sqlLabReducer,
} from "./model/editor-state";
import { defaultDatabaseId } from "./model/default-database";
import { loadLocal, saveLocal } from "./model/local-store";
import {
  queryFailed,
  queryFetching,
  queryStopped,
  querySuccess,
  refreshQuery,
  startQuery,
} from "./model/query-transitions";
import { newClientId } from "./model/run-target";
import { queryFromServer, runOutcome } from "./model/server-runs";
import { tableFromServer } from "./model/table-schemas";
import { isRunning, type QueryEditor, type QueryRun } from "./model/types";
import { usePermalinkQuery, useRequestedQuery } from "./use-requested-query";

const POLL_MS = 1000;
/**
 * Clearing inactive queries (002 §4) runs this often, dropping runs stuck at progress 0 for longer
 * than INACTIVE_QUERY_MS. That is longer than the 300 s a synchronous run may take (its progress
 * stays 0 until it answers), so only runs nobody waits for any more are dropped.
 */
const CLEAR_INACTIVE_EVERY_MS = 30_000;
const INACTIVE_QUERY_MS = 6 * 60_000;
const PERSIST_DEBOUNCE_MS = 1000;
const BACKEND_WARNING = t(
  'An error occurred while storing your query in the backend. To avoid losing your changes, please save your query using the "Save Query" button.',
);

function successPayload(body: ResultsBody) {
  return {
    status: body.status,
    rows: body.query?.rows ?? body.data?.length,
    resultsKey: body.query?.resultsKey ?? null,
    limitingFactor: body.query?.limitingFactor ?? null,
    endDttm: body.query?.endDttm ?? null,
    serverId: body.query_id ?? body.query?.query_id ?? null,
    results: { data: body.data ?? [], columns: body.columns ?? [] },
  };
}

/** Success, plus what the answer says beyond its rows (display cut, CTAS outcome). */
function succeed(q: QueryRun, body: ResultsBody): QueryRun {
  const next = querySuccess(q, successPayload(body));
  return next === q ? q : { ...next, ...runOutcome(body) };
}

/** A CREATE TABLE/VIEW AS run: the method and the name asked for ("" lets the server pick one). */
export interface CtasRequest {
  method: CtasMethod;
  name: string;
}

function editorFromTabState(ts: TabStateBody, existing: QueryEditor[]): QueryEditor {
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

/** SQL Lab state: tabs, runs and their persistence (server tab state with a localStorage fallback). */
export function useSqlLab(databases: DatabaseRow[] | undefined, savedQueryId: number | null) {
  const [state, dispatch] = useReducer(sqlLabReducer, initialSqlLabState);
  const [loaded, setLoaded] = useState(false);
  const [conf, setConf] = useState<Partial<SqlLabConf>>({});
  const stateRef = useRef(state);
  stateRef.current = state;
  const backendOn = useRef(true);
  const warned = useRef(false);

  const backendFailed = useCallback((error?: unknown) => {
    // A 404 means the tab or table is already gone on the server (closed meanwhile, or in
    // another browser): nothing is lost, so persistence stays on.
    if (isApiError(error) && error.status === 404) return;
    backendOn.current = false;
    if (!warned.current) {
      warned.current = true;
      toast.warning(BACKEND_WARNING);
    }
  }, []);

  const loadResults = useCallback(async (q: QueryRun) => {
    if (!q.resultsKey) return;
    dispatch({ type: "updateQuery", id: q.id, update: queryFetching });
    try {
      const body = await fetchResults(q.resultsKey, q.queryLimit);
      dispatch({ type: "updateQuery", id: q.id, update: (x) => succeed(x, body) });
    } catch (e) {
      dispatch({
        type: "updateQuery",
        id: q.id,
        update: (x) => queryFailed(x, isApiError(e) ? e.errors : [], isApiError(e) ? e.message : String(e)),
      });
    }
  }, []);

  /* ---- load: server tab state, else localStorage, else one new tab ---- */
  useEffect(() => {
    let cancelled = false;
    (async () => {
      let next: SqlLabState | null = null;
      let bootConf: Partial<SqlLabConf> = {};
      try {
        const boot = await getSqlLabBootstrap();
        bootConf = sqlLabConfOf(boot);
        if (boot.tab_state_ids?.length) {
          const fetched = await Promise.allSettled(
            boot.tab_state_ids.map(([id]) =>
              boot.active_tab?.id === id ? Promise.resolve(boot.active_tab) : getTabState(id),
            ),
          );
          const editors: QueryEditor[] = [];
          const queries: Record<string, QueryRun> = {};
          const tables: SqlLabState["tables"] = [];
          let activeId: string | undefined;
          fetched.forEach((r) => {
            if (r.status === "rejected") {
              if (!(isApiError(r.reason) && r.reason.status === 404))
                toast.danger(t("An error occurred while fetching tab state"));
              return;
            }
            const ed = editorFromTabState(r.value, editors);
            editors.push(ed);
            for (const row of r.value.table_schemas ?? []) tables.push(tableFromServer(row, ed.id));
            if (r.value.latest_query)
              queries[r.value.latest_query.id] = queryFromServer(r.value.latest_query, ed.id);
            if (r.value.id === boot.active_tab?.id) activeId = ed.id;
          });
          if (editors.length)
            next = {
              ...initialSqlLabState,
              editors,
              queries,
              tables,
              tabHistory: [activeId ?? editors[editors.length - 1].id],
            };
        }
      } catch {
        backendOn.current = false;
      }
      next ??= loadLocal();
      if (!next) {
        const editor = makeEditor([], {
          sql: backendOn.current ? NEW_TAB_SQL : localPlaceholder(),
          queryLimit: bootConf.DEFAULT_SQLLAB_LIMIT ?? DEFAULT_QUERY_LIMIT,
        });
        next = { ...initialSqlLabState, editors: [editor], tabHistory: [editor.id] };
      }
      if (cancelled) return;
      setConf(bootConf);
      dispatch({ type: "restore", state: next });
      setLoaded(true);
      for (const ed of next.editors) {
        const q = ed.latestQueryId ? next.queries[ed.latestQueryId] : undefined;
        if (q?.state === "success" && q.resultsKey) void loadResults(q);
        else if (q && isRunning(q.state)) dispatch({ type: "updateQuery", id: q.id, update: queryStopped });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [loadResults]);

  /** Opens a new tab after the current ones ('Untitled Query N' unless `patch` names it). */
  const openTab = useCallback(
    (patch: Partial<QueryEditor> = {}) =>
      dispatch({ type: "addEditor", editor: makeEditor(editorsOf(stateRef.current), patch) }),
    [],
  );

  /* ---- a requested query (router state or ?incoming=<key> from a form post) opens a new tab ---- */
  useRequestedQuery(loaded, openTab);
  /* ---- a shared link (/sqllab/p/<key>) opens a 'Shared query' tab ---- */
  usePermalinkQuery(loaded, openTab);

  /* ---- ?savedQueryId=N opens the saved query in a tab ---- */
  useEffect(() => {
    if (!loaded || !savedQueryId) return;
    const open = editorsOf(stateRef.current).find((e) => e.remoteId === savedQueryId);
    if (open) {
      dispatch({ type: "setActive", id: open.id });
      return;
    }
    getSavedQuery(savedQueryId)
      .then((sq) =>
        dispatch({
          type: "addEditor",
          editor: makeEditor(editorsOf(stateRef.current), {
            name: sq.label,
            sql: sq.sql,
            dbId: sq.db_id,
            schema: sq.schema,
            catalog: sq.catalog,
            templateParams: sq.template_parameters ?? "",
            remoteId: sq.id,
          }),
        }),
      )
      .catch(() => toast.danger(t("The query couldn't be loaded")));
  }, [loaded, savedQueryId]);

  /* ---- persistence ---- */
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
  }, [state, loaded, backendFailed]);

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
        putTabState(ed.tabStateId, {
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
  }, [state.destroyed, backendFailed]);

  const activeId = activeEditorId(state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the tabs and the unsaved copy matter
  const active = useMemo(() => editorOf(state, activeId), [state.editors, state.unsavedEditor, activeId]);

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
    backendOn,
    onBackendError: backendFailed,
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
  const activeTabStateId = active?.tabStateId ?? null;
  useEffect(() => {
    if (!loaded || activeTabStateId === null || !backendOn.current) return;
    activateTabState(activeTabStateId).catch(backendFailed);
  }, [activeTabStateId, loaded, backendFailed]);

  /* ---- runs ---- */
  const poll = useCallback(
    (clientId: string, since: number) => {
      const tick = async () => {
        const q = stateRef.current.queries[clientId];
        if (!q || !isRunning(q.state) || q.state === "fetching") return;
        try {
          const rows = await queriesUpdatedSince(since);
          const row = rows.find((r) => r.id === clientId);
          if (row) {
            dispatch({ type: "updateQuery", id: clientId, update: (x) => refreshQuery(x, row) });
            if (row.state === "success" && row.resultsKey) {
              const cur = stateRef.current.queries[clientId];
              if (cur && cur.state !== "stopped") await loadResults({ ...cur, resultsKey: row.resultsKey });
              return;
            }
            if (row.state === "failed" || row.state === "timed_out") {
              dispatch({
                type: "updateQuery",
                id: clientId,
                update: (x) =>
                  queryFailed(
                    x,
                    ((row as { errors?: unknown[] }).errors ?? []) as never,
                    row.errorMessage ?? t("An error occurred"),
                  ),
              });
              return;
            }
            if (row.state === "stopped") return;
          }
        } catch {
          /* try again */
        }
        setTimeout(tick, POLL_MS);
      };
      setTimeout(tick, POLL_MS);
    },
    [loadResults],
  );

  const run = useCallback(
    async (editor: QueryEditor, sql: string, isDataPreview = false, ctas?: CtasRequest) => {
      const db = databases?.find((d) => d.id === editor.dbId);
      if (!editor.dbId || !db) {
        toast.warning(t("Please select a database first"));
        return;
      }
      const runAsync = Boolean(db.allow_run_async) && !isDataPreview;
      const started = startQuery({
        id: newClientId(),
        sqlEditorId: editor.id,
        dbId: editor.dbId,
        catalog: editor.catalog,
        schema: editor.schema,
        sql,
        tab: editor.name,
        runAsync,
        templateParams: editor.templateParams,
        queryLimit: editor.queryLimit,
        startDttm: Date.now(),
        isDataPreview,
      });
      // A CTAS run carries what it creates from the start; the answer fills in the server's names.
      const query: QueryRun = ctas
        ? { ...started, ctas: true, ctas_method: ctas.method, tempTable: ctas.name || null }
        : started;
      dispatch({ type: "startQuery", query });
      const body: ExecuteBody & Partial<CtasExecuteFields> = {
        client_id: query.id,
        database_id: editor.dbId,
        sql,
        schema: editor.schema,
        catalog: editor.catalog,
        runAsync,
        sql_editor_id: editor.tabStateId !== null ? String(editor.tabStateId) : editor.id,
        tab: editor.name,
        templateParams: editor.templateParams,
        queryLimit: editor.queryLimit,
        ...(ctas ? { select_as_cta: true, ctas_method: ctas.method, tmp_table_name: ctas.name } : {}),
      };
      try {
        const reply = await executeQuery(body);
        if (reply.status === 200) {
          dispatch({
            type: "updateQuery",
            id: query.id,
            update: (q) => succeed(q, reply.body),
          });
        } else {
          dispatch({
            type: "updateQuery",
            id: query.id,
            update: (q) => refreshQuery(q, { ...reply.body.query, id: query.id }),
          });
          poll(query.id, query.startDttm - 1000);
        }
      } catch (e) {
        const errors = isApiError(e) ? (e.errors.length ? e.errors : [e.firstError]) : [];
        const message = e instanceof Error ? e.message : t("An error occurred");
        dispatch({ type: "updateQuery", id: query.id, update: (q) => queryFailed(q, errors, message) });
      }
    },
    [databases, poll],
  );

  const stop = useCallback(async (query: QueryRun | undefined) => {
    if (!query || !isRunning(query.state)) return;
    dispatch({ type: "updateQuery", id: query.id, update: queryStopped });
    try {
      await stopQuery(query.id);
    } catch {
      toast.danger(t("Failed to stop query."));
    }
  }, []);

  return { state, dispatch, loaded, active, run, stop, openTab, conf, tables };
}
