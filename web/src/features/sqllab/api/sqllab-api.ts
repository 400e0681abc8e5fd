import type { DatabaseRow, ListResponse } from "@strata/contracts";
import useSWR from "swr";
import { apiDelete, apiGet, apiPost, apiPut, apiRequestRaw } from "../../../lib/api-client";
import { withRisonQuery } from "../../../lib/rison-query";
import type { CtasMethod, QueryResults, QueryState } from "../model/types";
import type { ServerTableSchema, TableMetadataBody, tableToServer } from "../model/table-schemas";
import { tableMetadataKey } from "../../../lib/database-meta/table-metadata";

/** Databases exposed in SQL Lab (001: the editor's list is filtered by expose_in_sqllab). */
export const sqlLabDatabasesKey = withRisonQuery("/api/v1/database/", {
  filters: [{ col: "expose_in_sqllab", opr: "eq", value: true }],
  order_column: "database_name",
  order_direction: "asc",
  page_size: 100,
});

export function useSqlLabDatabases() {
  return useSWR(
    sqlLabDatabasesKey,
    (key: string) => apiGet<ListResponse<DatabaseRow>>(key).then((r) => r.result),
    {
      revalidateOnFocus: false,
    },
  );
}

export interface ServerQuery {
  id: string;
  query_id?: number;
  state: QueryState;
  progress?: number;
  rows?: number | null;
  limitingFactor?: string | null;
  resultsKey?: string | null;
  errorMessage?: string | null;
  startDttm?: number;
  endDttm?: number | null;
  sql?: string;
  executed_sql?: string | null;
  dbId?: number;
  schema?: string | null;
  catalog?: string | null;
  tab?: string | null;
  sqlEditorId?: string | null;
  /** CTAS fields (the server sends both spellings of the table name). */
  ctas?: boolean;
  ctas_method?: CtasMethod | null;
  tempTable?: string | null;
  tmp_table_name?: string | null;
  tempSchema?: string | null;
}

export interface ResultsBody extends QueryResults {
  status: string;
  displayLimitReached?: boolean;
  query_id?: number;
  query: ServerQuery;
}

export interface ExecuteBody {
  client_id: string;
  database_id: number;
  sql: string;
  schema: string | null;
  catalog: string | null;
  runAsync: boolean;
  sql_editor_id: string;
  tab: string;
  templateParams: string;
  queryLimit: number;
}

/** POST /api/v1/sqllab/execute/: 200 with the results, or 202 with the pending query when async. */
export async function executeQuery(
  body: ExecuteBody,
): Promise<{ status: 200; body: ResultsBody } | { status: 202; body: { query: ServerQuery } }> {
  const res = await apiRequestRaw(`/api/v1/sqllab/execute/${window.location.search}`, {
    method: "POST",
    json: body,
    timeoutMs: 300_000,
  });
  const json = await res.json();
  return res.status === 202 ? { status: 202, body: json } : { status: 200, body: json };
}

export const fetchResults = (key: string, rows: number) =>
  apiGet<ResultsBody>(withRisonQuery("/api/v1/sqllab/results/", { key, rows }));

export const stopQuery = (clientId: string) => apiPost("/api/v1/query/stop", { client_id: clientId });

export const queriesUpdatedSince = (ms: number) =>
  apiGet<{ result: ServerQuery[] }>(
    withRisonQuery("/api/v1/query/updated_since", { last_updated_ms: ms }),
  ).then((r) => r.result);

/** The newest 100 of the user's queries: the history is paged on the server. */
const HISTORY_PATH = withRisonQuery("/api/v1/query/", {
  order_column: "start_time",
  order_direction: "desc",
  page: 0,
  page_size: 100,
});

export function useQueryHistory(enabled: boolean) {
  return useSWR(enabled ? HISTORY_PATH : null, (key: string) =>
    apiGet<{ result: ServerQuery[] }>(key).then((r) => r.result),
  );
}

export interface SavedQueryBody {
  label: string;
  description: string;
  db_id: number | null;
  schema: string | null;
  catalog: string | null;
  sql: string;
  template_parameters: string;
}

