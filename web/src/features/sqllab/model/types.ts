import type { SqlLabResultColumn, SupersetError, TableMetadataKey } from "@strata/contracts";

/** How a CREATE ... AS run creates its result: a table or a view. */
export type CtasMethod = "TABLE" | "VIEW";

export type QueryState =
  | "pending"
  | "running"
  | "started"
  | "fetching"
  | "scheduled"
  | "success"
  | "failed"
  | "stopped"
  | "timed_out"
  | "offline";

export const RUNNING_STATES: QueryState[] = ["running", "started", "pending", "fetching", "scheduled"];
export const FINISHED_STATES: QueryState[] = ["stopped", "failed", "success", "timed_out"];

export function isRunning(state: QueryState | undefined): boolean {
  return state !== undefined && RUNNING_STATES.includes(state);
}

export type ResultColumn = SqlLabResultColumn;

export interface QueryResults {
  data: Record<string, unknown>[];
  columns: ResultColumn[];
}

/** A query run (002 §3). `id` is the client id. */
export interface QueryRun {
  id: string;
  serverId?: number | null;
  sqlEditorId: string;
  dbId: number;
  catalog: string | null;
  schema: string | null;
  sql: string;
  tab: string;
  runAsync: boolean;
  templateParams: string;
  queryLimit: number;
  startDttm: number;
  endDttm?: number | null;
  progress: number;
  state: QueryState;
  rows?: number | null;
  resultsKey?: string | null;
  results?: QueryResults | null;
  errors?: SupersetError[];
  errorMessage?: string | null;
  link?: string | null;
  cached?: boolean;
  limitingFactor?: string | null;
  isDataPreview?: boolean;
  /** The answer carried fewer rows than the run produced (the server's displayLimitReached). */
  displayLimitReached?: boolean;
  /** A CREATE TABLE/VIEW AS run and what it created (002 §3 ctas, ctas_method, tempTable, tempSchema). */
  ctas?: boolean;
  ctas_method?: CtasMethod;
  tempTable?: string | null;
  tempSchema?: string | null;
  /** The status the results endpoint reported with the stored results (adopted when clearing inactive queries). */
  resultsState?: QueryState | null;
}

/** A query editor tab (002 §3); `tabStateId` is its id on the server once stored there. */
export interface QueryEditor {
  id: string;
  tabStateId: number | null;
  remoteId: number | null;
  name: string;
  sql: string;
  dbId: number | null;
  catalog: string | null;
  schema: string | null;
  queryLimit: number;
  templateParams: string;
  autorun: boolean;
  latestQueryId: string | null;
  hideLeftBar: boolean;
  northPercent: number;
  southPercent: number;
  inLocalStorage: boolean;
  updatedAt: number;
}

/** A key of a table (primary key, foreign key or index) as the table metadata reports it. */
export type TableKey = TableMetadataKey;

export interface TableSchemaColumn {
  name: string;
  type: string;
}

/**
 * A table added to a tab (002 §3 "Table schema in the editor"). `id` is a client id; `serverId` is
 * the stored table schema's id once `POST /tableschemaview/` answered.
 */
export interface TableSchema {
  id: string;
  serverId: number | null;
  queryEditorId: string;
  dbId: number;
  catalog: string | null;
  schema: string | null;
  name: string;
  expanded: boolean;
  dataPreviewQueryId: string | null;
  columns: TableSchemaColumn[];
  selectStar: string | null;
  primaryKey: TableKey | null;
  foreignKeys: TableKey[];
  indexes: TableKey[];
  isMetadataLoading?: boolean;
  metadataError?: string | null;
}
