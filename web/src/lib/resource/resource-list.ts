import type { ListQuery, ListResponse } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../api-client";
import type { ApiError } from "../api-error";
import { withRisonQuery } from "../rison-query";
import { resourcePath } from "./resource-path";

/** GET /api/v1/{resource}/?q=(filters,order_column,order_direction,page,page_size) */
export function resourceListKey(resource: string, query: ListQuery): string {
  return withRisonQuery(resourcePath(resource), query);
}

export const fetchResourceList = <T>(key: string) => apiGet<ListResponse<T>>(key);

export function useResourceList<T>(
  resource: string,
  query: ListQuery | null,
  onError?: (error: ApiError) => void,
) {
  return useSWR<ListResponse<T>, ApiError>(
    query ? resourceListKey(resource, query) : null,
    fetchResourceList<T>,
    {
      keepPreviousData: true,
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      // An explicit `onError: undefined` would replace SWR's own handler and make a failed list
      // request throw inside SWR: pass the key only when there is a handler.
      ...(onError ? { onError } : {}),
    },
  );
}
