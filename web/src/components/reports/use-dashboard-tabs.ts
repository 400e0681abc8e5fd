import type { DashboardTabs } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../lib/api-client";
import type { ApiError } from "../../lib/api-error";

/** `GET /api/v1/dashboard/{id}/tabs`, the tabs a dashboard report may show. */
export const dashboardTabsKey = (dashboardId: number) => `/api/v1/dashboard/${dashboardId}/tabs`;

// An answer without a tree (an older server) is a dashboard with no tabs to choose from.
const fetchTabs = (key: string) =>
  apiGet<{ result?: DashboardTabs }>(key).then((r) =>
    Array.isArray(r?.result?.tab_tree) && r.result.all_tabs && typeof r.result.all_tabs === "object"
      ? r.result
      : undefined,
  );

/**
 * A dashboard's tabs, for choosing the one its report shows. Nothing is asked without a
 * dashboard (null); until the server answers, or if it fails, there is nothing to choose.
 */
export function useDashboardTabs(dashboardId: number | null): DashboardTabs | undefined {
  const { data } = useSWR<DashboardTabs | undefined, ApiError>(
    dashboardId === null ? null : dashboardTabsKey(dashboardId),
    fetchTabs,
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  return data;
}
