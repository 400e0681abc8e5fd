import type { ExploreFormDataRequest } from "@strata/contracts";
import type { FormData } from "../../../components/charts";
import { apiPost } from "../../../lib/api-client";

/** `/explore/?slice_id=N&dashboard_id=M`: Explore applies the dashboard's colours and filter defaults. */
export const exploreChartPath = (chartId: number, dashboardId: number) =>
  `/explore/?slice_id=${chartId}&dashboard_id=${dashboardId}`;

/**
 * Explore for a chart as the dashboard shows it now, as Superset's "Edit chart" does: the chart's
 * form data with the dashboard's current filter values and colours is stored under a form-data
 * key, so Explore opens with the same filters, not only the defaults.
 */
export async function exploreChartUrl(
  formData: FormData,
  chartId: number,
  datasourceId: number,
  dashboardId: number,
): Promise<string> {
  const body: ExploreFormDataRequest = {
    datasource_id: datasourceId,
    datasource_type: "table",
    form_data: JSON.stringify(formData),
    chart_id: chartId,
  };
  const { key } = await apiPost<{ key: string }>("/api/v1/explore/form_data", body);
  return `${exploreChartPath(chartId, dashboardId)}&form_data_key=${encodeURIComponent(key)}`;
}
