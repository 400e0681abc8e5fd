import type { ChartDataResult, FormData } from "../../../components/charts";

/** The chart lifecycle of 000 §4, reduced to what Explore draws. */
export type ChartStatus = "idle" | "loading" | "success" | "rendered" | "failed" | "stopped";

export interface ChartState {
  status: ChartStatus;
  results: ChartDataResult[] | null;
  error: unknown;
  /** The form data of the last query started (what the drawn chart reflects). */
  queryFormData: FormData | null;
  startedAt: number | null;
  finishedAt: number | null;
}

export type ChartAction =
  | { type: "CHART_UPDATE_STARTED"; formData: FormData; at: number }
  | { type: "CHART_UPDATE_SUCCEEDED"; results: ChartDataResult[]; at: number }
  | { type: "CHART_UPDATE_FAILED"; error: unknown; at: number }
  | { type: "CHART_UPDATE_STOPPED"; at: number }
  | { type: "CHART_RENDERING_SUCCEEDED" }
  | { type: "CHART_RENDERING_FAILED"; error: unknown };

export const initialChartState: ChartState = {
  status: "idle",
  results: null,
  error: null,
  queryFormData: null,
  startedAt: null,
  finishedAt: null,
};

export function chartReducer(state: ChartState, action: ChartAction): ChartState {
  switch (action.type) {
    case "CHART_UPDATE_STARTED":
      return {
        ...state,
        status: "loading",
        error: null,
        queryFormData: action.formData,
        startedAt: action.at,
        finishedAt: null,
      };
    case "CHART_UPDATE_SUCCEEDED":
      return { ...state, status: "success", results: action.results, error: null, finishedAt: action.at };
    case "CHART_UPDATE_FAILED":
      return { ...state, status: "failed", error: action.error, results: null, finishedAt: action.at };
    case "CHART_UPDATE_STOPPED":
      return { ...state, status: "stopped", finishedAt: action.at };
    case "CHART_RENDERING_SUCCEEDED":
      return state.status === "success" ? { ...state, status: "rendered" } : state;
    case "CHART_RENDERING_FAILED":
      return { ...state, status: "failed", error: action.error };
    default:
      return state;
  }
}
