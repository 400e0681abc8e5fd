import { useCallback, useEffect, useReducer, useRef } from "react";
import {
  buildChartDataRequest,
  type ChartDataset,
  type FormData,
  type OwnState,
} from "../../../components/charts";
import { fetchChartData } from "../../../components/charts/data/fetch-chart-data";
import { chartReducer, initialChartState } from "../model/chart-state";

const isAbort = (err: unknown) => err instanceof DOMException && err.name === "AbortError";

/**
 * Runs chart-data queries for Explore: one at a time (a new run aborts the previous one), with
 * the lifecycle of 000 §4 — started, succeeded, failed, stopped (on abort), rendered.
 */
export function useChartQuery(dataset: ChartDataset | undefined) {
  const [state, dispatch] = useReducer(chartReducer, initialChartState);
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(
    async (formData: FormData, options: { force?: boolean; ownState?: OwnState } = {}) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      dispatch({ type: "CHART_UPDATE_STARTED", formData, at: Date.now() });
      try {
        const request = buildChartDataRequest(
          formData,
          { dataset, ownState: options.ownState },
          { force: options.force },
        );
        const results = await fetchChartData(request, current.signal);
        if (controller.current !== current) return;
        dispatch({ type: "CHART_UPDATE_SUCCEEDED", results, at: Date.now() });
      } catch (err) {
        if (controller.current !== current) return;
        if (isAbort(err) || current.signal.aborted) {
          console.info("abort");
          dispatch({ type: "CHART_UPDATE_STOPPED", at: Date.now() });
          return;
        }
        dispatch({ type: "CHART_UPDATE_FAILED", error: err, at: Date.now() });
      }
    },
    [dataset],
  );

  const stop = useCallback(() => {
    controller.current?.abort();
  }, []);

  const rendered = useCallback(() => dispatch({ type: "CHART_RENDERING_SUCCEEDED" }), []);
  const renderFailed = useCallback(
    (error: unknown) => dispatch({ type: "CHART_RENDERING_FAILED", error }),
    [],
  );

  useEffect(() => () => controller.current?.abort(), []);

  return { state, run, stop, rendered, renderFailed };
}
