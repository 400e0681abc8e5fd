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
import { checkboxControl, sameLabelChoices, selectControl, textControl } from "./control-factory";

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
  choices: sameLabelChoices(ROW_LIMITS),
};

export const seriesLimit: ControlConfig = {
  name: "limit",
  type: "SelectControl",
  label: t("Series limit"),
  description: t("Limits the number of series that get displayed."),
  freeForm: true,
  clearable: true,
  validators: [validateInteger],
  choices: sameLabelChoices([5, 10, 25, 50, 100, 500]),
};

export const sortBy: ControlConfig = {
  name: "timeseries_limit_metric",
  type: "MetricsControl",
  label: t("Sort by"),
  description: t("Metric used to order the results and to pick the top series."),
};

export const orderDesc = checkboxControl("order_desc", t("Sort descending"), true, { renderTrigger: false });

export const rollingType: ControlConfig = {
  name: "rolling_type",
  type: "SelectControl",
  label: t("Rolling function"),
  default: "None",
  choices: sameLabelChoices(ROLLING_TYPES),
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
  choices: sameLabelChoices(TIME_SHIFTS),
};

export const comparisonType: ControlConfig = {
  name: "comparison_type",
  type: "SelectControl",
  label: t("Calculation type"),
  default: "values",
  choices: COMPARISON_TYPES.map((c) => [c, c[0].toUpperCase() + c.slice(1)]),
};

export const resampleRule = selectControl(
  "resample_rule",
  t("Rule"),
  undefined,
  sameLabelChoices(RESAMPLE_RULES),
  {
    freeForm: true,
    clearable: true,
    renderTrigger: false,
  },
);

export const resampleMethod = selectControl(
  "resample_method",
  t("Fill method"),
  undefined,
  sameLabelChoices(RESAMPLE_METHODS),
  { clearable: true, renderTrigger: false },
);

export const stack = selectControl(
  "stack",
  t("Stacked style"),
  undefined,
  [
    ["Stack", t("Stack")],
    ["Expand", t("Expand")],
  ],
  { clearable: true },
);

export const showValue = checkboxControl("show_value", t("Show value"), false);
export const markers = checkboxControl("markerEnabled", t("Marker"), false);
/** A table-like chart's aggregate-only controls hide while it reads raw records. */
export const notRaw: ControlConfig["visibility"] = (fd) => fd.query_mode !== "raw";
/** Table-like charts read up to 10,000 rows unless told otherwise. */
export const rowLimit10k: ControlConfig = { ...rowLimit, default: 10000 };

export const showLegend = checkboxControl("show_legend", t("Show legend"), true);

export const legendOrientation = selectControl(
  "legendOrientation",
  t("Legend orientation"),
  "top",
  [
    ["top", t("Top")],
    ["bottom", t("Bottom")],
    ["left", t("Left")],
    ["right", t("Right")],
  ],
  { visibility: (fd) => fd.show_legend !== false },
);

export const showLabels = checkboxControl("show_labels", t("Show labels"), true);

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

export const xAxisTitle = textControl("x_axis_title", t("X axis title"));
export const yAxisTitle = textControl("y_axis_title", t("Y axis title"));
export const logAxis = checkboxControl("logAxis", t("Logarithmic y-axis"), false);

export const truncateMetric = checkboxControl("truncate_metric", t("Truncate metric"), true, {
  description: t("Whether to drop the metric name from series names when there is only one metric."),
  renderTrigger: false,
});

export const showEmptyColumns = checkboxControl("show_empty_columns", t("Show empty columns"), true, {
  renderTrigger: false,
});

export const sortByMetric = checkboxControl("sort_by_metric", t("Sort by metric"), true, {
  renderTrigger: false,
});

/** Table-like charts read aggregated rows or raw records. */
export const queryMode = selectControl(
  "query_mode",
  t("Query mode"),
  "aggregate",
  [
    ["aggregate", t("Aggregate")],
    ["raw", t("Raw records")],
  ],
  { renderTrigger: false },
);

/** The columns a raw-records query reads (the table adds its own check that some are chosen). */
export const allColumns: ControlConfig = {
  name: "all_columns",
  type: "ColumnsControl",
  label: t("Columns"),
  multi: true,
  columnFilter: "all",
  default: [],
  visibility: (fd) => fd.query_mode === "raw",
};

/** Rows many query sections end with: the filters, the time column and the time range. */
export const timeRows = [[granularity], [timeRange]];
export const filterRows = [[adhocFilters], ...timeRows];

export const legendRows = [[showLegend], [legendOrientation]];

/** The series limit, the metric it ranks by and the order. */
export const seriesLimitRows = [[seriesLimit, sortBy], [orderDesc]];
