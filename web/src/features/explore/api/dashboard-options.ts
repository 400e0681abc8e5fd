import type { DashboardRow } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { withRisonQuery } from "../../../lib/rison-query";

/** The save dialog lists up to 200 dashboards (002 §9). */
export const SAVE_MODAL_PAGE_SIZE = 200;

export type DashboardOption = Pick<DashboardRow, "id" | "dashboard_title">;

/** GET /api/v1/dashboard/?q=(columns:!(id,dashboard_title),…) */
export function dashboardOptionsKey(search: string): string {
  return withRisonQuery("/api/v1/dashboard/", {
    columns: ["id", "dashboard_title"],
    filters: search ? [{ col: "dashboard_title", opr: "ct", value: search }] : [],
    order_column: "dashboard_title",
    order_direction: "asc",
    page: 0,
    page_size: SAVE_MODAL_PAGE_SIZE,
  });
}

const fetchOptions = (key: string) => apiGet<{ result: DashboardOption[] }>(key).then((r) => r.result ?? []);

export function useDashboardOptions(search: string, enabled: boolean) {
  return useSWR<DashboardOption[], ApiError>(enabled ? dashboardOptionsKey(search) : null, fetchOptions, {
    keepPreviousData: true,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
