import type { ChartDataset } from "../../../components/charts";
import { apiGet } from "../../../lib/api-client";
import { dashboardKey } from "./dashboard";

export type DatasetDetail = Omit<ChartDataset, "type"> & { type?: string };

/** GET /api/v1/dashboard/{id}/datasets → {result: [datasets]} */
export const dashboardDatasetsKey = (id: number | string) => `${dashboardKey(id)}/datasets`;

export const fetchDashboardDatasets = (id: number | string) =>
  apiGet<{ result: DatasetDetail[] }>(dashboardDatasetsKey(id)).then((r) => r.result ?? []);
