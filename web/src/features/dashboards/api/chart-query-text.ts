import type { ChartDataRequestInput } from "@strata/contracts";
import useSWR from "swr";
import { postChartData, unexpectedStatus } from "../../../components/charts/data/fetch-chart-data";
import type { ApiError } from "../../../lib/api-error";

export interface QueryText {
  query: string;
  language: string;
}

/** POST /api/v1/chart/data with `result_type: "query"`: the SQL each of the chart's queries runs. */
export async function fetchChartQueryText(request: ChartDataRequestInput): Promise<QueryText[]> {
  const res = await postChartData({ ...request, result_type: "query", result_format: "json" });
  if (res.status !== 200) throw unexpectedStatus(res.status);
  const body = (await res.json()) as { result?: { query?: string; language?: string }[] };
  return (body.result ?? []).map((r) => ({ query: r.query ?? "", language: r.language ?? "sql" }));
}

export function useChartQueryText(request: ChartDataRequestInput) {
  return useSWR<QueryText[], ApiError>(
    ["chart-query-text", JSON.stringify(request)],
    () => fetchChartQueryText(request),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
