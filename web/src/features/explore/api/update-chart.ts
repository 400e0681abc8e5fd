import type { ChartPut } from "@strata/contracts";
import { apiPut } from "../../../lib/api-client";
import { revalidateResource } from "../../../lib/resource/resource-write";
import { resourceItemPath } from "../../../lib/resource/resource-path";

/** PUT /api/v1/chart/{id} → {id, result} */
export async function updateChart(id: number, body: ChartPut) {
  const res = await apiPut<{ id: number; result: unknown }>(resourceItemPath("chart", id), body);
  void revalidateResource("chart");
  return res;
}
