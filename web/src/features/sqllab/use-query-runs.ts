import type { DatabaseRow, SqlLabExecuteRequest, SqlLabResultsReply } from "@strata/contracts";
import { type Dispatch, type RefObject, useCallback } from "react";
import { isApiError } from "../../lib/api-error";
import { t } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { executeQuery } from "./api/execute";
import { fetchResults } from "./api/results";
import { stopQuery } from "./api/stop-query";
import type { SqlLabAction, SqlLabState } from "./model/editor-state";
import {
  queryFailed,
  queryFetching,
  queryStopped,
  querySuccess,
  refreshQuery,
  startQuery,
} from "./model/query-transitions";
import { newClientId } from "./model/run-target";
import { runOutcome } from "./model/server-runs";
import { type CtasMethod, isRunning, type QueryEditor, type QueryRun } from "./model/types";
import { useRunPolling } from "./use-run-polling";

/** A CREATE TABLE/VIEW AS run: the method and the name asked for ("" lets the server pick one). */
export interface CtasRequest {
  method: CtasMethod;
  name: string;
}

function successPayload(body: SqlLabResultsReply) {
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
function succeed(q: QueryRun, body: SqlLabResultsReply): QueryRun {
  const next = querySuccess(q, successPayload(body));
  return next === q ? q : { ...next, ...runOutcome(body) };
}

/** Runs of the tabs: executing (synchronously, or polled when the server answers 202), results and stopping. */
export function useQueryRuns(
  state: SqlLabState,
  stateRef: RefObject<SqlLabState>,
  dispatch: Dispatch<SqlLabAction>,
  databases: DatabaseRow[] | undefined,
) {
  const loadResults = useCallback(
    async (q: QueryRun) => {
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
    },
    [dispatch],
  );

  const { watch } = useRunPolling(state, stateRef, dispatch, loadResults);

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
      const body: SqlLabExecuteRequest = {
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
          dispatch({ type: "updateQuery", id: query.id, update: (q) => succeed(q, reply.body) });
        } else {
          dispatch({
            type: "updateQuery",
            id: query.id,
            update: (q) => refreshQuery(q, { ...reply.body.query, id: query.id }),
          });
          watch(query.id, query.startDttm - 1000);
        }
      } catch (e) {
        const errors = isApiError(e) ? (e.errors.length ? e.errors : [e.firstError]) : [];
        const message = e instanceof Error ? e.message : t("An error occurred");
        dispatch({ type: "updateQuery", id: query.id, update: (q) => queryFailed(q, errors, message) });
      }
    },
    [databases, dispatch, watch],
  );

  const stop = useCallback(
    async (query: QueryRun | undefined) => {
      if (!query || !isRunning(query.state)) return;
      dispatch({ type: "updateQuery", id: query.id, update: queryStopped });
      try {
        await stopQuery(query.id);
      } catch {
        toast.danger(t("Failed to stop query."));
      }
    },
    [dispatch],
  );

  return { loadResults, run, stop };
}