export interface SavedQuery extends SavedQueryBody {
  id: number;
}

export const createSavedQuery = (body: SavedQueryBody) =>
  apiPost<{ id: number; result: SavedQueryBody }>("/api/v1/saved_query/", body);
export const updateSavedQuery = (id: number, body: Partial<SavedQueryBody>) =>
  apiPut<{ result: SavedQueryBody }>(`/api/v1/saved_query/${id}`, body);
export const getSavedQuery = (id: number) =>
  apiGet<{ result: SavedQuery }>(`/api/v1/saved_query/${id}`).then((r) => r.result);

export const createDatasetFromSql = (body: {
  database: number;
  schema: string | null;
  catalog: string | null;
  table_name: string;
  sql: string;
  template_params?: string;
}) => apiPost<{ id: number }>("/api/v1/dataset/", body);

/* ---- tab state persistence (002 §7) ---- */

export interface TabStateBody {
  id: number;
  label: string;
  sql: string;
  database_id: number | null;
  schema: string | null;
  catalog: string | null;
  query_limit: number | null;
  template_params: string | null;
  hide_left_bar: boolean;
  autorun?: boolean;
  latest_query: ServerQuery | null;
  /** The tables added to the tab (002 §3). */
  table_schemas?: ServerTableSchema[];
  saved_query?: { id: number } | null;
  active?: boolean;
}

export const createTabState = (queryEditor: Record<string, unknown>) =>
  apiPost<{ id: number }>("/tabstateview/", { queryEditor: JSON.stringify(queryEditor) });
export const getTabState = (id: number) => apiGet<TabStateBody>(`/tabstateview/${id}`);
export const putTabState = (id: number, fields: Record<string, unknown>) =>
  apiPut(`/tabstateview/${id}`, fields);
export const deleteTabState = (id: number) => apiDelete(`/tabstateview/${id}`);
export const activateTabState = (id: number) => apiPost(`/tabstateview/${id}/activate`);
export const getSqlLabBootstrap = () =>
  apiGet<{ result: { tab_state_ids: [number, string][]; active_tab: TabStateBody | null } }>(
    "/api/v1/sqllab/",
  ).then((r) => r.result);

/* ---- a query requested through a form post to /sqllab/ (000 §2) ---- */

export interface IncomingQuery {
  sql: string;
  database_id: number | null;
  schema: string | null;
  datasource_key?: string | null;
}

/** GET /api/v1/sqllab/incoming/<key>: the query stored by `POST /sqllab/` (404 when unknown or expired). */
export const getIncomingQuery = (key: string) =>
  apiGet<{ result: IncomingQuery }>(`/api/v1/sqllab/incoming/${encodeURIComponent(key)}`).then(
    (r) => r.result,
  );

/* ---- SQL Lab permalinks (002: a shared link opens a 'Shared query' tab) ---- */

export interface SqlLabPermalinkBody {
  dbId: number | null;
  sql: string;
  name?: string | null;
  schema?: string | null;
  catalog?: string | null;
  autorun?: boolean;
  templateParams?: string | Record<string, unknown> | null;
}

/** POST /api/v1/sqllab/permalink: stores the tab and returns its key and shareable url. */
export const createSqlLabPermalink = (body: SqlLabPermalinkBody) =>
  apiPost<{ key: string; url: string }>("/api/v1/sqllab/permalink", body);

/** GET /api/v1/sqllab/permalink/<key> (404 when unknown or the database is not visible). */
export const getSqlLabPermalink = (key: string) =>
  apiGet<SqlLabPermalinkBody>(`/api/v1/sqllab/permalink/${encodeURIComponent(key).replace(/%3A/gi, ":")}`);

/* ---- editor limits, full CSV export, CTAS and scheduling ---- */

