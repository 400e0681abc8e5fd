import { apiGet } from "../../../lib/api-client";
import { resourceItemPath } from "../../../lib/resource/resource-path";
import type { DashboardChartRow } from "../model/dashboard-types";

/** GET /api/v1/chart/{id} → {result}: a chart added to the dashboard from the builder pane. */
export const fetchChart = (id: number) =>
  apiGet<{ result: DashboardChartRow }>(resourceItemPath("chart", id)).then((r) => r.result);
