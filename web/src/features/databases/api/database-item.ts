import type { DatabaseDetail, DatabasePost, DatabasePut } from "@strata/contracts";
import { useResourceItem } from "../../../lib/resource/resource-item";
import { createResource, updateResource } from "../../../lib/resource/resource-write";

/** GET /api/v1/database/{id} */
export function useDatabase(id: number | null) {
  return useResourceItem<DatabaseDetail>("database", id);
}

/** POST /api/v1/database/ → {id, result} */
export const createDatabase = (body: DatabasePost) => createResource<DatabaseDetail>("database", body);

/** PUT /api/v1/database/{id} → {id, result} */
export const updateDatabase = (id: number, body: DatabasePut) =>
  updateResource<DatabaseDetail>("database", id, body);
