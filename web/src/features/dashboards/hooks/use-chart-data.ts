import type { ChartDataRequestInput } from "@strata/contracts";
import { useEffect, useRef, useState } from "react";
import type { ChartDataResult } from "../../../components/charts";
import { requestKey } from "../model/chart-request";
import { useDashboard } from "../state/dashboard-context";

export interface ChartDataState {
  status: "loading" | "success" | "failed";
  results: ChartDataResult[] | null;
  error: unknown;
  /** Key of the request the results answer. */
  key: string | null;
}

/**
 * Queries one chart's data through the dashboard's shared cache: every mounted chart asks at
 * once, identical queries run once; a refresh round (force) re-queries.
 */
export function useChartData(chartId: number, request: ChartDataRequestInput | null): ChartDataState {
  const { cache, refreshAt } = useDashboard();
  const key = request ? requestKey(request) : null;
  const round = refreshAt[chartId] ?? 0;
  const [state, setState] = useState<ChartDataState>({
    status: "loading",
    results: null,
    error: null,
    key: null,
  });
  // Only a round that arrives while mounted forces a re-query; later queries are plain ones.
  const seenRound = useRef(round);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the request
  useEffect(() => {
    if (!request || !key) return;
    let live = true;
    setState((s) => ({ ...s, status: "loading", error: null }));
    const forced = round > seenRound.current ? round : 0;
    seenRound.current = round;
    cache.fetch(request, { round: forced }).then(
      (results) => live && setState({ status: "success", results, error: null, key }),
      (error: unknown) => live && setState({ status: "failed", results: null, error, key }),
    );
    return () => {
      live = false;
    };
  }, [key, round, cache]);
  return state;
}
