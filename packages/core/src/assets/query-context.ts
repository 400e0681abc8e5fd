import { ChartDataRequestSchema } from "@strata/contracts";
import { buildChartDataRequest, type ChartDataset, type FormData } from "@strata/contracts/chart-query";
import { queryObjectFromFormData, timeRangeColumns } from "@strata/query";
import * as v from "valibot";
import type { ChartEntity } from "../charts/types.ts";
import type { DatasetEntity } from "../datasets/types.ts";

type Params = Record<string, unknown>;

/**
 * The dataset as the SPA's query builder sees it (Explore's and the dashboard's dataset: the
 * stored columns and metrics as they are). The builder reads which columns are temporal from it
 * (the x-axis time grain, the categorical axis sort, numeric filter values), so a request built
 * without it would differ from the one the page sends.
 */
export function chartDatasetOf(ds: DatasetEntity): ChartDataset {
  return {
    id: ds.id,
    type: "table",
    table_name: ds.table_name,
    schema: ds.schema,
    columns: ds.columns,
    metrics: ds.metrics,
    main_dttm_col: ds.main_dttm_col,
  };
}

/**
 * The chart-data request the SPA builds, and saves as a chart's query_context, for this form
 * data: the same builder (`@strata/contracts/chart-query`), so the server never makes a query of
 * its own that the page would not (a generic one came back unpivoted, ordered by the metric, and
 * a line chart drew zig-zags). Undefined for a visualisation the SPA has no builder for.
 */
export function spaChartDataRequest(formData: Params, dataset?: ChartDataset) {
  const request = buildChartDataRequest(formData as FormData, { dataset });
  return request.queries.length ? request : undefined;
}

/**
 * The query context of a chart that has none (Superset writes none for charts never opened in a
 * recent Explore, and imports may change a chart's type): what the SPA would save for its form
 * data, so reports and the chart's data endpoint work at once. Undefined when the form data can't
 * make a query.
 */
export function queryContextFromParams(
  params: Params,
  datasetId: number,
  dataset?: DatasetEntity,
): string | undefined {
  const formData: Params = { ...params, datasource: `${datasetId}__table` };
  try {
    const request =
      spaChartDataRequest(formData, dataset ? chartDatasetOf(dataset) : undefined) ??
      genericRequest(formData, datasetId, dataset);
    return v.safeParse(ChartDataRequestSchema, request).success ? JSON.stringify(request) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The chart with the query context `queryContextFromParams` builds for it when it was saved with
 * none (as it was otherwise, or when its form data makes no query): what a report of it, or a
 * layer drawn from it, runs.
 */
export function withBuiltQueryContext(chart: ChartEntity, dataset: DatasetEntity | undefined): ChartEntity {
  if (chart.query_context || !chart.datasource_id) return chart;
  let params: unknown;
  try {
    params = JSON.parse(chart.params ?? "{}");
  } catch {
    return chart;
  }
  if (!params || typeof params !== "object" || Array.isArray(params)) return chart;
  const built = queryContextFromParams(params as Params, chart.datasource_id, dataset);
  return built ? { ...chart, query_context: built } : chart;
}

/**
 * A type the SPA can't draw still gets the common controls' query (x-axis, groups, metrics,
 * filters), so its data endpoint and CSV reports keep working as they did.
 */
function genericRequest(formData: Params, datasetId: number, dataset?: DatasetEntity) {
  const timeColumns = dataset ? timeRangeColumns(dataset.columns) : undefined;
  return {
    datasource: { id: datasetId, type: "table" },
    force: false,
    queries: [queryObjectFromFormData(formData, { timeColumns })],
    form_data: formData,
    result_format: "json",
    result_type: "full",
  };
}

/** A saved query context pointed at the dataset the chart now uses (ids differ between instances). */
export function retargetQueryContext(text: string, datasetId: number): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
  const qc = parsed as Record<string, unknown>;
  qc.datasource = { id: datasetId, type: "table" };
  if (qc.form_data && typeof qc.form_data === "object") {
    (qc.form_data as Params).datasource = `${datasetId}__table`;
  }
  return JSON.stringify(qc);
}
