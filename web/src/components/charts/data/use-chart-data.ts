import type { ChartDataRequestInput } from "@strata/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import type { ChartDataResult } from "../types";
import { chartDataKey } from "./chart-data-key";
import { type ChartDataScope, newChartDataScope, takePrefetched } from "./chart-data-scope";
import { fetchChartData } from "./fetch-chart-data";
import { fetchChartDataBatched } from "./fetch-chart-data-batch";

export interface ChartDataState {
  /** "stopped": `stop()` aborted the request (the previous results stay). */
  status: "loading" | "success" | "failed" | "stopped";
  results: ChartDataResult[] | null;
  error: unknown;
  /** Key of the request the results answer. */
  key: string | null;
}

export interface ChartDataOptions {
  /** Share requests and results with the other charts of a view (see useChartDataScope). */
  scope?: ChartDataScope;
  /**
   * A refresh round: one that arrives while mounted re-runs the query with force, once for all
   * the charts asking the same query in that round. Later queries are plain ones.
   */
  round?: number;
  /**
   * A new value asks again for the same request (not forced): a run on demand (Explore's "Update
   * chart") passes a new one per run, so pressing it twice queries twice.
   */
  revision?: string | number;
}

export interface ChartData extends ChartDataState {
  /**
   * Aborts the running request of a hook without a shared scope; its state becomes "stopped"
   * until the next request. Nothing happens when none runs (a shared scope's requests serve
   * other charts too and are not stopped).
   */
  stop: () => void;
}

interface Entry {
  key: string;
  results: ChartDataResult[];
}

// Results never go stale by themselves: a new request, round or revision is a new key.
const swrOptions = {
  revalidateIfStale: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
  dedupingInterval: 0,
};

const LOADING: ChartDataState = { status: "loading", results: null, error: null, key: null };

/** Requests of hooks without a shared scope, by cache key: how many hooks show each, and its abort. */
const users = new Map<string, number>();
const controllers = new Map<string, AbortController>();

const isAbort = (err: unknown) => (err as { name?: string } | null)?.name === "AbortError";

/**
 * The data of one chart request: 200 result or async job (202, then its event and result_url),
 * identical requests sharing one call, aborted when nothing shows it any more. While a new
 * request runs, the previous results stay (status "loading").
 */
export function useChartData(
  request: ChartDataRequestInput | null,
  options: ChartDataOptions = {},
): ChartData {
  const [own] = useState(() => newChartDataScope(false));
  const scope = options.scope ?? own;
  const round = options.round ?? 0;
  const { cache } = useSWRConfig();

  const base = request ? (scope.shared ? chartDataKey(request) : JSON.stringify(request)) : null;
  const query = base !== null && options.revision !== undefined ? `${options.revision}|${base}` : base;

  // The round this query runs for, fixed when the query or the round changes: a newer round than
  // the last one seen forces; otherwise the scope's latest run of the query answers.
  const pin = useRef({ query: null as string | null, round, effective: 0 });
  if (query !== null && (query !== pin.current.query || round !== pin.current.round)) {
    const forced = round > pin.current.round ? round : 0;
    const effective = Math.max(forced, scope.rounds.get(query) ?? 0);
    if (scope.shared) scope.rounds.set(query, effective);
    pin.current = { query, round, effective };
  }
  const effective = pin.current.effective;
  const swrKey = query === null ? null : `chart-data|${scope.id}|${effective}|${query}`;

  const { data, error } = useSWR<Entry, unknown>(
    swrKey,
    async (key: string): Promise<Entry> => {
      scope.keys.add(key);
      const body = scope.shared || effective > 0 ? { ...request!, force: effective > 0 } : request!;
      if (scope.shared) {
        const sentAhead = effective === 0 ? takePrefetched(scope, query!) : undefined;
        const answer = sentAhead ?? (scope.batch ? fetchChartDataBatched(body) : fetchChartData(body));
        return { key: query!, results: await answer };
      }
      const controller = new AbortController();
      controllers.set(key, controller);
      try {
        return { key: query!, results: await fetchChartData(body, controller.signal) };
      } finally {
        if (controllers.get(key) === controller) controllers.delete(key);
      }
    },
    swrOptions,
  );

  // A scope's own request ends with its last user; the check waits a tick so that a remount
  // (StrictMode) keeps it.
  useEffect(() => {
    if (!swrKey || scope.shared) return;
    users.set(swrKey, (users.get(swrKey) ?? 0) + 1);
    return () => {
      users.set(swrKey, (users.get(swrKey) ?? 1) - 1);
      setTimeout(() => {
        if ((users.get(swrKey) ?? 0) > 0) return;
        users.delete(swrKey);
        controllers.get(swrKey)?.abort();
        // After the aborted call has settled (and SWR stored its error), forget the entry.
        setTimeout(() => {
          if (!users.get(swrKey)) {
            cache.delete(swrKey);
            scope.keys.delete(swrKey);
          }
        }, 0);
      }, 0);
    };
  }, [swrKey, scope, cache]);

  // The request `stop` aborted: its abort error reads as "stopped", any other abort as loading
  // (a request nothing shows any more).
  const [stopped, setStopped] = useState<string | null>(null);
  const current = useRef(swrKey);
  current.current = swrKey;
  const stop = useCallback(() => {
    const key = current.current;
    const controller = key === null ? undefined : controllers.get(key);
    if (!key || !controller) return;
    setStopped(key);
    controller.abort();
  }, []);

  const last = useRef<ChartDataState>(LOADING);
  let state: ChartDataState;
  if (swrKey === null) state = last.current;
  else if (data) state = { status: "success", results: data.results, error: null, key: data.key };
  else if (error !== undefined && isAbort(error) && stopped === swrKey)
    state = { ...last.current, status: "stopped", error: null };
  else if (error !== undefined && !isAbort(error))
    state = { status: "failed", results: null, error, key: query };
  else if (last.current.status === "loading" && last.current.error === null) state = last.current;
  else state = { ...last.current, status: "loading", error: null };
  last.current = state;
  return { ...state, stop };
}
