import type { DashboardDetail, DashboardPost } from "@strata/contracts";
import { apiPost } from "../../../lib/api-client";
import { revalidateResource } from "../../../lib/resource/resource-write";
import type { DashboardOption } from "./dashboard-options";

/** POST /api/v1/dashboard/ {dashboard_title} → {id, result} */
export async function createDashboard(title: string): Promise<DashboardOption> {
  const body: DashboardPost = { dashboard_title: title };
  const res = await apiPost<{ id: number; result?: Partial<DashboardDetail> }>("/api/v1/dashboard/", body);
  void revalidateResource("dashboard");
  return { id: res.id, dashboard_title: res.result?.dashboard_title ?? title };
}
