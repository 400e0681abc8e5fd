import type { DashboardPut, DashboardSaved } from "@strata/contracts";
import { apiPut } from "../../../lib/api-client";
import { revalidateResource } from "../../../lib/resource/resource-write";
import { dashboardKey } from "./dashboard";

/** PUT /api/v1/dashboard/{id}: full save (409 when stale, 403 for non-owners). */
export async function saveDashboard(id: number, payload: DashboardPut) {
  const res = await apiPut<DashboardSaved>(dashboardKey(id), payload);
  void revalidateResource("dashboard");
  return res;
}
