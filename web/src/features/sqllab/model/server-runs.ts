import type { SqlLabQueryRow } from "@strata/contracts";
import { DEFAULT_QUERY_LIMIT } from "./editor-state";
import type { QueryRun } from "./types";

/** The fields of a run that an answer says beyond its rows: the display cut and the CTAS outcome. */
export type RunOutcome = Pick<
  QueryRun,
  "displayLimitReached" | "ctas" | "ctas_method" | "tempTable" | "tempSchema"
>;

const str = (v: unknown): string | null | undefined =>
  typeof v === "string" ? v : v === null ? null : undefined;

/** The CTAS fields of a server query row; absent ones are left out, not set to undefined. */
export function ctasOutcome(row: Record<string, unknown> | null | undefined): RunOutcome {
  const q = row ?? {};
  const out: RunOutcome = {};
  if (typeof q.ctas === "boolean") out.ctas = q.ctas;
  if (q.ctas_method === "TABLE" || q.ctas_method === "VIEW") out.ctas_method = q.ctas_method;
  const table = str(q.tmp_table_name) ?? str(q.tempTable);
  if (table !== undefined) out.tempTable = table;
  const schema = str(q.tempSchema) ?? str(q.tmp_schema_name);
  if (schema !== undefined) out.tempSchema = schema;
  return out;
}

/** The outcome fields of an execute/results answer (`displayLimitReached` and its `query` row). */
export function runOutcome(body: unknown): RunOutcome {
  const b = (body ?? {}) as { displayLimitReached?: unknown; query?: Record<string, unknown> | null };
  const out = ctasOutcome(b.query);
  if (typeof b.displayLimitReached === "boolean") out.displayLimitReached = b.displayLimitReached;
  return out;
}

/** A run row as the server sends it (a tab state's `latest_query`, a 202 answer's `query`). */
export type ServerRun = Pick<SqlLabQueryRow, "id" | "state"> & Partial<SqlLabQueryRow>;

/**
 * A run from a server query row, e.g. a tab state's `latest_query` after a reload: the CTAS fields
 * come along so the outcome of a CREATE TABLE/VIEW AS run shows again.
 */
export function queryFromServer(row: ServerRun, editorId: string): QueryRun {
  return {
    id: row.id,
    serverId: row.query_id ?? null,
    sqlEditorId: editorId,
    dbId: row.dbId ?? 0,
    catalog: row.catalog ?? null,
    schema: row.schema ?? null,
    sql: row.sql ?? "",
    tab: row.tab ?? "",
    runAsync: false,
    templateParams: "",
    queryLimit: DEFAULT_QUERY_LIMIT,
    startDttm: row.startDttm ?? Date.now(),
    endDttm: row.endDttm ?? null,
    progress: row.progress ?? 0,
    state: row.state,
    rows: row.rows,
    resultsKey: row.resultsKey,
    limitingFactor: row.limitingFactor,
    errorMessage: row.errorMessage,
    ...ctasOutcome(row as unknown as Record<string, unknown>),
  };
}
