import type { ChartDataRequestInput, QueryObject } from "@strata/contracts";
import { buildChartDataRequest, type ChartDataset, type FormData } from "../../../components/charts";
import { pageUrlParams } from "../../../lib/page-url-params";
import { crossFilterScope } from "./cross-filter";
import type {
  DashboardChart,
  DashboardMetadata,
  DataMaskMap,
  ExtraFormData,
  NativeFilter,
} from "./dashboard-types";
import { applyExtraFormData, chartExtraFormData, filterColumn, filterDatasetId } from "./data-mask";
import { withDashboardColors } from "./label-colors";
import type { Layout } from "./layout-types";

/** The chart's form data on this dashboard, with the filters that apply to it. */
export function dashboardFormData(
  chart: DashboardChart,
  dashboardId: number,
  extra: ExtraFormData,
  dataset?: ChartDataset,
): FormData {
  // The dashboard URL's own parameters reach the chart's SQL templates (url_param), as in Superset.
  const urlParams = pageUrlParams();
  const fd: FormData = {
    ...chart.formData,
    slice_id: chart.id,
    dashboardId,
    ...(Object.keys(urlParams).length ? { url_params: urlParams } : {}),
  };
  return applyExtraFormData(fd, extra, dataset);
}

/**
 * The filters that apply to a chart on this dashboard: native filters scoped to it and the cross
 * filters of the charts whose scope holds it. The holder and the requests sent ahead both use it.
 */
export function dashboardChartExtra(
  chartId: number,
  filters: NativeFilter[],
  dataMask: DataMaskMap,
  layout: Layout,
  metadata: DashboardMetadata,
): ExtraFormData {
  return chartExtraFormData(chartId, filters, dataMask, layout, (emitter) =>
    crossFilterScope(metadata, layout, emitter),
  );
}

/** The dashboard's colours a chart draws with (its metadata's scheme and label colours). */
export interface DashboardColors {
  scheme?: string;
  labelColors?: Record<string, string>;
  mapLabelColors?: Record<string, string>;
}

/**
 * A chart's form data as the dashboard shows it: its own, the filters that apply to it (`extra`)
 * and the dashboard's colours. The chart's holder and the requests sent ahead of it both build it
 * here, so both ask the same query.
 */
export function dashboardChartFormData(
  chart: DashboardChart,
  dataset: ChartDataset | undefined,
  dashboardId: number,
  extra: ExtraFormData,
  colors: DashboardColors,
): FormData {
  return withDashboardColors(dashboardFormData(chart, dashboardId, extra, dataset), {
    dashboardId,
    ...colors,
  });
}

export function dashboardChartRequest(
  fd: FormData,
  dataset: ChartDataset | undefined,
  force = false,
): ChartDataRequestInput {
  return buildChartDataRequest(fd, { dataset }, { force });
}

export const FILTER_OPTIONS_LIMIT = 1000;

/** The distinct values of a value filter's column (its options), narrowed by its parents' values. */
export function filterOptionsRequest(
  filter: NativeFilter,
  parents: ExtraFormData,
  search?: string,
): ChartDataRequestInput | null {
  const col = filterColumn(filter);
  const datasetId = filterDatasetId(filter);
  if (!col || !datasetId) return null;
  const query: QueryObject = {
    columns: [col],
    metrics: [],
    filters: [...(parents.filters ?? [])],
    orderby: [[col, filter.controlValues?.sortAscending !== false]],
    row_limit: FILTER_OPTIONS_LIMIT,
    extras: {},
    ...(parents.time_range ? { time_range: parents.time_range } : {}),
    ...(parents.granularity_sqla ? { granularity: parents.granularity_sqla } : {}),
  };
  if (search) query.filters = [...(query.filters ?? []), { col, op: "ILIKE", val: `%${search}%` }];
  return {
    datasource: { id: datasetId, type: "table" },
    force: false,
    queries: [query],
    form_data: { viz_type: "filter_select", datasource: `${datasetId}__table` },
    result_format: "json",
    result_type: "full",
  };
}

/** Minimum and maximum of a range filter's column. */
export function filterRangeRequest(filter: NativeFilter): ChartDataRequestInput | null {
  const col = filterColumn(filter);
  const datasetId = filterDatasetId(filter);
  if (!col || !datasetId) return null;
  return {
    datasource: { id: datasetId, type: "table" },
    force: false,
    queries: [
      {
        columns: [],
        metrics: [
          { expressionType: "SIMPLE", aggregate: "MIN", column: { column_name: col }, label: "min" },
          { expressionType: "SIMPLE", aggregate: "MAX", column: { column_name: col }, label: "max" },
        ],
        filters: [],
        row_limit: 1,
      },
    ],
    form_data: { viz_type: "filter_range", datasource: `${datasetId}__table` },
    result_format: "json",
    result_type: "full",
  };
}
