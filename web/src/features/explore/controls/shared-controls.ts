import {
  COMMON_TIME_GRAINS,
  COMPARISON_TYPES,
  DEFAULT_METRIC,
  NO_TIME_RANGE,
  RESAMPLE_METHODS,
  RESAMPLE_RULES,
  ROLLING_TYPES,
  TIME_GRAIN_NAMES,
  TIME_SHIFTS,
} from "@strata/contracts";
import {
  D3_FORMAT_OPTIONS,
  D3_TIME_FORMAT_OPTIONS,
  DEFAULT_COLOR_SCHEME,
  isTemporalColumn,
  SMART_DATE,
  SMART_NUMBER,
} from "../../../components/charts";
import { t } from "../../../lib/i18n";
import type { Choice, ControlConfig, ControlContext } from "../model/control-types";
import { validateD3Format, validateInteger, validateNonEmpty } from "../model/validators";

/** Controls shared by many visualisations (Superset's sharedControls). */

export const DEFAULT_ADHOC_METRIC = {
  expressionType: "SQL",
  sqlExpression: DEFAULT_METRIC,
  label: DEFAULT_METRIC,
};

export const temporalColumns = (ctx: ControlContext) =>
  ctx.dataset.columns.filter((c) => isTemporalColumn(c));

export function defaultTemporalColumn(ctx: ControlContext): string | undefined {
  return ctx.dataset.main_dttm_col ?? temporalColumns(ctx)[0]?.column_name;
}

const xAxisIsTemporal = (fd: ControlContext["formData"], ctx: ControlContext) => {
  const x = fd.x_axis;
  return typeof x === "string" && isTemporalColumn(ctx.dataset.columns.find((c) => c.column_name === x));
};

export const metrics: ControlConfig = {
  name: "metrics",
  type: "MetricsControl",
  label: t("Metrics"),
  multi: true,
  validators: [validateNonEmpty],
  required: true,
  default: () => [DEFAULT_ADHOC_METRIC],
};

export const metric: ControlConfig = {
  name: "metric",
  type: "MetricsControl",
  label: t("Metric"),
  validators: [validateNonEmpty],
  required: true,
  default: () => DEFAULT_ADHOC_METRIC,
};

export const groupby: ControlConfig = {
  name: "groupby",
  type: "ColumnsControl",
  label: t("Dimensions"),
  description: t("Dimensions contain qualitative values such as names, dates, or geographical data."),
  multi: true,
  columnFilter: "groupby",
  default: [],
};

export const xAxis: ControlConfig = {
  name: "x_axis",
  type: "ColumnsControl",
  label: t("X-axis"),
  description: t("Dimension to use on x-axis."),
  columnFilter: "groupby",
  required: true,
  hideError: true,
  validators: [validateNonEmpty],
  default: defaultTemporalColumn,
};

export const timeGrain: ControlConfig = {
  name: "time_grain_sqla",
  type: "SelectControl",
  label: t("Time grain"),
  description: t("Select a time grain for the visualization."),
  clearable: true,
  default: "P1D",
  choices: (ctx) =>
    ctx.dataset.time_grain_sqla?.length
      ? ctx.dataset.time_grain_sqla.map(([key, label]): Choice => [key, TIME_GRAIN_NAMES[key] ?? label])
      : COMMON_TIME_GRAINS.map(([key, label]): Choice => [key, label]),
  visibility: (fd, ctx) => xAxisIsTemporal(fd, ctx),
};

export const granularity: ControlConfig = {
  name: "granularity_sqla",
  type: "SelectControl",
  label: t("Time column"),
  description: t("The time column the time range applies to."),
  clearable: true,
  default: defaultTemporalColumn,
  choices: (ctx) => temporalColumns(ctx).map((c) => [c.column_name, c.verbose_name || c.column_name]),
};

export const timeRange: ControlConfig = {
  name: "time_range",
  type: "TimeRangeControl",
  label: t("Time range"),
  default: NO_TIME_RANGE,
  visibility: (fd) => Boolean(fd.granularity_sqla),
};

export const adhocFilters: ControlConfig = {
  name: "adhoc_filters",
  type: "AdhocFilterControl",
  label: t("Filters"),
  default: [],
};

const ROW_LIMITS = [10, 50, 100, 250, 500, 1000, 5000, 10000, 50000, 100000];
export const rowLimit: ControlConfig = {
  name: "row_limit",
  type: "SelectControl",
  label: t("Row limit"),
  freeForm: true,
  clearable: false,
  validators: [validateInteger],
  default: 1000,
  choices: ROW_LIMITS.map((n) => [n, String(n)]),
};

export const seriesLimit: ControlConfig = {
  name: "limit",
  type: "SelectControl",
  label: t("Series limit"),
  description: t("Limits the number of series that get displayed."),
  freeForm: true,
  clearable: true,
  validators: [validateInteger],
  choices: [5, 10, 25, 50, 100, 500].map((n) => [n, String(n)]),
};

export const sortBy: ControlConfig = {
  name: "timeseries_limit_metric",
  type: "MetricsControl",
  label: t("Sort by"),
  description: t("Metric used to order the results and to pick the top series."),
};

export const orderDesc: ControlConfig = {
  name: "order_desc",
  type: "CheckboxControl",
  label: t("Sort descending"),
  default: true,
};

