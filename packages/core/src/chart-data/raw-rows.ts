import type { ChartDataRequest } from "@strata/contracts";

/** Result types that answer with the dataset's own rows rather than the chart's figures. */
const RAW_ROWS = new Set<string>(["samples", "drill_detail", "columns"]);

/**
 * A samples (or drill to detail, or columns) request is the dataset's rows: the chart's shaping
 * has nothing to act on. Its post-processing names the chart's metrics and groupings (a rolling
 * mean over `SUM(num)`, a pivot on `gender`), which those rows don't have, so it is dropped, as
 * Superset does; so are time comparison and annotation layers, which only make sense for the
 * chart's aggregated series. Clients (Superset's own SPA among them) send them along anyway.
 */
export function withoutChartShaping(req: ChartDataRequest): ChartDataRequest {
  if (!RAW_ROWS.has(req.result_type ?? "full")) return req;
  return {
    ...req,
    queries: req.queries.map(({ post_processing: _p, time_offsets: _t, annotation_layers: _a, ...q }) => q),
  };
}
