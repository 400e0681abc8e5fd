import { apiPut } from "../../../lib/api-client";
import { revalidateResource } from "../../../lib/resource/resource-write";
import type { DashboardResponse } from "../model/dashboard-types";
import type { SavePayload } from "../model/save-rules";
import { dashboardKey } from "./dashboard";

export interface SaveResponse {
  id: number;
  result: DashboardResponse;
  last_modified_time: number;
}

/** PUT /api/v1/dashboard/{id}: full save (409 when stale, 403 for non-owners). */
export async function saveDashboard(id: number, payload: Partial<SavePayload> & { published?: boolean }) {
  const res = await apiPut<SaveResponse>(dashboardKey(id), payload);
  void revalidateResource("dashboard");
  return res;
}
