import { useEffect, useState } from "react";
import { useSWRConfig } from "swr";

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
}

let lastScopeId = 0;

export function newChartDataScope(shared: boolean, batch = false): ChartDataScope {
  lastScopeId += 1;
  return { id: lastScopeId, shared, batch: shared && batch, rounds: new Map(), keys: new Set() };
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
    },
    [scope, cache],
  );
  return scope;
}
