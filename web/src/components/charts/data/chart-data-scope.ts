import type { ChartDataRequestInput } from "@strata/contracts";
import { useEffect, useState } from "react";
import { useSWRConfig } from "swr";
import type { ChartDataResult } from "../types";
import { chartDataKey } from "./chart-data-key";
import { fetchChartDataBatched, sendChartDataBatchNow } from "./fetch-chart-data-batch";

/**
 * Where chart-data results live. A view showing many charts (a dashboard) shares one scope:
 * identical queries run once and share their result, which stays until the view goes away.
 * A hook without a shared scope has its own: its request is aborted, and its result dropped,
 * once nothing shows it any more.
 */
export interface ChartDataScope {
  id: number;
  shared: boolean;
  /**
   * Requests of a shared scope made in the same turn leave as one batch request (a dashboard:
   * `POST /api/v1/chart/data/batch/`), each chart still answered on its own.
   */
  batch: boolean;
  /** Per query: the latest refresh round that re-ran it (its entry answers older rounds too). */
  rounds: Map<string, number>;
  /** Cache keys written for this scope, forgotten with it. */
  keys: Set<string>;
  /** Requests sent ahead of their charts (`prefetchChartData`), by query, until a chart takes one. */
  prefetched: Map<string, Promise<ChartDataResult[]>>;
}

let lastScopeId = 0;

export function newChartDataScope(shared: boolean, batch = false): ChartDataScope {
  lastScopeId += 1;
  return {
    id: lastScopeId,
    shared,
    batch: shared && batch,
    rounds: new Map(),
    keys: new Set(),
    prefetched: new Map(),
  };
}

/**
 * Sends charts' requests in a batch scope, in one batch, now, before the charts themselves mount
 * and ask: a dashboard sends its charts' requests as soon as it knows them, and the server answers
 * while the page still renders the charts. Each chart's `useChartData` takes its answer by query
 * (see `takePrefetched`); a failure is reported there, not here.
 */
export function prefetchChartData(scope: ChartDataScope, requests: readonly ChartDataRequestInput[]): void {
  if (!scope.batch) return;
  for (const request of requests) {
    const query = chartDataKey(request);
    if (scope.prefetched.has(query) || scope.rounds.has(query)) continue;
    const answer = fetchChartDataBatched({ ...request, force: false });
    answer.catch(() => undefined);
    scope.prefetched.set(query, answer);
  }
  sendChartDataBatchNow();
}

/** The answer of a request sent ahead for this query, once (a later ask is a request of its own). */
export function takePrefetched(scope: ChartDataScope, query: string): Promise<ChartDataResult[]> | undefined {
  const answer = scope.prefetched.get(query);
  scope.prefetched.delete(query);
  return answer;
}

/** A shared scope for the lifetime of the calling component (`batch`: see ChartDataScope). */
export function useChartDataScope(options: { batch?: boolean } = {}): ChartDataScope {
  const [scope] = useState(() => newChartDataScope(true, options.batch));
  const { cache } = useSWRConfig();
  useEffect(
    () => () => {
      for (const key of scope.keys) cache.delete(key);
      scope.keys.clear();
      scope.rounds.clear();
      scope.prefetched.clear();
    },
    [scope, cache],
  );
  return scope;
}
