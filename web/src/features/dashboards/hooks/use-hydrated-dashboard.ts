import { useMemo } from "react";
import { useDashboardDetail } from "../api/dashboard";
import { useDashboardCharts } from "../api/dashboard-charts";
import { useDashboardDatasets } from "../api/dashboard-datasets";
import { type Hydrated, hydrate } from "../model/hydrate";

/**
 * A dashboard with its charts and datasets, ready to show: the three are requested together (no
 * waterfall) and loaded once per visit. The first failure among them is the page's error.
 */
export function useHydratedDashboard(idOrSlug: string | null): { data?: Hydrated; error?: unknown } {
  const dashboard = useDashboardDetail(idOrSlug);
  const charts = useDashboardCharts(idOrSlug);
  const datasets = useDashboardDatasets(idOrSlug);
  const data = useMemo(
    () =>
      dashboard.data && charts.data && datasets.data
        ? hydrate(dashboard.data, charts.data, datasets.data)
        : undefined,
    [dashboard.data, charts.data, datasets.data],
  );
  return { data, error: dashboard.error ?? charts.error ?? datasets.error };
}
