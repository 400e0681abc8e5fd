import type { SqlLabExecuteRequest, SqlLabPendingReply, SqlLabResultsReply } from "@strata/contracts";
import { apiRequestRaw } from "../../../lib/api-client";

/** How long a synchronous run may take before the call gives up. */
const EXECUTE_TIMEOUT_MS = 300_000;

export type ExecuteReply =
  | { status: 200; body: SqlLabResultsReply }
  | { status: 202; body: SqlLabPendingReply };

/** POST /api/v1/sqllab/execute/: 200 with the results, or 202 with the pending query when async. */
export async function executeQuery(body: SqlLabExecuteRequest): Promise<ExecuteReply> {
  const res = await apiRequestRaw(`/api/v1/sqllab/execute/${window.location.search}`, {
    method: "POST",
    json: body,
    timeoutMs: EXECUTE_TIMEOUT_MS,
  });
  const json = await res.json();
  return res.status === 202 ? { status: 202, body: json } : { status: 200, body: json };
}
