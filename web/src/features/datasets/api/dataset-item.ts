import type { DatasetDetail, DatasetPost, DatasetPut } from "@strata/contracts";
import { mutate } from "swr";
import { apiPost, apiPut } from "../../../lib/api-client";
import { fetchResourceItem, resourceItemKey, useResourceItem } from "../../../lib/resource/resource-item";
import { withParams } from "../../../lib/rison-query";

const RESOURCE = "dataset";

/** GET /api/v1/dataset/{id} */
export const datasetKey = (id: number) => resourceItemKey(RESOURCE, id);
export const fetchDataset = (id: number) => fetchResourceItem<DatasetDetail>(datasetKey(id));
export function useDataset(id: number | null) {
  return useResourceItem<DatasetDetail>(RESOURCE, id);
}

/** GET again and put the fresh copy in the cache. */
export async function reloadDataset(id: number): Promise<DatasetDetail> {
  const fresh = await fetchDataset(id);
  await mutate(datasetKey(id), fresh, { revalidate: false });
  return fresh;
}

/** PUT /api/v1/dataset/{id}?override_columns=true|false → {id, result} */
export function updateDataset(id: number, body: DatasetPut, overrideColumns: boolean) {
  return apiPut<{ id: number; result: unknown }>(
    withParams(`/api/v1/dataset/${id}`, { override_columns: overrideColumns }),
    body,
  );
}

/** PUT /api/v1/dataset/{id}/refresh: re-reads the columns from the source. */
export function refreshDataset(id: number) {
  return apiPut<{ message: string }>(`/api/v1/dataset/${id}/refresh`);
}

/** POST /api/v1/dataset/ {database, schema, table_name, sql?} → {id, result} */
export function createDataset(body: DatasetPost) {
  return apiPost<{ id: number; result: unknown }>("/api/v1/dataset/", body);
}
