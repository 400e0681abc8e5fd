import type { EmbeddedDashboard } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";
import { fetchDashboard } from "../api/dashboard";
import { fetchDashboardCharts } from "../api/dashboard-charts";
import { fetchDashboardDatasets } from "../api/dashboard-datasets";
import { type Hydrated, hydrate } from "../model/hydrate";

/** `GET /api/v1/embedded_dashboard/{uuid}` (no authentication needed). */
export async function fetchEmbeddedConfig(uuid: string): Promise<EmbeddedDashboard> {
  const { result } = await apiGet<{ result: EmbeddedDashboard }>(
    `/api/v1/embedded_dashboard/${encodeURIComponent(uuid)}`,
  );
  return { ...result, allowed_domains: result.allowed_domains ?? [] };
}

/** The dashboard, its charts and datasets, requested together as the guest. */
export async function loadEmbeddedDashboard(dashboardId: string): Promise<Hydrated> {
  const [dashboard, charts, datasets] = await Promise.all([
    fetchDashboard(dashboardId),
    fetchDashboardCharts(dashboardId),
    fetchDashboardDatasets(dashboardId),
  ]);
  return hydrate(dashboard, charts, datasets);
}
