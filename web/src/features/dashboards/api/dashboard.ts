import type { DashboardDetail } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";
import { takeEarly } from "../../../lib/early-requests";
import { resourceItemPath } from "../../../lib/resource/resource-path";
import { useLoadOnce } from "../../../lib/use-load-once";

/** GET /api/v1/dashboard/{id or slug} → {id, result} */
export const dashboardKey = (idOrSlug: number | string) => resourceItemPath("dashboard", idOrSlug);

export const fetchDashboard = (idOrSlug: number | string) =>
  apiGet<{ id: number; result: DashboardDetail }>(dashboardKey(idOrSlug)).then((r) => r.result);

/** The dashboard a page shows, loaded once per visit (null: not known yet). */
export const useDashboardDetail = (idOrSlug: string | null) =>
  useLoadOnce(idOrSlug === null ? null : `dashboard|${idOrSlug}`, () =>
    takeEarly(dashboardKey(idOrSlug!), () => fetchDashboard(idOrSlug!)),
  );
