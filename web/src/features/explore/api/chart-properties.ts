import { apiGet } from "../../../lib/api-client";
import { resourceItemPath } from "../../../lib/resource/resource-path";

export interface ChartProperties {
  id: number;
  slice_name: string;
  description?: string | null;
  cache_timeout?: number | null;
  certified_by?: string | null;
  certification_details?: string | null;
  owners: { id: number; first_name?: string | null; last_name?: string | null }[];
  dashboards?: { id: number; dashboard_title: string }[];
}

/** GET /api/v1/chart/{id} */
export const fetchChart = (id: number) =>
  apiGet<{ result: ChartProperties }>(resourceItemPath("chart", id)).then((r) => r.result);
