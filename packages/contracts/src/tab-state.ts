import * as v from "valibot";
import type { SqlLabQueryRow } from "./sqllab.ts";

/**
 * SQL Lab tabs kept on the server (`/tabstateview/…`, `/tableschemaview/…`). Superset's client posts
 * form fields (strings) or JSON, so numbers and flags are accepted in both spellings.
 */

const Num = v.union([
  v.pipe(v.number(), v.integer()),
  // At most 15 digits: every such number is exact in JavaScript (below 2^53).
  v.pipe(v.string(), v.regex(/^\d{1,15}$/, "must be a number below 2^53"), v.transform(Number)),
  v.null(),
]);
const Bool = v.union([
  v.boolean(),
  v.pipe(
    v.picklist(["true", "false"]),
    v.transform((s) => s === "true"),
  ),
]);
const Text = v.nullable(v.pipe(v.string(), v.maxLength(1_000_000)));

/** `PUT /tabstateview/{id}`: the editor fields a client may change, by their wire names. */
export const TabStateChangesSchema = v.strictObject({
  label: v.optional(v.pipe(v.string(), v.maxLength(256))),
  sql: v.optional(v.pipe(v.string(), v.maxLength(1_000_000))),
  database_id: v.optional(Num),
  schema: v.optional(Text),
  catalog: v.optional(Text),
  query_limit: v.optional(Num),
  template_params: v.optional(Text),
  hide_left_bar: v.optional(Bool),
  autorun: v.optional(Bool),
  // Superset's client sends the query's client id (a string); the server's numeric id also works.
  latest_query_id: v.optional(
    v.union([v.pipe(v.number(), v.integer()), v.pipe(v.string(), v.maxLength(64)), v.null()]),
  ),
  saved_query_id: v.optional(Num),
  extra_json: v.optional(Text),
});
export type TabStateChangesRequest = v.InferOutput<typeof TabStateChangesSchema>;

/** `POST /tabstateview/{id}/migrate_query`: links a query (by its client id) to the tab. */
export const MigrateQuerySchema = v.looseObject({ queryId: v.union([v.string(), v.number()]) });

/** `POST /tableschemaview/{id}/expanded`. */
export const TableSchemaExpandedSchema = v.looseObject({ expanded: Bool });

/** A table of a tab as `GET /tabstateview/{id}` returns it (`description` parsed, or still JSON text). */
export interface TableSchemaDetail {
  id: number;
  tab_state_id: number;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  expanded: boolean;
  description: string | Record<string, unknown> | null;
}

/** `GET /tabstateview/{id}`: a stored SQL Lab tab with its latest run and tables. */
export interface TabStateDetail {
  id: number;
  label: string;
  active?: boolean;
  database_id: number | null;
  schema: string | null;
  catalog: string | null;
  sql: string;
  query_limit: number | null;
  template_params: string | null;
  hide_left_bar: boolean;
  autorun?: boolean;
  saved_query?: { id: number } | null;
  extra_json?: string | null;
  latest_query: SqlLabQueryRow | null;
  table_schemas?: TableSchemaDetail[];
}

/** The editor limits of `common.conf` (`SQLLAB_DEFAULT_DBID` only when the server names a default database). */
export interface SqlLabConf {
  DISPLAY_MAX_ROW: number;
  SQL_MAX_ROW: number;
  DEFAULT_SQLLAB_LIMIT: number;
  SQLLAB_TIMEOUT: number;
  SQLLAB_ASYNC_TIME_LIMIT_SEC?: number;
  SQLLAB_DEFAULT_DBID?: number;
}

/** `GET /api/v1/sqllab/` (`result`): the user's tabs and the active one, to restore the editor. */
export interface SqlLabBootstrap {
  tab_state_ids: [number, string][];
  active_tab: TabStateDetail | null;
  user_id?: number | null;
  common?: { conf?: Partial<SqlLabConf> };
}
