import type { SavedQueryDetail } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";

/** GET /api/v1/saved_query/{id}: a saved query to open in a tab. */
export const savedQueryKey = (id: number) => `/api/v1/saved_query/${id}`;

export const fetchSavedQuery = (id: number) =>
  apiGet<{ result: SavedQueryDetail }>(savedQueryKey(id)).then((r) => r.result);
