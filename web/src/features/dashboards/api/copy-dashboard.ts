import type { DashboardCopied, DashboardCopy } from "@strata/contracts";
import { apiPost } from "../../../lib/api-client";
import { revalidateResource } from "../../../lib/resource/resource-write";
import { dashboardKey } from "./dashboard";

/** POST /api/v1/dashboard/{id}/copy/ → {result: {id, last_modified_time}} */
export async function copyDashboard(id: number, body: DashboardCopy) {
  const res = await apiPost<DashboardCopied>(`${dashboardKey(id)}/copy/`, body);
  void revalidateResource("dashboard");
  return res.result;
}
