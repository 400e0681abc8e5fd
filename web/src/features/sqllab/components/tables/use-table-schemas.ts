import type { DatabaseRow } from "@strata/contracts";
import { type Dispatch, type RefObject, useCallback, useEffect, useRef } from "react";
import { errorMessage, isApiError } from "../../../../lib/api-error";
import { t } from "../../../../lib/i18n";
import { createTableSchema } from "../../api/create-table-schema";
import { deleteTableSchema } from "../../api/delete-table-schema";
import { executeQuery } from "../../api/execute";
import { fetchTableMetadata } from "../../api/table-metadata";
import { setTableSchemaExpanded } from "../../api/table-schema-expanded";
import { editorsOf, type SqlLabAction, type SqlLabState } from "../../model/editor-state";
import { queryFailed, querySuccess, startQuery } from "../../model/query-transitions";
import { newClientId, previewSql } from "../../model/run-target";
import { makeTable, metadataPatch, type TableIdentity, tableToServer } from "../../model/table-schemas";
import type { QueryEditor, TableSchema } from "../../model/types";

/** Rows of a data preview (its select-star carries the same LIMIT). */
const PREVIEW_ROWS = 100;

const identity = (tb: TableSchema): TableIdentity => ({
  dbId: tb.dbId,
  queryEditorId: tb.queryEditorId,
  catalog: tb.catalog,
  schema: tb.schema,
  name: tb.name,
});

interface Deps {
  state: SqlLabState;
  dispatch: Dispatch<SqlLabAction>;
  loaded: boolean;
  databases: DatabaseRow[] | undefined;
  /** False once the backend failed: tables then live in localStorage only, like the tabs. */
  backendOn: RefObject<boolean>;
  onBackendError: () => void;
}

/**
 * Table schemas of the tabs (002 §3/§4): their metadata, data previews and persistence through
 * `/tableschemaview/`. Tables of a tab not yet stored on the server are stored once it is.
 */