/** Limits (and the default database) announced by the editor bootstrap (`common.conf`). */
export interface SqlLabConf {
  DISPLAY_MAX_ROW: number;
  SQL_MAX_ROW: number;
  DEFAULT_SQLLAB_LIMIT: number;
  SQLLAB_TIMEOUT: number;
  /** Superset's default SQL Lab database, when the server names one. */
  SQLLAB_DEFAULT_DBID: number;
}

const CONF_KEYS = [
  "DISPLAY_MAX_ROW",
  "SQL_MAX_ROW",
  "DEFAULT_SQLLAB_LIMIT",
  "SQLLAB_TIMEOUT",
  "SQLLAB_DEFAULT_DBID",
] as const;

/** The positive numbers of `common.conf` in a bootstrap answer; a server that sends none gives `{}`. */
export function sqlLabConfOf(boot: unknown): Partial<SqlLabConf> {
  const common = (boot as { common?: { conf?: Record<string, unknown> } } | null)?.common;
  const out: Partial<SqlLabConf> = {};
  for (const key of CONF_KEYS) {
    const value = common?.conf?.[key];
    if (typeof value === "number" && Number.isFinite(value) && value > 0) out[key] = value;
  }
  return out;
}

/** GET /api/v1/sqllab/export/{client_id}/: every stored row of a run as a CSV attachment. */
export const sqlLabExportUrl = (clientId: string) => `/api/v1/sqllab/export/${encodeURIComponent(clientId)}/`;

export type { CtasMethod };

/** Extra execute fields of a CREATE TABLE/VIEW AS run; an empty name lets the server pick one. */
export interface CtasExecuteFields {
  select_as_cta: true;
  ctas_method: CtasMethod;
  tmp_table_name: string;
}

/** `schedule_info` inside a saved query's `extra_json`. */
export interface ScheduleInfo {
  schedule_interval: string;
  start_date: string;
  end_date?: string;
  output_table?: string;
}

/** POST /api/v1/saved_query/ with a schedule (002 §7: the same call is used for scheduling). */
export const scheduleSavedQuery = (body: SavedQueryBody, schedule: ScheduleInfo) =>
  apiPost<{ id: number }>("/api/v1/saved_query/", {
    ...body,
    extra_json: JSON.stringify({ schedule_info: schedule }),
  });

/* ---- table schemas of a tab (002 §3, §7) ---- */

/** POST /tableschemaview/: stores a table of a tab; answers the stored row's id. */
export const createTableSchema = (table: ReturnType<typeof tableToServer>) =>
  apiPost<{ id: number }>("/tableschemaview/", { table });
export const setTableSchemaExpanded = (id: number, expanded: boolean) =>
  apiPost(`/tableschemaview/${id}/expanded`, { expanded });
export const deleteTableSchema = (id: number) => apiDelete(`/tableschemaview/${id}`);

/** GET /api/v1/database/{id}/table_metadata/ with the keys, indexes and select-star a table schema keeps. */
export const getTableMetadata = (dbId: number, name: string, schema: string | null, catalog: string | null) =>
  apiGet<TableMetadataBody>(tableMetadataKey(dbId, name, schema, catalog));

/* ---- format and cost estimate (002 §5/§7) ---- */

export interface FormatSqlBody {
  sql: string;
  /** The tab's database: the server formats in its dialect. */
  database_id?: number;
  engine?: string;
}

/** POST /api/v1/sqllab/format_sql/: the SQL formatted by the server. */
export const formatSql = (body: FormatSqlBody) =>
  apiPost<{ result: string }>("/api/v1/sqllab/format_sql/", body).then((r) => r.result);

export interface EstimateBody {
  database_id: number;
  catalog: string | null;
  schema: string | null;
  sql: string;
  template_params: string;
}

/** The plan of one statement (1-based), as the engine's EXPLAIN prints it. */
export interface StatementCost {
  statement: number;
  plan: string;
}

/** POST /api/v1/sqllab/estimate/: the plan of each statement, without running them. */
export const estimateQueryCost = (body: EstimateBody) =>
  apiPost<{ result: StatementCost[] }>("/api/v1/sqllab/estimate/", body).then((r) => r.result);
