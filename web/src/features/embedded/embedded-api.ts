import { apiGet } from "../../lib/api-client";
import { fetchDashboard } from "../dashboards/api/dashboard";
import { fetchDashboardCharts } from "../dashboards/api/dashboard-charts";
import { fetchDashboardDatasets } from "../dashboards/api/dashboard-datasets";
import { type Hydrated, hydrate } from "../dashboards/model/hydrate";

export interface EmbeddedConfig {
  uuid: string;
  dashboard_id: string;
  allowed_domains: string[];
}

/** `GET /api/v1/embedded_dashboard/{uuid}` (no authentication needed). */
export async function fetchEmbeddedConfig(uuid: string): Promise<EmbeddedConfig> {
  const { result } = await apiGet<{ result: EmbeddedConfig }>(
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
