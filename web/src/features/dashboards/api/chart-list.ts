import useSWR from "swr";
import { apiGet } from "../../../lib/api-client";
import { withRisonQuery } from "../../../lib/rison-query";

export interface ChartListRow {
  id: number;
  slice_name: string;
  viz_type: string;
  datasource_id: number;
  datasource_name_text?: string | null;
  params?: string | null;
  description?: string | null;
  changed_on_delta_humanized?: string;
}

export const CHART_PANE_PAGE_SIZE = 200;

/** GET /api/v1/chart/?q= for the builder's chart pane. */
export function chartListKey(search: string): string {
  return withRisonQuery("/api/v1/chart/", {
    filters: search ? [{ col: "slice_name", opr: "ct", value: search }] : [],
    order_column: "changed_on_delta_humanized",
    order_direction: "desc",
    page: 0,
    page_size: CHART_PANE_PAGE_SIZE,
  });
}

export const fetchChartList = (key: string) => apiGet<{ result: ChartListRow[]; count: number }>(key);

/** The builder pane's charts, newest first, whose name contains `search`. */
export function useChartList(search: string) {
  return useSWR(chartListKey(search), fetchChartList, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}
