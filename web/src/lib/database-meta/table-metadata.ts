import type { TableMetadata } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../api-client";
import type { ApiError } from "../api-error";
import { withParams } from "../rison-query";

/** GET /api/v1/database/{id}/table_metadata/?name=t&schema=s[&catalog=c] */
export function tableMetadataKey(
  databaseId: number,
  name: string,
  schema?: string | null,
  catalog?: string | null,
) {
  return withParams(`/api/v1/database/${databaseId}/table_metadata/`, { name, schema, catalog });
}

export function useTableMetadata(
  databaseId: number | null | undefined,
  name: string | null | undefined,
  schema?: string | null,
  catalog?: string | null,
) {
  return useSWR<TableMetadata, ApiError>(
    databaseId && name ? tableMetadataKey(databaseId, name, schema, catalog) : null,
    (key: string) => apiGet<TableMetadata>(key),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
