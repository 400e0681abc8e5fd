import type { SavedQueryChanges } from "@strata/contracts";
import { apiPut } from "../../../lib/api-client";
import { savedQueryKey } from "./saved-query";

/** PUT /api/v1/saved_query/{id}: the changed fields of the saved query a tab came from. */
export const updateSavedQuery = (
  id: number,
  body: Omit<SavedQueryChanges, "db_id"> & { db_id?: number | null },
) => apiPut<{ result: SavedQueryChanges }>(savedQueryKey(id), body);
