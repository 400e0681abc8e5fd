import type { ChartDetail } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";
import { resourceItemPath } from "../../../lib/resource/resource-path";

/** GET /api/v1/chart/{id} → {id, result} */
export const fetchChart = (id: number) =>
  apiGet<{ result: ChartDetail }>(resourceItemPath("chart", id)).then((r) => r.result);
