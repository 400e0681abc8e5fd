import type { ChartPost } from "@strata/contracts";
import { apiPost } from "../../../lib/api-client";
import { revalidateResource } from "../../../lib/resource/resource-write";

/** POST /api/v1/chart/ → {id, result} */
export async function createChart(body: ChartPost) {
  const res = await apiPost<{ id: number; result: unknown }>("/api/v1/chart/", body);
  void revalidateResource("chart");
  return res;
}
