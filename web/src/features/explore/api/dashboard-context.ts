import type { DashboardDetail } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";
import type { DashboardForExplore } from "../model/dashboard-context";

/** GET /api/v1/dashboard/{id}: the metadata and layout Explore reads the dashboard context from. */
export async function fetchDashboardForExplore(id: number): Promise<DashboardForExplore> {
  const { result } = await apiGet<{ result: DashboardDetail }>(`/api/v1/dashboard/${id}`);
  return { id: result.id, json_metadata: result.json_metadata, position_json: result.position_json };
}
