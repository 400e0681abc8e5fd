import type { ChartDataResult, FormData } from "../../../components/charts";

/** The chart lifecycle of 000 §4, reduced to what Explore draws. */
export type ChartStatus = "idle" | "loading" | "success" | "rendered" | "failed" | "stopped";

export interface ChartState {
  status: ChartStatus;
  results: ChartDataResult[] | null;
  error: unknown;
  /** The form data of the last query started (what the drawn chart reflects). */
  queryFormData: FormData | null;
}
