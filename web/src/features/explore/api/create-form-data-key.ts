import type { ExploreFormDataRequest } from "@strata/contracts";
import type { FormData } from "../../../components/charts";
import { apiPost } from "../../../lib/api-client";

/** The body both the POST and the PUT of a form-data key send. */
export function formDataKeyBody(
  fd: FormData,
  datasourceId: number,
  chartId?: number | null,
): ExploreFormDataRequest {
  return {
    datasource_id: datasourceId,
    datasource_type: "table",
    form_data: JSON.stringify(fd),
    ...(chartId ? { chart_id: chartId } : {}),
  };
}

/** POST /api/v1/explore/form_data → {key}: the unsaved state of an Explore tab. */
export const createFormDataKey = (fd: FormData, datasourceId: number, chartId?: number | null) =>
  apiPost<{ key: string }>("/api/v1/explore/form_data", formDataKeyBody(fd, datasourceId, chartId)).then(
    (r) => r.key,
  );
