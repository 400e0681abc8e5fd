import type { RecentActivityItem, RecentActivityQuery } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { withRisonQuery } from "../../../lib/rison-query";

/** GET /api/v1/log/recent_activity/?q=(page_size:…) → {result: [{item_title, item_url, …}]} */
export const recentActivityKey = (query: RecentActivityQuery) =>
  withRisonQuery("/api/v1/log/recent_activity/", query);

export function useRecentActivity(query: RecentActivityQuery | null) {
  return useSWR<{ result: RecentActivityItem[] }, ApiError>(
    query ? recentActivityKey(query) : null,
    (key: string) => apiGet<{ result: RecentActivityItem[] }>(key),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
