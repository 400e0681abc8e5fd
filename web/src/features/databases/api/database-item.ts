import type { DatabaseConnectionDetail, DatabasePost, DatabasePut } from "@strata/contracts";
import useSWR from "swr";
import type { ApiError } from "../../../lib/api-error";
import { fetchResourceItem } from "../../../lib/resource/resource-item";
import { resourceItemPath } from "../../../lib/resource/resource-path";
import { createResource, updateResource } from "../../../lib/resource/resource-write";

/**
 * GET /api/v1/database/{id}/connection: the settings with the connection (URI, parameters, extra)
 * that the edit form shows. `GET /api/v1/database/{id}` leaves the connection out, as Superset's does.
 */
export function databaseConnectionKey(id: number): string {
  return `${resourceItemPath("database", id)}/connection`;
}

export function useDatabase(id: number | null) {
  return useSWR<DatabaseConnectionDetail, ApiError>(
    id == null ? null : databaseConnectionKey(id),
    fetchResourceItem<DatabaseConnectionDetail>,
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

/** POST /api/v1/database/ → {id, result} */
export const createDatabase = (body: DatabasePost) =>
  createResource<DatabaseConnectionDetail>("database", body);

/** PUT /api/v1/database/{id} → {id, result} */
export const updateDatabase = (id: number, body: DatabasePut) =>
  updateResource<DatabaseConnectionDetail>("database", id, body);
