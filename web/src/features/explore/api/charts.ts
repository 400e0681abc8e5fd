import type { ChartPost, ChartPut } from "@strata/contracts";
import { apiGet, apiPost, apiPut } from "../../../lib/api-client";
import { revalidateResource } from "../../../lib/resource/resource-write";

/** POST /api/v1/chart/ → {id, result} */
export async function createChart(body: ChartPost) {
  const res = await apiPost<{ id: number; result: unknown }>("/api/v1/chart/", body);
  void revalidateResource("chart");
  return res;
}

/** PUT /api/v1/chart/{id} → {id, result} */
export async function updateChart(id: number, body: ChartPut) {
  const res = await apiPut<{ id: number; result: unknown }>(`/api/v1/chart/${id}`, body);
  void revalidateResource("chart");
  return res;
}

export interface ChartProperties {
  id: number;
  slice_name: string;
  description?: string | null;
  cache_timeout?: number | null;
  certified_by?: string | null;
  certification_details?: string | null;
  owners: { id: number; first_name?: string | null; last_name?: string | null }[];
  dashboards?: { id: number; dashboard_title: string }[];
}

/** GET /api/v1/chart/{id} */
export const fetchChart = (id: number) =>
  apiGet<{ result: ChartProperties }>(`/api/v1/chart/${id}`).then((r) => r.result);
