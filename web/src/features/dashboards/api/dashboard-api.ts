import type { ChartDataset } from "../../../components/charts";
import { apiDelete, apiGet, apiPost, apiPut } from "../../../lib/api-client";
import { withRisonQuery } from "../../../lib/rison-query";
import { revalidateResource } from "../../../lib/resource/resource-write";
import type {
  DashboardChartRow,
  DashboardResponse,
  DataMaskMap,
  NativeFilter,
} from "../model/dashboard-types";
import type { SavePayload } from "../model/save-rules";

const base = (id: number | string) => `/api/v1/dashboard/${id}`;

export const fetchDashboard = (idOrSlug: number | string) =>
  apiGet<{ id: number; result: DashboardResponse }>(base(idOrSlug)).then((r) => r.result);

export const fetchDashboardCharts = (id: number | string) =>
  apiGet<{ result: DashboardChartRow[] }>(`${base(id)}/charts`).then((r) => r.result ?? []);

export type DatasetDetail = Omit<ChartDataset, "type"> & { type?: string };

export const fetchDashboardDatasets = (id: number | string) =>
  apiGet<{ result: DatasetDetail[] }>(`${base(id)}/datasets`).then((r) => r.result ?? []);

export interface SaveResponse {
  id: number;
  result: DashboardResponse;
  last_modified_time: number;
}

/** PUT /api/v1/dashboard/{id}: full save (409 when stale, 403 for non-owners). */
export async function saveDashboard(id: number, payload: Partial<SavePayload> & { published?: boolean }) {
  const res = await apiPut<SaveResponse>(base(id), payload);
  void revalidateResource("dashboard");
  return res;
}

/** PUT /api/v1/dashboard/{id}/filters → the new native_filter_configuration. */
export const saveNativeFilters = (
  id: number,
  body: { modified: NativeFilter[]; deleted: string[]; reordered: string[] },
) => apiPut<{ result: NativeFilter[] }>(`${base(id)}/filters`, body).then((r) => r.result ?? []);

/** PUT /api/v1/dashboard/{id}/colors?mark_updated=false */
export const saveColors = (id: number, colors: Record<string, unknown>) =>
  apiPut<{ result: unknown; last_modified_time: number }>(`${base(id)}/colors?mark_updated=false`, colors);

/** POST /api/v1/dashboard/{id}/copy/ → {result: {id, last_modified_time}} */
export async function copyDashboard(
  id: number,
  body: { dashboard_title: string; css: string; duplicate_slices: boolean; json_metadata: string },
) {
  const res = await apiPost<{ result: { id: number; last_modified_time: number } }>(
    `${base(id)}/copy/`,
    body,
  );
  void revalidateResource("dashboard");
  return res.result;
}

export interface PermalinkState {
  dataMask?: DataMaskMap;
  activeTabs?: string[];
  urlParams?: [string, string][];
  anchor?: string | null;
}

/** POST /api/v1/dashboard/{id}/permalink → {key, url} */
export const createPermalink = (id: number, state: PermalinkState) =>
  apiPost<{ key: string; url: string }>(`${base(id)}/permalink`, state);

/** GET /api/v1/dashboard/permalink/{key} → {state, dashboardId} */
export const fetchPermalink = (key: string) =>
  apiGet<{ state: PermalinkState; dashboardId: string | number }>(
    `/api/v1/dashboard/permalink/${encodeURIComponent(key)}`,
  );

export const fetchFavoriteStatus = (id: number) =>
  apiGet<{ result: { id: number; value: boolean }[] }>(
    withRisonQuery("/api/v1/dashboard/favorite_status/", [id]),
  ).then((r) => r.result?.find((x) => x.id === id)?.value ?? false);

export const setFavorite = (id: number, on: boolean) =>
  on ? apiPost(`${base(id)}/favorites/`) : apiDelete(`${base(id)}/favorites/`);

export interface ChartListRow {
  id: number;
  slice_name: string;
  viz_type: string;
  datasource_id: number;
  datasource_name_text?: string | null;
  params?: string | null;
  description?: string | null;
  changed_on_delta_humanized?: string;
}

export const CHART_PANE_PAGE_SIZE = 200;

/** GET /api/v1/chart/?q= for the builder's chart pane. */
export function chartListKey(search: string): string {
  return withRisonQuery("/api/v1/chart/", {
    filters: search ? [{ col: "slice_name", opr: "ct", value: search }] : [],
    order_column: "changed_on_delta_humanized",
    order_direction: "desc",
    page: 0,
    page_size: CHART_PANE_PAGE_SIZE,
  });
}

export const fetchChartList = (key: string) => apiGet<{ result: ChartListRow[]; count: number }>(key);

export const fetchDataset = (id: number) =>
  apiGet<{ result: DatasetDetail }>(`/api/v1/dataset/${id}`).then((r) => r.result);
