/**
 * Chart form data → the chart-data request (Superset's buildQuery of each visualisation plugin).
 * One builder for both sides: the SPA queries and saves a chart's query_context with it, and the
 * server builds the same request where it has only form data (example charts, imports without a
 * query context, report and screenshot renders), so what the server draws matches the page.
 * Pure and without dependencies, hence in contracts: the only package the SPA may import.
 */
export {
  BUILD_QUERY,
  type BuildContext,
  buildChartDataRequest,
  buildQueries,
  type RequestOptions,
} from "./build-query.ts";
export { extraFiltersAsAdhoc } from "./filters.ts";
export { columnLabel, ensureArray, isTemporalColumn, metricLabel } from "./labels.ts";
export { isLegacyVizType, LEGACY_VIZ_TYPES, modernFormData } from "./legacy-viz.ts";
export { extraSortMetrics } from "./operators.ts";
export { type SpatialConfig, spatialColumns } from "./spatial.ts";
export type { ChartColumn, ChartDataset, ChartMetric, FormData, OwnState } from "./types.ts";
export { popOffsets } from "./viz/echarts-extra.ts";
export { radiusMetric } from "./viz/maps.ts";
export { tableQueryMode } from "./viz/tables.ts";
