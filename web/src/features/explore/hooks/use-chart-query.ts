import type { ChartDataRequestInput } from "@strata/contracts";
import { useCallback, useState } from "react";
import {
  buildChartDataRequest,
  type ChartDataset,
  type FormData,
  type OwnState,
} from "../../../components/charts";
import { useChartData } from "../../../components/charts/data/use-chart-data";
import type { ChartState } from "../model/chart-state";

/** One press of "Update chart": its number makes it a new query even when nothing changed. */
interface Run {
  id: number;
  formData: FormData;
  request: ChartDataRequestInput;
}

/** How the drawing of a run went (the chart library reports it after the data arrived). */
interface Drawing {
  runId: number;
  failure: { error: unknown } | null;
}

/**
 * Explore's chart on demand, through the shared chart-data hook: one run at a time (a new run
 * replaces the previous one, which is aborted), stop, and the lifecycle of 000 §4 — idle,
 * loading, succeeded, failed, stopped, rendered.
 */
export function useChartQuery(dataset: ChartDataset | undefined) {
  const [current, setCurrent] = useState<Run | null>(null);
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  const data = useChartData(current?.request ?? null, { revision: current?.id });

  const run = useCallback(
    (formData: FormData, options: { force?: boolean; ownState?: OwnState } = {}) => {
      const request = buildChartDataRequest(
        formData,
        { dataset, ownState: options.ownState },
        { force: options.force },
      );
      setCurrent((prev) => ({ id: (prev?.id ?? 0) + 1, formData, request }));
    },
    [dataset],
  );

  const runId = current?.id ?? 0;
  const rendered = useCallback(
    () => setDrawing((d) => (d?.runId === runId ? d : { runId, failure: null })),
    [runId],
  );
  const renderFailed = useCallback((error: unknown) => setDrawing({ runId, failure: { error } }), [runId]);

  const drawn = data.status === "success" && drawing?.runId === runId ? drawing : null;
  let state: ChartState;
  if (!current) state = { status: "idle", results: null, error: null, queryFormData: null };
  else if (drawn?.failure)
    state = {
      status: "failed",
      results: data.results,
      error: drawn.failure.error,
      queryFormData: current.formData,
    };
  else
    state = {
      status: drawn ? "rendered" : data.status,
      results: data.results,
      error: data.error,
      queryFormData: current.formData,
    };

  return { state, run, stop: data.stop, rendered, renderFailed };
}
