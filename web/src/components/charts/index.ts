export { CATEGORICAL_SCHEMES, DEFAULT_COLOR_SCHEME, LINEAR_SCHEMES } from "./colors";
export {
  D3_FORMAT_OPTIONS,
  isValidNumberFormat,
  numberFormatter,
  SMART_NUMBER,
} from "./format/number-format";
export { D3_TIME_FORMAT_OPTIONS, SMART_DATE, timeFormatter } from "./format/time-format";
export type { BuildContext, RequestOptions } from "@strata/contracts/chart-query";
export {
  BUILD_QUERY,
  buildChartDataRequest,
  buildQueries,
  columnLabel,
  ensureArray,
  extraFiltersAsAdhoc,
  isTemporalColumn,
  metricLabel,
} from "@strata/contracts/chart-query";
export type { ChartRenderProps } from "./render/chart-render-props";
export { ChartRenderer } from "./render/chart-renderer";
export { downloadChartImage } from "./render/plotly/plotly-image";
export type { ChartColumn, ChartDataResult, ChartDataset, ChartMetric, FormData, OwnState } from "./types";
export { DEFAULT_VIZ_TYPE, rendererKind, VIZ_TYPES, type VizType, vizTypeLabel } from "./viz-types";
