import type { SavedQueryCreate } from "@strata/contracts";
import { apiPost } from "../../../lib/api-client";

/** What a tab saves; a tab without a database still asks (the server answers why it cannot). */
export type SavedQueryInput = Omit<SavedQueryCreate, "db_id"> & { db_id: number | null };

/** POST /api/v1/saved_query/: answers the new saved query's id. */
export const createSavedQuery = (body: SavedQueryInput) =>
  apiPost<{ id: number; result: SavedQueryCreate }>("/api/v1/saved_query/", body);
