import * as v from "valibot";

/** SQL Lab's wire shapes: runs, results, history, formatting, cost estimates and incoming queries. */

const ExecuteFields = {
  client_id: v.optional(v.pipe(v.string(), v.maxLength(64))),
  database_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  sql: v.pipe(v.string(), v.minLength(1, "Write some SQL first"), v.maxLength(1_000_000)),
  schema: v.optional(v.nullable(v.string())),
  catalog: v.optional(v.nullable(v.string())),
  runAsync: v.optional(v.boolean()),
  sql_editor_id: v.optional(v.nullable(v.union([v.string(), v.number()]))),
  tab: v.optional(v.nullable(v.string())),
  templateParams: v.optional(v.nullable(v.string())),
  queryLimit: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)))),
  select_as_cta: v.optional(v.boolean()),
  ctas_method: v.optional(v.nullable(v.picklist(["TABLE", "VIEW"], "ctas_method is TABLE or VIEW"))),
  tmp_table_name: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(250)))),
};
/** `POST /api/v1/sqllab/execute/`. Loose: Superset's client sends more fields than are used. */
export const SqlLabExecuteSchema = v.looseObject(ExecuteFields);
/** The fields of an execute request that are used (without the extra ones a client may send). */
export type SqlLabExecuteRequest = v.InferOutput<v.ObjectSchema<typeof ExecuteFields, undefined>>;

/** What core runs: the request with the editor id as text (the client may send a number). */
export type SqlLabExecuteBody = Omit<SqlLabExecuteRequest, "sql_editor_id"> & {
  sql_editor_id?: string | null;
};

/** `GET /api/v1/sqllab/results/?q=(key:…,rows:…)`. */
export const SqlLabResultsQuerySchema = v.strictObject({
  key: v.pipe(v.string(), v.uuid("Unknown results key")),
  rows: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});

/** `POST /api/v1/query/stop`. */
export const SqlLabStopSchema = v.strictObject({
  client_id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
});

/** `GET /api/v1/query/updated_since?q=(last_updated_ms:…)`. */
export const QueryUpdatedSinceSchema = v.strictObject({ last_updated_ms: v.number() });

/** `POST /api/v1/sqllab/format_sql/`: the engine by name, or the database whose engine to use. */
export const FormatSqlSchema = v.strictObject({
  sql: v.pipe(v.string(), v.maxLength(1_000_000)),
  engine: v.optional(v.string()),
  database_id: v.optional(v.number()),
});
export type FormatSqlRequest = v.InferOutput<typeof FormatSqlSchema>;

/** `POST /api/v1/sqllab/estimate/`. */
export const EstimateQuerySchema = v.strictObject({
  database_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  sql: v.pipe(v.string(), v.minLength(1), v.maxLength(1_000_000)),
  schema: v.optional(v.nullable(v.string())),
  catalog: v.optional(v.nullable(v.string())),
  template_params: v.optional(v.nullable(v.string())),
});
export type EstimateQueryRequest = v.InferOutput<typeof EstimateQuerySchema>;

export type QueryStatus = "pending" | "running" | "success" | "failed" | "stopped" | "timed_out";

/** Why a result has fewer rows than the query could give (Superset's values). */
export type LimitingFactor = "NOT_LIMITED" | "DROPDOWN" | "QUERY" | "QUERY_AND_DROPDOWN" | "UNKNOWN";

/** One SQL Lab run as the API shows it, in both Superset's camelCase and snake_case spellings. */
export interface SqlLabQueryRow {
  id: string;
  query_id: number;
  client_id: string;
  sql_editor_id: string | null;
  dbId: number;
  /** With its name in the query list (`GET /api/v1/query/`), as Superset's `database.database_name`. */
  database: { id: number; database_name?: string };
  schema: string | null;
  catalog: string | null;
  sql: string;
  executed_sql: string | null;
  sqlEditorId: string | null;
  tab: string | null;
  tab_name: string | null;
  state: QueryStatus;
  status: QueryStatus;
  progress: number;
  rows: number | null;
  limit: number;
  limitingFactor: LimitingFactor;
  resultsKey: string | null;
  results_key: string | null;
  errorMessage: string | null;
  errors: unknown[];
  startDttm: number;
  start_time: number;
  endDttm: number | null;
  end_time: number | null;
  changed_on: string;
  changed_on_delta_humanized: string;
  user_id: number | null;
  /** Who ran it, in the query list only (Superset's `user.first_name`, `user.last_name`). */
  user?: { id: number; first_name: string; last_name: string } | null;
  templateParams: string | null;
  ctas: boolean;
  ctas_method: "TABLE" | "VIEW" | null;
  tempTable: string | null;
  tmp_table_name: string | null;
  tempSchema: string | null;
}

/** `GET /api/v1/sqllab/incoming/{key}`: a query posted to `/sqllab/` for the SPA to open. */
export interface SqlLabIncomingQuery {
  sql: string;
  database_id: number;
  schema: string | null;
  datasource_key: string;
}

/** A column of a SQL Lab result. */
export interface SqlLabResultColumn {
  column_name: string;
  name?: string;
  type?: string | null;
  is_dttm?: boolean;
  type_generic?: number;
}

/**
 * `GET /api/v1/sqllab/results/` and a synchronous `POST /api/v1/sqllab/execute/` (200): the first
 * rows of a run. A run stopped meanwhile answers without rows or columns.
 */
export interface SqlLabResultsReply {
  status: string;
  query_id?: number;
  columns?: SqlLabResultColumn[];
  selected_columns?: SqlLabResultColumn[];
  expanded_columns?: SqlLabResultColumn[];
  displayLimitReached?: boolean;
  data?: Record<string, unknown>[];
  query: SqlLabQueryRow;
}

/** `POST /api/v1/sqllab/execute/` answered 202: the run goes on in the background. */
export interface SqlLabPendingReply {
  query: SqlLabQueryRow;
}

/** The plan of one statement (1-based), as the engine's EXPLAIN prints it (`POST /api/v1/sqllab/estimate/`). */
export interface StatementCost {
  statement: number;
  plan: string;
}
