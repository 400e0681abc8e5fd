import type { ChartDataRequestInput } from "@strata/contracts";
import { buildChartDataRequest, type ChartDataset, type FormData } from "../../../components/charts";

/**
 * The Samples pane's request: the dataset's rows under the chart's filters. Only the chart's
 * first query is kept, and without what shapes the chart's figures (post-processing such as a
 * pivot or rolling mean, time comparison, annotation layers): those name the chart's metrics and
 * series, which raw rows don't have, so the server would refuse them.
 */
export function samplesRequest(formData: FormData, dataset: ChartDataset): ChartDataRequestInput {
  const request = buildChartDataRequest(formData, { dataset }, { resultType: "samples" });
  const [first] = request.queries;
  if (!first) return request;
  const { post_processing: _p, time_offsets: _t, annotation_layers: _a, ...query } = first;
  return { ...request, queries: [query] };
}
