import type { DatabaseRow, ListFilter, ListResponse } from "@strata/contracts";
import { apiGet } from "../api-client";
import { withRisonQuery } from "../rison-query";

export interface DatabaseOption {
  value: number;
  label: string;
  backend: string;
  allow_multi_catalog: boolean;
}

/** GET /api/v1/database/?q=(filters database_name ct, order database_name, page, page_size) (001 §7). */
export function databaseOptionsKey(
  search: string,
  extraFilters: ListFilter[] = [],
  page = 0,
  pageSize = 100,
): string {
  const filters: ListFilter[] = [...extraFilters];
  if (search) filters.push({ col: "database_name", opr: "ct", value: search });
  return withRisonQuery("/api/v1/database/", {
    filters,
    order_column: "database_name",
    order_direction: "asc",
    page,
    page_size: pageSize,
  });
}

export async function fetchDatabaseOptions(key: string): Promise<DatabaseOption[]> {
  const body = await apiGet<ListResponse<DatabaseRow>>(key);
  return body.result.map((d) => ({
    value: d.id,
    label: d.database_name,
    backend: d.backend,
    allow_multi_catalog: Boolean(d.allow_multi_catalog),
  }));
}
