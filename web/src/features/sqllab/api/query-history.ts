import type { SqlLabQueryRow } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../../lib/api-client";
import { withRisonQuery } from "../../../lib/rison-query";

/** GET /api/v1/query/: the newest 100 of the user's queries (the history is paged on the server). */
export const queryHistoryKey = withRisonQuery("/api/v1/query/", {
  order_column: "start_time",
  order_direction: "desc",
  page: 0,
  page_size: 100,
});

export const fetchQueryHistory = () =>
  apiGet<{ result: SqlLabQueryRow[] }>(queryHistoryKey).then((r) => r.result);

export function useQueryHistory(enabled: boolean) {
  return useSWR(enabled ? queryHistoryKey : null, fetchQueryHistory);
}
