import useSWR from "swr";
import type { ChartDataset } from "../../../components/charts";
import type { ApiError } from "../../../lib/api-error";
import { fetchChartData } from "../../../components/charts/data/fetch-chart-data";
import { fetchDataset } from "../api/dataset";
import { filterOptionsRequest, filterRangeRequest } from "../model/chart-request";
import type { ExtraFormData, NativeFilter } from "../model/dashboard-types";
import { filterColumn, filterDatasetId } from "../model/data-mask";
import { useDashboard } from "../state/dashboard-context";

const swrOptions = { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true };

export type OptionValue = string | number | boolean | null;

/**
 * Distinct values of a value filter's column through the chart-data API, narrowed by its parents
 * and, with `search`, to values containing it (`enabled` false: nothing is fetched).
 */
export function useFilterOptions(filter: NativeFilter, parents: ExtraFormData, search = "", enabled = true) {
  const request = enabled ? filterOptionsRequest(filter, parents, search || undefined) : null;
  const column = filterColumn(filter);
  return useSWR<OptionValue[], ApiError>(
    request ? ["filter-options", JSON.stringify(request)] : null,
    async () => {
      const [result] = await fetchChartData(request!);
      return (result?.data ?? []).map((row) => row[column!] as OptionValue);
    },
    swrOptions,
  );
}

/** Minimum and maximum of a range filter's column. */
export function useFilterRange(filter: NativeFilter) {
  const request = filterRangeRequest(filter);
  return useSWR<{ min: number | null; max: number | null }, ApiError>(
    request ? ["filter-range", JSON.stringify(request)] : null,
    async () => {
      const [result] = await fetchChartData(request!);
      const row = result?.data?.[0] ?? {};
      const num = (v: unknown) => (v === null || v === undefined || v === "" ? null : Number(v));
      return { min: num(row.min), max: num(row.max) };
    },
    swrOptions,
  );
}

/** A dataset by id: the dashboard's own when loaded, else fetched. */
export function useDataset(datasetId: number | undefined) {
  const { state } = useDashboard();
  const own = datasetId ? state.datasets[datasetId] : undefined;
  const { data } = useSWR<ChartDataset | undefined, ApiError>(
    datasetId && !own ? ["dataset", datasetId] : null,
    async () => ({ ...(await fetchDataset(datasetId!)), type: "table" }) as ChartDataset,
    swrOptions,
  );
  return own ?? data;
}

export const datasetIdOf = filterDatasetId;
