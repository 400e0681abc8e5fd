import type { SupersetError } from "@strata/contracts";
import type { QueryResults, QueryRun, QueryState } from "./types";

/** Starting a run: progress 0, pending when async, otherwise running (002 §4). */
export function startQuery(query: Omit<QueryRun, "state" | "progress">): QueryRun {
  return { ...query, progress: 0, state: query.runAsync ? "pending" : "running", cached: false };
}

export interface SuccessPayload {
  status?: string;
  rows?: number | null;
  resultsKey?: string | null;
  limitingFactor?: string | null;
  endDttm?: number | null;
  serverId?: number | null;
  results: QueryResults;
}

/** Success: ignored when already stopped or the result status is not success. */
export function querySuccess(q: QueryRun, p: SuccessPayload, now = Date.now()): QueryRun {
  if (q.state === "stopped" || (p.status !== undefined && p.status !== "success")) return q;
  return {
    ...q,
    state: "success",
    progress: 100,
    endDttm: p.endDttm ?? now,
    rows: p.rows ?? p.results.data.length,
    resultsKey: p.resultsKey ?? q.resultsKey ?? null,
    limitingFactor: p.limitingFactor ?? null,
    serverId: p.serverId ?? q.serverId,
    results: p.results,
    resultsState: "success",
    cached: false,
    errors: undefined,
    errorMessage: null,
  };
}

/** Failure: ignored when already stopped. */
export function queryFailed(
  q: QueryRun,
  errors: SupersetError[],
  message: string,
  link?: string | null,
  now = Date.now(),
): QueryRun {
  if (q.state === "stopped") return q;
  return { ...q, state: "failed", errors, errorMessage: message, link: link ?? null, endDttm: now };
}

/** Stopping: state stopped with empty results. */
export function queryStopped(q: QueryRun, now = Date.now()): QueryRun {
  return { ...q, state: "stopped", results: { data: [], columns: [] }, endDttm: now };
}

/** Fetching stored results. */
export function queryFetching(q: QueryRun): QueryRun {
  return { ...q, state: "fetching" };
}

/** Clearing results empties the data and marks the query cached. */
export function clearResults(q: QueryRun): QueryRun {
  return { ...q, results: q.results ? { ...q.results, data: [] } : q.results, cached: true };
}

export interface ServerQueryRow {
  id: string;
  query_id?: number;
  state: QueryState;
  progress?: number;
  rows?: number | null;
  resultsKey?: string | null;
  limitingFactor?: string | null;
  errorMessage?: string | null;
  endDttm?: number | null;
}

/**
 * Refresh from the server (updated_since): locally stopped or failed queries are skipped; a local
 * fetching, success or running state is kept when the server says success.
 */
export function refreshQuery(q: QueryRun, row: ServerQueryRow): QueryRun {
  if (q.state === "stopped" || q.state === "failed") return q;
  const keepState =
    row.state === "success" && (q.state === "fetching" || q.state === "success" || q.state === "running");
  return {
    ...q,
    state: keepState ? q.state : row.state,
    progress: row.progress ?? q.progress,
    rows: row.rows ?? q.rows,
    resultsKey: row.resultsKey ?? q.resultsKey,
    limitingFactor: row.limitingFactor ?? q.limitingFactor,
    errorMessage: row.errorMessage ?? q.errorMessage,
    endDttm: row.endDttm ?? q.endDttm,
    serverId: row.query_id ?? q.serverId,
  };
}

/**
 * Clearing inactive queries (002 §4): running or pending ones still at progress 0 that started more
 * than `intervalMs` ago are dropped (their run was lost, e.g. the page that polled them went away);
 * the others adopt the status stored with their results when they have a results key. Returns the
 * same object when nothing changes.
 */
export function clearInactiveQueries(
  queries: Record<string, QueryRun>,
  intervalMs: number,
  now = Date.now(),
): Record<string, QueryRun> {
  let changed = false;
  const out: Record<string, QueryRun> = {};
  for (const [id, q] of Object.entries(queries)) {
    const stale =
      (q.state === "running" || q.state === "pending") && q.progress === 0 && now - q.startDttm > intervalMs;
    if (stale) {
      changed = true;
      continue;
    }
    const adopt = q.resultsKey && q.resultsState && q.resultsState !== q.state;
    out[id] = adopt ? { ...q, state: q.resultsState as QueryState } : q;
    if (adopt) changed = true;
  }
  return changed ? out : queries;
}
