import type { DashboardChartRow } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";
import { dashboardKey } from "./dashboard";

/** GET /api/v1/dashboard/{id}/charts → {result: [chart rows]} */
export const dashboardChartsKey = (id: number | string) => `${dashboardKey(id)}/charts`;

export const fetchDashboardCharts = (id: number | string) =>
  apiGet<{ result: DashboardChartRow[] }>(dashboardChartsKey(id)).then((r) => r.result ?? []);
