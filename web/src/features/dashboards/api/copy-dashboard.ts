import { apiPost } from "../../../lib/api-client";
import { revalidateResource } from "../../../lib/resource/resource-write";
import { dashboardKey } from "./dashboard";

/** POST /api/v1/dashboard/{id}/copy/ → {result: {id, last_modified_time}} */
export async function copyDashboard(
  id: number,
  body: { dashboard_title: string; css: string; duplicate_slices: boolean; json_metadata: string },
) {
  const res = await apiPost<{ result: { id: number; last_modified_time: number } }>(
    `${dashboardKey(id)}/copy/`,
    body,
  );
  void revalidateResource("dashboard");
  return res.result;
}
