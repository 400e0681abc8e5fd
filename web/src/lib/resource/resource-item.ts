import useSWR from "swr";
import { apiGet } from "../api-client";
import type { ApiError } from "../api-error";
import { resourceItemPath } from "./resource-path";

/** GET /api/v1/{resource}/{id} → {id, result} */
export function resourceItemKey(resource: string, id: number | string): string {
  return resourceItemPath(resource, id);
}

export const fetchResourceItem = <T>(key: string) =>
  apiGet<{ id: number; result: T }>(key).then((r) => r.result);

export function useResourceItem<T>(resource: string, id: number | string | null | undefined) {
  return useSWR<T, ApiError>(id == null ? null : resourceItemKey(resource, id), fetchResourceItem<T>, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
