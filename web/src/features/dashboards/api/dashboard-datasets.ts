import type { DashboardDataset } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";
import { dashboardKey } from "./dashboard";

/** GET /api/v1/dashboard/{id}/datasets → {result: [datasets]} */
export const dashboardDatasetsKey = (id: number | string) => `${dashboardKey(id)}/datasets`;

export const fetchDashboardDatasets = (id: number | string) =>
  apiGet<{ result: DashboardDataset[] }>(dashboardDatasetsKey(id)).then((r) => r.result ?? []);
