import { type ColumnValue, ColumnValuesResponseSchema, columnValuesPath } from "@strata/contracts";
import useSWR from "swr";
import * as v from "valibot";
import { apiGet } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";

export interface ColumnValues {
  values: ColumnValue[];
  /** The server's bound (FILTER_SELECT_ROW_LIMIT): a list this long may be cut. */
  limit: number | undefined;
}

/** GET /api/v1/datasource/table/{id}/column/{column}/values/[?q=]: a column's distinct values. */
export function columnValuesKey(datasetId: number, column: string, search = ""): string {
  const path = columnValuesPath(datasetId, column);
  return search ? `${path}?q=${encodeURIComponent(search)}` : path;
}

async function fetchColumnValues(key: string): Promise<ColumnValues> {
  const reply = v.parse(ColumnValuesResponseSchema, await apiGet<unknown>(key));
  return { values: reply.result, limit: reply.limit };
}

/** Suggestions for a filter's value: loaded once a column is chosen, searched on the server when typed. */
export function useColumnValues(datasetId: number, column: string | null, search = "") {
  return useSWR<ColumnValues, ApiError>(
    column ? columnValuesKey(datasetId, column, search.trim()) : null,
    fetchColumnValues,
    { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true },
  );
}
