import { prefetchCsrfToken } from "../../../lib/api-client";
import { knownSignedOut } from "../../../lib/auth/me-roles";
import { startEarly } from "../../../lib/early-requests";
import { dashboardKey, fetchDashboard } from "./dashboard";
import { dashboardChartsKey, fetchDashboardCharts } from "./dashboard-charts";
import { dashboardDatasetsKey, fetchDashboardDatasets } from "./dashboard-datasets";

/**
 * The dashboard route's loader: the three requests its page opens with (the dashboard, its charts,
 * its datasets) start as navigation begins, while the page's code loads, and the page takes their
 * answers (see early-requests.ts); so does the CSRF token its chart-data batch will send. It never
 * holds navigation back: it returns at once.
 */
export function startDashboardRequests({ params }: { params: { idOrSlug?: string } }): null {
  const idOrSlug = params.idOrSlug;
  if (!idOrSlug || knownSignedOut()) return null;
  startEarly(dashboardKey(idOrSlug), () => fetchDashboard(idOrSlug));
  startEarly(dashboardChartsKey(idOrSlug), () => fetchDashboardCharts(idOrSlug));
  startEarly(dashboardDatasetsKey(idOrSlug), () => fetchDashboardDatasets(idOrSlug));
  prefetchCsrfToken();
  return null;
}
