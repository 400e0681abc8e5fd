import type { FormData } from "../../../components/charts";
import { apiGet, apiPost, apiPut } from "../../../lib/api-client";
import { withParams } from "../../../lib/rison-query";

interface KeyBody {
  datasource_id: number;
  datasource_type: string;
  form_data: string;
  chart_id?: number;
}

function body(fd: FormData, datasourceId: number, chartId?: number | null): KeyBody {
  return {
    datasource_id: datasourceId,
    datasource_type: "table",
    form_data: JSON.stringify(fd),
    ...(chartId ? { chart_id: chartId } : {}),
  };
}

/** POST /api/v1/explore/form_data → {key}: the unsaved state of an Explore tab. */
export const createFormDataKey = (fd: FormData, datasourceId: number, chartId?: number | null) =>
  apiPost<{ key: string }>("/api/v1/explore/form_data", body(fd, datasourceId, chartId)).then((r) => r.key);

/** PUT /api/v1/explore/form_data/{key} → {message} */
export const updateFormDataKey = (key: string, fd: FormData, datasourceId: number, chartId?: number | null) =>
  apiPut<{ message: string }>(
    `/api/v1/explore/form_data/${encodeURIComponent(key)}`,
    body(fd, datasourceId, chartId),
  );

/** GET /api/v1/explore/form_data/{key} → {form_data} (JSON text) */
export async function fetchFormDataKey(key: string): Promise<Partial<FormData> | null> {
  const res = await apiGet<{ form_data: string }>(`/api/v1/explore/form_data/${encodeURIComponent(key)}`);
  try {
    return JSON.parse(res.form_data) as Partial<FormData>;
  } catch {
    return null;
  }
}

/** POST /api/v1/explore/permalink {formData, urlParams} → {key, url} */
export const createPermalink = (fd: FormData, urlParams: [string, string][]) =>
  apiPost<{ key: string; url: string }>("/api/v1/explore/permalink", { formData: fd, urlParams });

/** The explore URL of the current state. */
export function exploreUrl(params: Record<string, string | number | undefined | null>): string {
  return withParams("/explore/", params);
}