export const rollingType: ControlConfig = {
  name: "rolling_type",
  type: "SelectControl",
  label: t("Rolling function"),
  default: "None",
  choices: ROLLING_TYPES.map((r) => [r, r]),
};

const windowed = (fd: ControlContext["formData"]) => ["mean", "sum", "std"].includes(String(fd.rolling_type));

export const rollingPeriods: ControlConfig = {
  name: "rolling_periods",
  type: "TextControl",
  label: t("Periods"),
  description: t("Size of the rolling window, in periods."),
  isInt: true,
  validators: [validateInteger],
  visibility: windowed,
};

export const minPeriods: ControlConfig = {
  name: "min_periods",
  type: "TextControl",
  label: t("Min periods"),
  description: t("The minimum number of periods required to show a value."),
  isInt: true,
  validators: [validateInteger],
  visibility: windowed,
};

export const timeCompare: ControlConfig = {
  name: "time_compare",
  type: "SelectControl",
  label: t("Time shift"),
  description: t("Overlay results from a relative time period."),
  multi: true,
  freeForm: true,
  default: [],
  choices: TIME_SHIFTS.map((s) => [s, s]),
};

export const comparisonType: ControlConfig = {
  name: "comparison_type",
  type: "SelectControl",
  label: t("Calculation type"),
  default: "values",
  choices: COMPARISON_TYPES.map((c) => [c, c[0].toUpperCase() + c.slice(1)]),
};

export const resampleRule: ControlConfig = {
  name: "resample_rule",
  type: "SelectControl",
  label: t("Rule"),
  freeForm: true,
  clearable: true,
  choices: RESAMPLE_RULES.map((r) => [r, r]),
};

export const resampleMethod: ControlConfig = {
  name: "resample_method",
  type: "SelectControl",
  label: t("Fill method"),
  clearable: true,
  choices: RESAMPLE_METHODS.map((m) => [m, m]),
};

export const stack: ControlConfig = {
  name: "stack",
  type: "SelectControl",
  label: t("Stacked style"),
  clearable: true,
  choices: [
    ["Stack", t("Stack")],
    ["Expand", t("Expand")],
  ],
  renderTrigger: true,
};

export const showValue: ControlConfig = {
  name: "show_value",
  type: "CheckboxControl",
  label: t("Show value"),
  default: false,
  renderTrigger: true,
};

export const showLegend: ControlConfig = {
  name: "show_legend",
  type: "CheckboxControl",
  label: t("Show legend"),
  default: true,
  renderTrigger: true,
};

export const legendOrientation: ControlConfig = {
  name: "legendOrientation",
  type: "SelectControl",
  label: t("Legend orientation"),
  default: "top",
  choices: [
    ["top", t("Top")],
    ["bottom", t("Bottom")],
    ["left", t("Left")],
    ["right", t("Right")],
  ],
  renderTrigger: true,
  visibility: (fd) => fd.show_legend !== false,
};

export const showLabels: ControlConfig = {
  name: "show_labels",
  type: "CheckboxControl",
  label: t("Show labels"),
  default: true,
  renderTrigger: true,
};

export const colorScheme: ControlConfig = {
  name: "color_scheme",
  type: "ColorSchemeControl",
  label: t("Color scheme"),
  default: DEFAULT_COLOR_SCHEME,
  renderTrigger: true,
};

const numberFormatControl = (name: string, label: string): ControlConfig => ({
  name,
  type: "SelectControl",
  label,
  description: t("D3 format syntax: https://github.com/d3/d3-format"),
  freeForm: true,
  default: SMART_NUMBER,
  choices: D3_FORMAT_OPTIONS,
  validators: [validateD3Format],
  renderTrigger: true,
});

export const yAxisFormat = numberFormatControl("y_axis_format", t("Y axis format"));
export const numberFormat = numberFormatControl("number_format", t("Number format"));

export const xAxisTimeFormat: ControlConfig = {
  name: "x_axis_time_format",
  type: "SelectControl",
  label: t("Time format"),
  freeForm: true,
  default: SMART_DATE,
  choices: D3_TIME_FORMAT_OPTIONS,
  renderTrigger: true,
};

export const xAxisTitle: ControlConfig = {
  name: "x_axis_title",
  type: "TextControl",
  label: t("X axis title"),
  renderTrigger: true,
};
export const yAxisTitle: ControlConfig = {
  name: "y_axis_title",
  type: "TextControl",
  label: t("Y axis title"),
  renderTrigger: true,
};
export const logAxis: ControlConfig = {
  name: "logAxis",
  type: "CheckboxControl",
  label: t("Logarithmic y-axis"),
  default: false,
  renderTrigger: true,
};

export const truncateMetric: ControlConfig = {
  name: "truncate_metric",
  type: "CheckboxControl",
  label: t("Truncate metric"),
  description: t("Whether to drop the metric name from series names when there is only one metric."),
  default: true,
};

export const showEmptyColumns: ControlConfig = {
  name: "show_empty_columns",
  type: "CheckboxControl",
  label: t("Show empty columns"),
  default: true,
};

export const sortByMetric: ControlConfig = {
  name: "sort_by_metric",
  type: "CheckboxControl",
  label: t("Sort by metric"),
  default: true,
};
