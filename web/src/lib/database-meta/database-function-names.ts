import type { DatabaseFunctionNames } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../api-client";
import type { ApiError } from "../api-error";

/** GET /api/v1/database/{id}/function_names/ → {function_names} */
export function databaseFunctionNamesKey(databaseId: number): string {
  return `/api/v1/database/${databaseId}/function_names/`;
}

const fetchFunctionNames = (key: string) =>
  apiGet<DatabaseFunctionNames>(key).then((r) => r.function_names ?? []);

/**
 * The SQL functions a database knows, for the editor's completion. A failure says nothing: the
 * editor still completes keywords and tables, and a toast about a missing nicety would be noise.
 */
export function useDatabaseFunctionNames(databaseId: number | null | undefined) {
  return useSWR<string[], ApiError>(
    databaseId ? databaseFunctionNamesKey(databaseId) : null,
    fetchFunctionNames,
    { revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false },
  );
}
