import type { SqlLabIncomingQuery } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";

/** GET /api/v1/sqllab/incoming/<key>: the query stored by `POST /sqllab/` (404 when unknown or expired). */
export const incomingQueryKey = (key: string) => `/api/v1/sqllab/incoming/${encodeURIComponent(key)}`;

export const fetchIncomingQuery = (key: string) =>
  apiGet<{ result: SqlLabIncomingQuery }>(incomingQueryKey(key)).then((r) => r.result);
