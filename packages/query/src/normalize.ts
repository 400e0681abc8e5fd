import type { PostProcessingStep, QueryColumn, QueryObject } from "@strata/contracts";
import { columnLabel } from "./sql/columns.ts";

/**
 * The canonical form of a query object: legacy names folded into current ones (groupby →
 * columns, timeseries_limit* → series_limit*), duplicate columns dropped, empty post-processing
 * steps removed. Compilation and cache keys both start from this form.
 */
export function normalizeQueryObject(query: QueryObject): QueryObject {
  const { groupby, timeseries_limit, timeseries_limit_metric, ...rest } = query;
  const columns: QueryColumn[] = [];
  const seen = new Set<string>();
  for (const col of [...(query.columns ?? []), ...(groupby ?? [])]) {
    const label = columnLabel(col);
    if (seen.has(label)) continue;
    seen.add(label);
    columns.push(col);
  }
  const postProcessing = (query.post_processing ?? []).filter((step): step is PostProcessingStep => !!step);
  return {
    ...rest,
    columns,
    filters: query.filters ?? [],
    extras: query.extras ?? {},
    orderby: query.orderby ?? [],
    series_limit: query.series_limit ?? timeseries_limit ?? 0,
    series_limit_metric: query.series_limit_metric ?? timeseries_limit_metric ?? null,
    post_processing: postProcessing,
  };
}
