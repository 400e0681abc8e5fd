import type { EstimateQueryRequest, StatementCost } from "@strata/contracts";
import { apiPost } from "../../../lib/api-client";

/** POST /api/v1/sqllab/estimate/: the plan of each statement, without running them. */
export const estimateQueryCost = (body: EstimateQueryRequest) =>
  apiPost<{ result: StatementCost[] }>("/api/v1/sqllab/estimate/", body).then((r) => r.result);
