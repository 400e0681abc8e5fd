import type { ChartDataRequestInput } from "@strata/contracts";
import useSWR from "swr";
import type { ChartDataResult } from "../../../components/charts";
import { fetchChartData } from "../../../components/charts/data/fetch-chart-data";
import type { ApiError } from "../../../lib/api-error";

/** POST /api/v1/chart/data with `result_type: "results"`: the rows behind the chart, unshaped. */
export function useChartResults(request: ChartDataRequestInput) {
  return useSWR<ChartDataResult[], ApiError>(
    ["chart-results", JSON.stringify(request)],
    () => fetchChartData({ ...request, result_type: "results", result_format: "json" }),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
