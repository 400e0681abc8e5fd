import type { SqlLabQueryRow } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";
import { withRisonQuery } from "../../../lib/rison-query";

/** GET /api/v1/query/updated_since?q=(last_updated_ms:…): the user's runs changed since then. */
export const updatedSinceKey = (ms: number) =>
  withRisonQuery("/api/v1/query/updated_since", { last_updated_ms: ms });

export const fetchQueriesUpdatedSince = (ms: number) =>
  apiGet<{ result: SqlLabQueryRow[] }>(updatedSinceKey(ms)).then((r) => r.result);
