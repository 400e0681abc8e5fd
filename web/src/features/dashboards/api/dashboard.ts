import type { DashboardDetail } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";
import { resourceItemPath } from "../../../lib/resource/resource-path";

/** GET /api/v1/dashboard/{id or slug} → {id, result} */
export const dashboardKey = (idOrSlug: number | string) => resourceItemPath("dashboard", idOrSlug);

export const fetchDashboard = (idOrSlug: number | string) =>
  apiGet<{ id: number; result: DashboardDetail }>(dashboardKey(idOrSlug)).then((r) => r.result);
