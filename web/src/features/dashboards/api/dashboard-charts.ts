import type { DashboardChartRow } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";
import { takeEarly } from "../../../lib/early-requests";
import { useLoadOnce } from "../../../lib/use-load-once";
import { dashboardKey } from "./dashboard";

/** GET /api/v1/dashboard/{id}/charts → {result: [chart rows]} */
export const dashboardChartsKey = (id: number | string) => `${dashboardKey(id)}/charts`;

export const fetchDashboardCharts = (id: number | string) =>
  apiGet<{ result: DashboardChartRow[] }>(dashboardChartsKey(id)).then((r) => r.result ?? []);

/** The charts of the dashboard a page shows, loaded once per visit (null: not known yet). */
export const useDashboardCharts = (idOrSlug: string | null) =>
  useLoadOnce(idOrSlug === null ? null : `dashboard-charts|${idOrSlug}`, () =>
    takeEarly(dashboardChartsKey(idOrSlug!), () => fetchDashboardCharts(idOrSlug!)),
  );
