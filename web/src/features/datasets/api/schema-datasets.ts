import type { ListFilter, ListResponse } from "@strata/contracts";
import { useMemo } from "react";
import useSWR from "swr";
import type { ApiError } from "../../../lib/api-error";
import { fetchResourceList, resourceListKey } from "../../../lib/resource/resource-list";

interface TakenTable {
  id: number;
  table_name: string;
}

/**
 * GET /api/v1/dataset/?q=(filters:database, schema[, catalog], physical only): the physical
 * datasets already made of a schema's tables (a table has one at most, as in Superset), so the
 * new-dataset form can show those tables as taken instead of failing on save.
 */
export function schemaDatasetsKey(databaseId: number, schema: string, catalog?: string | null): string {
  const filters: ListFilter[] = [
    { col: "database", opr: "rel_o_m", value: databaseId },
    { col: "schema", opr: "eq", value: schema },
    { col: "sql", opr: "dataset_is_null_or_empty", value: true },
  ];
  if (catalog) filters.push({ col: "catalog", opr: "eq", value: catalog });
  return resourceListKey("dataset", { filters, columns: ["id", "table_name"], page_size: 1000 });
}

const fetchSchemaDatasets = (key: string) =>
  fetchResourceList<TakenTable>(key).then((r: ListResponse<TakenTable>) => r.result ?? []);

/** Table name → id of the dataset already made of it. */
export function useSchemaDatasets(
  databaseId: number | null | undefined,
  schema: string | null | undefined,
  catalog?: string | null,
) {
  const { data, ...rest } = useSWR<TakenTable[], ApiError>(
    databaseId && schema ? schemaDatasetsKey(databaseId, schema, catalog) : null,
    fetchSchemaDatasets,
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  const byName = useMemo(() => (data ? new Map(data.map((d) => [d.table_name, d.id])) : undefined), [data]);
  return { ...rest, data: byName };
}
