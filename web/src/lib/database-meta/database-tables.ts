import type { TableOption } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../api-client";
import type { ApiError } from "../api-error";
import { withRisonQuery } from "../rison-query";

/** GET /api/v1/database/{id}/tables/?q=(schema_name,force[,catalog_name]) → {count, result} */
export function databaseTablesKey(
  databaseId: number,
  schema: string,
  catalog?: string | null,
  force = false,
): string {
  const q: Record<string, unknown> = { force, schema_name: schema };
  if (catalog) q.catalog_name = catalog;
  return withRisonQuery(`/api/v1/database/${databaseId}/tables/`, q);
}

const fetchTables = (key: string) =>
  apiGet<{ count: number; result: TableOption[] }>(key).then((r) => r.result ?? []);

export function useDatabaseTables(
  databaseId: number | null | undefined,
  schema: string | null | undefined,
  catalog?: string | null,
) {
  return useSWR<TableOption[], ApiError>(
    databaseId && schema ? databaseTablesKey(databaseId, schema, catalog) : null,
    fetchTables,
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
