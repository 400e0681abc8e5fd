import type { SqlLabQueryRow, SupersetError } from "@strata/contracts";
import { type Dispatch, type RefObject, useCallback, useRef, useState } from "react";
import useSWR from "swr";
import { t } from "../../lib/i18n";
import { fetchQueriesUpdatedSince, updatedSinceKey } from "./api/updated-since";
import type { SqlLabAction, SqlLabState } from "./model/editor-state";
import { queryFailed, refreshQuery } from "./model/query-transitions";
import { isRunning, type QueryRun } from "./model/types";

const POLL_MS = 1000;

/** A run the server still works on in the background (not yet fetching its results). */
const awaited = (q: QueryRun | undefined): q is QueryRun =>
  Boolean(q && isRunning(q.state) && q.state !== "fetching");

/**
 * Asynchronous runs (answered 202): `GET /api/v1/query/updated_since` every second while one of
 * them is still running, from the earliest start among them. A run that succeeds loads its
 * results; one that fails, times out or stops is no longer asked about.
 */
export function useRunPolling(
  state: SqlLabState,
  stateRef: RefObject<SqlLabState>,
  dispatch: Dispatch<SqlLabAction>,
  loadResults: (q: QueryRun) => Promise<void>,
) {
  // client id → the `last_updated_ms` to ask from
  const [watched, setWatched] = useState<Record<string, number>>({});
  const watchedRef = useRef(watched);
  watchedRef.current = watched;

  const watch = useCallback((clientId: string, since: number) => {
    setWatched((all) => ({ ...all, [clientId]: since }));
  }, []);
  const unwatch = useCallback((clientId: string) => {
    setWatched((all) => {
      if (!(clientId in all)) return all;
      const { [clientId]: _, ...rest } = all;
      return rest;
    });
  }, []);

  const waiting = Object.entries(watched).filter(([id]) => awaited(state.queries[id]));
  const since = waiting.length ? Math.min(...waiting.map(([, ms]) => ms)) : null;

  const onRows = (rows: SqlLabQueryRow[]) => {
    for (const clientId of Object.keys(watchedRef.current)) {
      const q = stateRef.current.queries[clientId];
      if (!awaited(q)) {
        unwatch(clientId);
        continue;
      }
      const row = rows.find((r) => r.id === clientId);
      if (!row) continue;
      dispatch({ type: "updateQuery", id: clientId, update: (x) => refreshQuery(x, row) });
      if (row.state === "success" && row.resultsKey) {
        unwatch(clientId);
        if (q.state !== "stopped") void loadResults({ ...q, resultsKey: row.resultsKey });
      } else if (row.state === "failed" || row.state === "timed_out") {
        unwatch(clientId);
        const errors = (row.errors ?? []) as SupersetError[];
        dispatch({
          type: "updateQuery",
          id: clientId,
          update: (x) => queryFailed(x, errors, row.errorMessage ?? t("An error occurred")),
        });
      } else if (row.state === "stopped") {
        unwatch(clientId);
      }
    }
  };

  useSWR(since === null ? null : updatedSinceKey(since), () => fetchQueriesUpdatedSince(since ?? 0), {
    refreshInterval: POLL_MS,
    // Runs finish in the background too: keep asking while the page is hidden or offline.
    refreshWhenHidden: true,
    refreshWhenOffline: true,
    revalidateOnFocus: false,
    dedupingInterval: 0,
    onSuccess: onRows,
    // A failed poll is tried again a second later, until the run ends.
    shouldRetryOnError: true,
    onErrorRetry: (_error, _key, _config, revalidate, { retryCount }) => {
      setTimeout(() => void revalidate({ retryCount }), POLL_MS);
    },
  });

  return { watch };
}
