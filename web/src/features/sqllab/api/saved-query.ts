import type { SavedQueryDetail } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";

/** GET /api/v1/saved_query/{id}: a saved query to open in a tab. */
export const savedQueryKey = (id: number) => `/api/v1/saved_query/${id}`;

export const fetchSavedQuery = (id: number) =>
  apiGet<{ result: SavedQueryDetail }>(savedQueryKey(id)).then((r) => r.result);

/** The saved query `id` (null: none asked). Read to open its tab: no revalidation behind the tab's back. */
export function useSavedQuery(id: number | null) {
  return useSWR<SavedQueryDetail, ApiError>(id ? savedQueryKey(id) : null, () => fetchSavedQuery(id ?? 0), {
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}
