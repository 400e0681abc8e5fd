import type {
  ChartDetail,
  DatasetDetail,
  ExploreReply,
  ExploreSlice as ExploreSliceReply,
  ExploreStateQuery,
} from "@strata/contracts";
import type { ChartDataset, FormData } from "../../../components/charts";
import { apiGet } from "../../../lib/api-client";
import { useLoadOnce } from "../../../lib/use-load-once";
import { isApiError } from "../../../lib/api-error";
import { withParams } from "../../../lib/rison-query";

/** The saved chart as Explore receives it, its form data read as a chart's. */
export type ExploreSlice = Omit<ExploreSliceReply, "form_data"> & { form_data?: Partial<FormData> | null };

/** Explore's reply with the dataset and form data as the charts read them. */
export interface ExploreResult extends Omit<ExploreReply, "dataset" | "form_data" | "slice"> {
  dataset: ChartDataset;
  form_data: Partial<FormData>;
  slice: ExploreSlice | null;
}

/** What the page opens: the reply's query, and what the URL adds to it. */
export interface ExploreParams extends ExploreStateQuery {
  datasource_type?: string;
  viz_type?: string;
  /** `dashboard_id`: the dashboard the chart was opened from (its colours and filters apply). */
  dashboard_id?: number;
}

/** GET /api/v1/explore/?slice_id=…|datasource_id=…&datasource_type=table[&form_data_key=…] */
export function exploreKey(params: ExploreParams): string {
  return withParams("/api/v1/explore/", {
    slice_id: params.slice_id,
    datasource_id: params.datasource_id,
    datasource_type: params.datasource_id ? (params.datasource_type ?? "table") : undefined,
    form_data_key: params.form_data_key,
    permalink_key: params.permalink_key,
  });
}

function parseParams(text: string | null | undefined): Partial<FormData> {
  try {
    return text ? (JSON.parse(text) as Partial<FormData>) : {};
  } catch {
    return {};
  }
}

/**
 * The same answer assembled from the chart and dataset endpoints, for servers without
 * /api/v1/explore/ (a missing chart or dataset still fails with its own 404).
 */
async function assembleExplore(params: ExploreParams): Promise<ExploreResult> {
  let slice: ExploreSlice | null = null;
  let datasetId = params.datasource_id;
  if (params.slice_id) {
    const chart = (await apiGet<{ result: ChartDetail }>(`/api/v1/chart/${params.slice_id}`)).result;
    const formData = parseParams(chart.params);
    slice = {
      slice_id: chart.id,
      slice_name: chart.slice_name,
      form_data: formData,
      owners: (chart.owners ?? []).map((o) => o.id),
      description: chart.description,
      cache_timeout: chart.cache_timeout,
      dashboards: (chart.dashboards ?? []).map((d) => d.id),
      viz_type: chart.viz_type,
    };
    datasetId = chart.datasource_id;
  }
  const dataset = (await apiGet<{ result: DatasetDetail }>(`/api/v1/dataset/${datasetId}`)).result;
  const formData: Partial<FormData> = {
    ...(slice?.form_data ?? {}),
    ...(slice ? { slice_id: slice.slice_id, viz_type: slice.viz_type ?? slice.form_data?.viz_type } : {}),
    datasource: `${dataset.id}__table`,
  };
  return { dataset: { ...dataset, type: "table" }, form_data: formData, slice, message: null };
}

export async function fetchExplore(params: ExploreParams): Promise<ExploreResult> {
  try {
    return (await apiGet<{ result: ExploreReply }>(exploreKey(params))).result;
  } catch (err) {
    // A permalink lives only in /api/v1/explore/: nothing to assemble it from.
    if (isApiError(err) && (err.status === 404 || err.status === 405) && !params.permalink_key)
      return assembleExplore(params);
    throw err;
  }
}

/**
 * What Explore opens, loaded once per `loadKey` (null: nothing to open): the page decides when
 * it loads again, not the params (the form-data key it writes back must not reload it).
 */
export const useExplore = (loadKey: string | null, params: ExploreParams) =>
  useLoadOnce(loadKey === null ? null : `explore|${loadKey}`, () => fetchExplore(params));