export function useTableSchemas({ state, dispatch, loaded, databases, backendOn, onBackendError }: Deps) {
  const stateRef = useRef(state);
  stateRef.current = state;
  const databasesRef = useRef(databases);
  databasesRef.current = databases;

  const previewAllowed = useCallback(
    (dbId: number) => !databases?.find((d) => d.id === dbId)?.disable_data_preview,
    [databases],
  );

  const addTable = useCallback(
    (editor: QueryEditor, name: string) => {
      if (!editor.dbId) return;
      const table = makeTable({
        dbId: editor.dbId,
        queryEditorId: editor.id,
        catalog: editor.catalog,
        schema: editor.schema,
        name,
      });
      dispatch({ type: "addTable", table });
    },
    [dispatch],
  );

  const setExpanded = useCallback(
    (table: TableSchema, expanded: boolean) => dispatch({ type: "setTableExpanded", id: table.id, expanded }),
    [dispatch],
  );
  const removeTable = useCallback(
    (table: TableSchema) => dispatch({ type: "removeTable", id: table.id }),
    [dispatch],
  );

  /* ---- metadata of added (or restored without columns) tables ---- */
  const fetching = useRef(new Set<string>());
  useEffect(() => {
    for (const tb of state.tables) {
      if (!tb.isMetadataLoading || fetching.current.has(tb.id)) continue;
      fetching.current.add(tb.id);
      fetchTableMetadata(tb.dbId, tb.name, tb.schema, tb.catalog)
        .then((meta) => dispatch({ type: "mergeTable", table: { ...identity(tb), ...metadataPatch(meta) } }))
        .catch((e) =>
          dispatch({
            type: "mergeTable",
            table: { ...identity(tb), isMetadataLoading: false, metadataError: errorMessage(e) },
          }),
        );
    }
  }, [state.tables, dispatch]);

  /* ---- data preview: a run with isDataPreview, once per table and page session ---- */
  const previewed = useRef(new Set<string>());
  const runPreview = useCallback(
    async (table: TableSchema, force = false) => {
      const db = databasesRef.current?.find((d) => d.id === table.dbId);
      if (!db || db.disable_data_preview) return;
      if (previewed.current.has(table.id) && !force) return;
      previewed.current.add(table.id);
      const editor = editorsOf(stateRef.current).find((e) => e.id === table.queryEditorId);
      const sql = previewSql(table.name, table.schema, table.selectStar);
      const query = startQuery({
        id: newClientId(),
        sqlEditorId: table.queryEditorId,
        dbId: table.dbId,
        catalog: table.catalog,
        schema: table.schema,
        sql,
        tab: editor?.name ?? "",
        runAsync: false, // a preview is small: always run synchronously
        templateParams: "",
        queryLimit: PREVIEW_ROWS,
        startDttm: Date.now(),
        isDataPreview: true,
      });
      dispatch({ type: "startQuery", query, tableId: table.id });
      try {
        const reply = await executeQuery({
          client_id: query.id,
          database_id: table.dbId,
          sql,
          schema: table.schema,
          catalog: table.catalog,
          runAsync: false,
          sql_editor_id: editor?.tabStateId != null ? String(editor.tabStateId) : table.queryEditorId,
          tab: editor?.name ?? "",
          templateParams: "",
          queryLimit: PREVIEW_ROWS,
        });
        if (reply.status !== 200) throw new Error(t("The data preview did not return results"));
        const body = reply.body;
        dispatch({
          type: "updateQuery",
          id: query.id,
          update: (q) =>
            querySuccess(q, {
              status: body.status,
              rows: body.query?.rows ?? body.data?.length,
              resultsKey: body.query?.resultsKey ?? null,
              limitingFactor: body.query?.limitingFactor ?? null,
              serverId: body.query_id ?? body.query?.query_id ?? null,
              results: { data: body.data ?? [], columns: body.columns ?? [] },
            }),
        });
      } catch (e) {
        const errors = isApiError(e) ? (e.errors.length ? e.errors : [e.firstError]) : [];
        dispatch({
          type: "updateQuery",
          id: query.id,
          update: (q) => queryFailed(q, errors, errorMessage(e)),
        });
      }
    },
    [dispatch],
  );

  /* ---- persistence: POST new tables once their tab is stored, then expanded flags and deletions ---- */
  const posting = useRef(new Set<string>());
  const storedExpanded = useRef(new Map<number, boolean>());
  const deleted = useRef(new Set<number>());
  useEffect(() => {
    if (!loaded || !backendOn.current) return;
    const editors = editorsOf(state);
    for (const tb of state.tables) {
      if (tb.serverId === null) {
        if (tb.isMetadataLoading || posting.current.has(tb.id)) continue;
        const tabStateId = editors.find((e) => e.id === tb.queryEditorId)?.tabStateId ?? null;
        if (tabStateId === null) continue; // the tab is still local: its tables follow once it is stored
        posting.current.add(tb.id);
        createTableSchema(tableToServer(tb, tabStateId))
          .then(({ id }) => {
            storedExpanded.current.set(id, tb.expanded);
            if (stateRef.current.tables.some((x) => x.id === tb.id))
              dispatch({ type: "tableSynced", id: tb.id, serverId: id });
            else void deleteTableSchema(id).catch(() => {}); // removed while it was being stored
          })
          .catch(onBackendError);
        continue;
      }
      const stored = storedExpanded.current.get(tb.serverId);
      if (stored === undefined) storedExpanded.current.set(tb.serverId, tb.expanded);
      else if (stored !== tb.expanded) {
        storedExpanded.current.set(tb.serverId, tb.expanded);
        setTableSchemaExpanded(tb.serverId, tb.expanded).catch(onBackendError);
      }
    }
    for (const id of state.destroyedTables) {
      if (deleted.current.has(id)) continue;
      deleted.current.add(id);
      // Already gone (e.g. with its tab) is fine.
      deleteTableSchema(id).catch((e) => {
        if (!(isApiError(e) && e.status === 404)) onBackendError();
      });
    }
  }, [state, loaded, backendOn, dispatch, onBackendError]);

  return { addTable, setExpanded, removeTable, runPreview, previewAllowed };
}

export type TableSchemaActions = ReturnType<typeof useTableSchemas>;
