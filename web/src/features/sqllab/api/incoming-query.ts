import type { SqlLabIncomingQuery } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";

/** GET /api/v1/sqllab/incoming/<key>: the query stored by `POST /sqllab/` (404 when unknown or expired). */
export const incomingQueryKey = (key: string) => `/api/v1/sqllab/incoming/${encodeURIComponent(key)}`;

export const fetchIncomingQuery = (key: string) =>
  apiGet<{ result: SqlLabIncomingQuery }>(incomingQueryKey(key)).then((r) => r.result);

/** The incoming query `key` (null: none asked); it is opened in a tab once, so it is read once. */
export function useIncomingQuery(key: string | null) {
  return useSWR<SqlLabIncomingQuery, ApiError>(
    key ? incomingQueryKey(key) : null,
    () => fetchIncomingQuery(key ?? ""),
    {
      revalidateIfStale: false,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      shouldRetryOnError: false,
    },
  );
}
