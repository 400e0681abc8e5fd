import type { DatabaseRow, ListResponse } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../../lib/api-client";
import { withRisonQuery } from "../../../lib/rison-query";

/** Databases exposed in SQL Lab (001: the editor's list is filtered by expose_in_sqllab). */
export const sqlLabDatabasesKey = withRisonQuery("/api/v1/database/", {
  filters: [{ col: "expose_in_sqllab", opr: "eq", value: true }],
  order_column: "database_name",
  order_direction: "asc",
  page_size: 100,
});

export const fetchSqlLabDatabases = () =>
  apiGet<ListResponse<DatabaseRow>>(sqlLabDatabasesKey).then((r) => r.result);

export function useSqlLabDatabases() {
  return useSWR(sqlLabDatabasesKey, fetchSqlLabDatabases, { revalidateOnFocus: false });
}
