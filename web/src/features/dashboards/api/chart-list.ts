import type { ChartRow, ListResponse } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../../lib/api-client";
import { withRisonQuery } from "../../../lib/rison-query";

/** The chart list's rows as the builder pane reads them. */
export type ChartListRow = Pick<ChartRow, "id" | "slice_name" | "viz_type" | "datasource_name_text">;

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

export const fetchChartList = (key: string) => apiGet<ListResponse<ChartRow>>(key);

/** The builder pane's charts, newest first, whose name contains `search`. */
export function useChartList(search: string) {
  return useSWR(chartListKey(search), fetchChartList, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}
