import type { DashboardDataset } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";
import { takeEarly } from "../../../lib/early-requests";
import { useLoadOnce } from "../../../lib/use-load-once";
import { dashboardKey } from "./dashboard";

/** GET /api/v1/dashboard/{id}/datasets → {result: [datasets]} */
export const dashboardDatasetsKey = (id: number | string) => `${dashboardKey(id)}/datasets`;

export const fetchDashboardDatasets = (id: number | string) =>
  apiGet<{ result: DashboardDataset[] }>(dashboardDatasetsKey(id)).then((r) => r.result ?? []);

/** The datasets of the dashboard a page shows, loaded once per visit (null: not known yet). */
export const useDashboardDatasets = (idOrSlug: string | null) =>
  useLoadOnce(idOrSlug === null ? null : `dashboard-datasets|${idOrSlug}`, () =>
    takeEarly(dashboardDatasetsKey(idOrSlug!), () => fetchDashboardDatasets(idOrSlug!)),
  );
