import { t } from "../../../lib/i18n";
import type { ControlConfig, ControlPanel, ControlSection } from "../model/control-types";
import { validateInteger, validateNonEmpty, validateNumber } from "../model/validators";
import { annotationLayersSection } from "../components/annotations/annotation-section";
import { echartsExtraPanels } from "./panels-echarts-extra";
import * as c from "./shared-controls";
import { TABLES_OTHERS_PANELS } from "./panels-tables-others";
import { MAP_CONTROL_PANELS } from "./panels-maps";
import * as sort from "./x-axis-sort-controls";

const section = (
  label: string,
  tab: ControlSection["tab"],
  rows: ControlConfig[][],
  expanded = true,
): ControlSection => ({
  label,
  tab,
  rows,
  expanded,
});

const filtersRows = [[c.adhocFilters], [c.granularity], [c.timeRange]];

const advancedAnalytics = section(
  t("Advanced analytics"),
  "data",
  [
    [c.rollingType],
    [c.rollingPeriods, c.minPeriods],
    [c.timeCompare, c.comparisonType],
    [c.resampleRule, c.resampleMethod],
  ],
  false,
);

const legend = section(t("Legend"), "customize", [[c.showLegend], [c.legendOrientation]]);

const axes = section(t("Axes"), "customize", [
  [c.xAxisTitle],
  [c.xAxisTimeFormat],
  [c.yAxisTitle],
  [c.yAxisFormat],
  [c.logAxis],
]);

function timeseriesPanel(extraOptions: ControlConfig[][]): ControlPanel {
  return {
    sections: [
      section(t("Query"), "data", [
        [c.xAxis],
        [c.timeGrain],
        [sort.xAxisSort],
        [sort.xAxisSortAsc],
        [sort.xAxisSortSeries],
        [sort.xAxisSortSeriesAscending],
        [c.metrics],
        [c.groupby],
        ...filtersRows,
        [c.seriesLimit, c.sortBy],
        [c.orderDesc],
        [c.rowLimit],
        [c.truncateMetric, c.showEmptyColumns],
      ]),
      advancedAnalytics,
      annotationLayersSection,
      section(t("Chart options"), "customize", [[c.colorScheme], ...extraOptions, [c.showValue]]),
      legend,
      axes,
    ],
  };
}

const seriesStyle: ControlConfig = {
  name: "seriesType",
  type: "SelectControl",
  label: t("Series style"),
  default: "line",
  choices: [
    ["line", t("Line")],
    ["smooth", t("Smooth line")],
    ["step", t("Step")],
  ],
  renderTrigger: true,
};

const markers: ControlConfig = {
  name: "markerEnabled",
  type: "CheckboxControl",
  label: t("Marker"),
  default: false,
  renderTrigger: true,
};

const orientation: ControlConfig = {
  name: "orientation",
  type: "SelectControl",
  label: t("Bar orientation"),
  default: "vertical",
  choices: [
    ["vertical", t("Vertical")],
    ["horizontal", t("Horizontal")],
  ],
  renderTrigger: true,
};

const mixedQuery = (suffix: "" | "_b", label: string): ControlSection =>
  section(label, "data", [
    [{ ...c.metrics, name: `metrics${suffix}` }],
    [{ ...c.groupby, name: `groupby${suffix}` }],
    [{ ...c.adhocFilters, name: `adhoc_filters${suffix}` }],
    [
      { ...c.seriesLimit, name: `limit${suffix}` },
      { ...c.sortBy, name: `timeseries_limit_metric${suffix}` },
    ],
    [{ ...c.orderDesc, name: `order_desc${suffix}` }],
    [{ ...c.rowLimit, name: `row_limit${suffix}` }],
    [
      {
        name: `seriesType${suffix === "" ? "" : "B"}`,
        type: "SelectControl",
        label: t("Series type"),
        default: suffix === "" ? "line" : "bar",
        choices: [
          ["line", t("Line")],
          ["scatter", t("Scatter")],
          ["smooth", t("Smooth line")],
          ["bar", t("Bar")],
          ["area", t("Area")],
          ["start", t("Step - start")],
        ],
        renderTrigger: true,
      },
      {
        name: `yAxisIndex${suffix === "" ? "" : "B"}`,
        type: "SelectControl",
        label: t("Y axis"),
        default: suffix === "" ? 0 : 1,
        choices: [
          [0, t("Primary")],
          [1, t("Secondary")],
        ],
        renderTrigger: true,
      },
    ],
  ]);

const categoryPanel = (groupLabel: string, extra: ControlConfig[][] = []): ControlPanel => ({
  sections: [
    section(t("Query"), "data", [
      [{ ...c.groupby, label: groupLabel }],
      [c.metric],
      ...filtersRows,
      [c.rowLimit],
      [c.sortByMetric],
    ]),
    section(t("Chart options"), "customize", [[c.colorScheme], [c.showLabels], [c.numberFormat], ...extra]),
  ],
});

const hasValues = (v: unknown) =>
  Array.isArray(v) ? v.length > 0 : v !== null && v !== undefined && v !== "";

/** An aggregated table needs something to select (Superset's message). */
const tableNeedsColumns = (_v: unknown, fd: Record<string, unknown>) =>
  fd.query_mode !== "raw" &&
  !hasValues(fd.groupby) &&
  !hasValues(fd.metrics) &&
  !hasValues(fd.percent_metrics)
    ? t("Group By, Metrics or Percentage Metrics must have a value")
    : false;

const tableControls = {
  queryMode: {
    name: "query_mode",
    type: "SelectControl",
    label: t("Query mode"),
    default: "aggregate",
    choices: [
      ["aggregate", t("Aggregate")],
      ["raw", t("Raw records")],
    ],
  } satisfies ControlConfig,
  allColumns: {
    name: "all_columns",
    type: "ColumnsControl",
    label: t("Columns"),
    multi: true,
    columnFilter: "all",
    default: [],
    visibility: (fd) => fd.query_mode === "raw",
    validators: [(v, fd) => (fd.query_mode === "raw" ? validateNonEmpty(v, fd) : false)],
  } satisfies ControlConfig,
  percentMetrics: {
    name: "percent_metrics",
    type: "MetricsControl",
    label: t("Percentage metrics"),
    multi: true,
    default: [],
    visibility: (fd) => fd.query_mode !== "raw",
  } satisfies ControlConfig,
};

export const CONTROL_PANELS: Record<string, ControlPanel> = {
  ...TABLES_OTHERS_PANELS,
  ...MAP_CONTROL_PANELS,
  ...echartsExtraPanels({ timeseriesPanel }),
  echarts_timeseries_line: timeseriesPanel([[seriesStyle, markers], [c.stack]]),
  echarts_timeseries_bar: timeseriesPanel([[orientation], [c.stack]]),
  echarts_area: timeseriesPanel([[c.stack], [markers]]),
  echarts_timeseries_scatter: timeseriesPanel([]),
  mixed_timeseries: {
    sections: [
      section(t("Shared query fields"), "data", [[c.xAxis], [c.timeGrain], [c.granularity], [c.timeRange]]),
      mixedQuery("", t("Query A")),
      mixedQuery("_b", t("Query B")),
      annotationLayersSection,
      section(t("Chart options"), "customize", [[c.colorScheme], [c.showValue]]),
      legend,
      axes,
    ],
  },
  table: {
    sections: [
      section(t("Query"), "data", [
        [tableControls.queryMode],
        [{ ...c.groupby, visibility: (fd) => fd.query_mode !== "raw" }],
        [
          {
            ...c.metrics,
            visibility: (fd) => fd.query_mode !== "raw",
            required: false,
            validators: [tableNeedsColumns],
            default: [],
          },
        ],
        [tableControls.allColumns],
        [tableControls.percentMetrics],
        [{ ...c.timeGrain, visibility: (fd) => fd.query_mode !== "raw" }],
        ...filtersRows,
        [{ ...c.sortBy, label: t("Sort by"), visibility: (fd) => fd.query_mode !== "raw" }],
        [{ ...c.orderDesc, visibility: (fd) => fd.query_mode !== "raw" }],
        [{ ...c.rowLimit, default: 10000 }],
        [
          {
            name: "server_pagination",
            type: "CheckboxControl",
            label: t("Server pagination"),
            default: false,
          },
          {
            name: "server_page_length",
            type: "SelectControl",
            label: t("Server page length"),
            default: 10,
            choices: [10, 20, 50, 100, 200].map((n) => [n, String(n)]),
            visibility: (fd) => Boolean(fd.server_pagination),
          },
        ],
      ]),
      section(t("Options"), "customize", [
        [
          {
            name: "page_length",
            type: "SelectControl",
            label: t("Page length"),
            default: 0,
            choices: [[0, t("All")], ...[10, 20, 50, 100, 200].map((n): [number, string] => [n, String(n)])],
            renderTrigger: true,
          },
        ],
        [
          {
            name: "include_search",
            type: "CheckboxControl",
            label: t("Search box"),
            default: false,
            renderTrigger: true,
          },
        ],
        [
          {
            name: "show_cell_bars",
            type: "CheckboxControl",
            label: t("Cell bars"),
            default: true,
            renderTrigger: true,
          },
        ],
        [
          {
            ...c.numberFormat,
            name: "table_number_format",
            label: t("Number format"),
            default: undefined,
            clearable: true,
            placeholder: t("Original value"),
          },
        ],
        [{ ...c.xAxisTimeFormat, name: "table_timestamp_format", label: t("Timestamp format") }],
      ]),
    ],
  },
  big_number_total: {
    sections: [
      section(t("Query"), "data", [[c.metric], ...filtersRows]),
      section(t("Options"), "customize", [
        [{ name: "subheader", type: "TextControl", label: t("Subheader"), renderTrigger: true }],
        [{ ...c.yAxisFormat, label: t("Number format") }],
      ]),
    ],
  },
  big_number: {
    sections: [
      section(t("Query"), "data", [[c.xAxis], [c.timeGrain], [c.metric], ...filtersRows]),
      section(t("Options"), "data", [
        [
          {
            name: "compare_lag",
            type: "TextControl",
            label: t("Comparison period lag"),
            isInt: true,
            validators: [validateInteger],
            renderTrigger: true,
          },
          { name: "compare_suffix", type: "TextControl", label: t("Comparison suffix"), renderTrigger: true },
        ],
        [
          {
            name: "show_trend_line",
            type: "CheckboxControl",
            label: t("Show trend line"),
            default: true,
            renderTrigger: true,
          },
        ],
        [
          {
            name: "start_y_axis_at_zero",
            type: "CheckboxControl",
            label: t("Start y-axis at 0"),
            default: true,
            renderTrigger: true,
          },
        ],
        [c.rollingType],
        [c.rollingPeriods, c.minPeriods],
      ]),
      section(t("Chart options"), "customize", [[{ ...c.yAxisFormat, label: t("Number format") }]]),
    ],
  },
  pie: categoryPanel(t("Dimensions"), [
    [
      {
        name: "label_type",
        type: "SelectControl",
        label: t("Label type"),
        default: "key",
        choices: [
          ["key", t("Category name")],
          ["value", t("Value")],
          ["percent", t("Percentage")],
          ["key_value", t("Category and value")],
          ["key_percent", t("Category and percentage")],
          ["key_value_percent", t("Category, value and percentage")],
        ],
        renderTrigger: true,
      },
    ],
    [
      {
        name: "labels_outside",
        type: "CheckboxControl",
        label: t("Put labels outside"),
        default: true,
        renderTrigger: true,
      },
    ],
    [{ name: "donut", type: "CheckboxControl", label: t("Donut"), default: false, renderTrigger: true }],
    [c.showLegend],
    [c.legendOrientation],
  ]),
  pivot_table_v2: {
    sections: [
      section(t("Query"), "data", [
        [{ ...c.groupby, name: "groupbyRows", label: t("Rows") }],
        [{ ...c.groupby, name: "groupbyColumns", label: t("Columns") }],
        [c.metrics],
        [c.timeGrain],
        ...filtersRows,
        [{ ...c.seriesLimit, name: "series_limit", label: t("Series limit") }],
        [{ ...c.sortBy, name: "series_limit_metric" }],
        [c.orderDesc],
        [c.rowLimit],
      ]),
      section(t("Options"), "data", [
        [
          {
            name: "aggregateFunction",
            type: "SelectControl",
            label: t("Aggregation function"),
            default: "Sum",
            choices: [
              "Sum",
              "Average",
              "Median",
              "Count",
              "Count Unique Values",
              "Minimum",
              "Maximum",
              "Sum as Fraction of Total",
              "Sum as Fraction of Rows",
              "Sum as Fraction of Columns",
            ].map((a) => [a, t(a)]),
            renderTrigger: true,
          },
        ],
        [
          {
            name: "rowTotals",
            type: "CheckboxControl",
            label: t("Show rows total"),
            default: false,
            renderTrigger: true,
          },
          {
            name: "colTotals",
            type: "CheckboxControl",
            label: t("Show columns total"),
            default: false,
            renderTrigger: true,
          },
        ],
        [
          {
            name: "transposePivot",
            type: "CheckboxControl",
            label: t("Transpose pivot"),
            default: false,
            renderTrigger: true,
          },
        ],
        [{ ...c.numberFormat, name: "valueFormat", label: t("Value format") }],
      ]),
    ],
  },
  histogram_v2: {
    sections: [
      section(t("Query"), "data", [
        [
          {
            name: "column",
            type: "ColumnsControl",
            label: t("Column"),
            columnFilter: "numeric",
            required: true,
            validators: [validateNonEmpty],
          },
        ],
        [{ ...c.groupby, label: t("Dimensions") }],
        ...filtersRows,
        [{ ...c.rowLimit, default: 10000 }],
      ]),
      section(t("Chart options"), "data", [
        [
          {
            name: "bins",
            type: "SelectControl",
            label: t("Bins"),
            freeForm: true,
            default: 5,
            validators: [validateInteger],
            choices: [5, 10, 25, 50, 100].map((n) => [n, String(n)]),
          },
        ],
        [
          { name: "normalize", type: "CheckboxControl", label: t("Normalize"), default: false },
          { name: "cumulative", type: "CheckboxControl", label: t("Cumulative"), default: false },
        ],
        [c.colorScheme],
        [c.showLegend],
        [c.xAxisTitle, c.yAxisTitle],
      ]),
    ],
  },
  box_plot: {
    sections: [
      section(t("Query"), "data", [
        [
          {
            ...c.groupby,
            name: "columns",
            label: t("Distribute across"),
            required: true,
            validators: [validateNonEmpty],
            description: t("Columns to calculate distribution across."),
          },
        ],
        [c.metrics],
        [{ ...c.groupby, label: t("Dimensions") }],
        [c.timeGrain],
        ...filtersRows,
        [c.seriesLimit],
        [{ ...c.rowLimit, default: 10000 }],
      ]),
      section(t("Chart options"), "customize", [
        [c.colorScheme],
        [
          {
            name: "whiskerOptions",
            type: "SelectControl",
            label: t("Whisker/outlier options"),
            default: "Tukey",
            choices: ["Tukey", "Min/max (no outliers)", "2/98 percentiles", "9/91 percentiles"].map((w) => [
              w,
              t(w),
            ]),
          },
        ],
        [c.numberFormat],
        [c.showLegend],
      ]),
    ],
  },
  heatmap_v2: {
    sections: [
      section(t("Query"), "data", [
        [c.xAxis],
        [c.timeGrain],
        [{ ...c.groupby, label: t("Y-axis"), multi: false, required: true, validators: [validateNonEmpty] }],
        [c.metric],
        ...filtersRows,
        [c.rowLimit],
        [
          {
            name: "normalize_across",
            type: "SelectControl",
            label: t("Normalize across"),
            default: "heatmap",
            choices: [
              ["heatmap", t("Heatmap")],
              ["x", t("X-axis")],
              ["y", t("Y-axis")],
            ],
          },
          {
            name: "normalized",
            type: "CheckboxControl",
            label: t("Normalize colors"),
            default: false,
            renderTrigger: true,
          },
        ],
      ]),
      section(t("Chart options"), "customize", [
        [
          {
            name: "linear_color_scheme",
            type: "SelectControl",
            label: t("Linear color scheme"),
            default: "Blues",
            choices: [
              ["Blues", "Blues"],
              ["Greens", "Greens"],
              ["Reds", "Reds"],
              ["YlOrRd", t("Yellow–orange–red")],
              ["Viridis", "Viridis"],
              ["RdBu", t("Red–blue")],
            ],
            renderTrigger: true,
          },
        ],
        [
          {
            name: "show_values",
            type: "CheckboxControl",
            label: t("Show values"),
            default: false,
            renderTrigger: true,
          },
          c.showLegend,
        ],
        [
          {
            name: "sort_x_axis",
            type: "CheckboxControl",
            label: t("Sort x-axis"),
            default: true,
            renderTrigger: true,
          },
          {
            name: "sort_y_axis",
            type: "CheckboxControl",
            label: t("Sort y-axis"),
            default: true,
            renderTrigger: true,
          },
        ],
        [c.yAxisFormat],
        [c.xAxisTimeFormat],
      ]),
    ],
  },
  treemap_v2: categoryPanel(t("Dimensions")),
  sunburst_v2: {
    sections: [
      section(t("Query"), "data", [
        [
          {
            ...c.groupby,
            name: "columns",
            label: t("Hierarchy"),
            required: true,
            validators: [validateNonEmpty],
          },
        ],
        [{ ...c.metric, label: t("Primary metric") }],
        [
          {
            ...c.metric,
            name: "secondary_metric",
            label: t("Secondary metric"),
            validators: [],
            required: false,
            default: undefined,
          },
        ],
        ...filtersRows,
        [c.rowLimit],
        [c.sortByMetric],
      ]),
      section(t("Chart options"), "customize", [[c.colorScheme], [c.showLabels], [c.numberFormat]]),
    ],
  },
  funnel: categoryPanel(t("Dimensions"), [[c.showLegend]]),
  gauge_chart: categoryPanel(t("Group by"), [
    [
      {
        name: "min_val",
        type: "TextControl",
        label: t("Min"),
        isFloat: true,
        validators: [validateNumber],
        renderTrigger: true,
      },
      {
        name: "max_val",
        type: "TextControl",
        label: t("Max"),
        isFloat: true,
        validators: [validateNumber],
        renderTrigger: true,
      },
    ],
    [
      {
        name: "show_pointer",
        type: "CheckboxControl",
        label: t("Show pointer"),
        default: true,
        renderTrigger: true,
      },
    ],
  ]),
  waterfall: {
    sections: [
      section(t("Query"), "data", [
        [c.xAxis],
        [c.timeGrain],
        [{ ...c.groupby, label: t("Breakdowns"), multi: false }],
        [c.metric],
        ...filtersRows,
        [c.rowLimit],
      ]),
      section(t("Chart options"), "customize", [
        [c.showValue],
        [
          {
            name: "increase_color",
            type: "TextControl",
            label: t("Increase color"),
            default: "#5AC189",
            renderTrigger: true,
          },
          {
            name: "decrease_color",
            type: "TextControl",
            label: t("Decrease color"),
            default: "#FF7F44",
            renderTrigger: true,
          },
          {
            name: "total_color",
            type: "TextControl",
            label: t("Total color"),
            default: "#666666",
            renderTrigger: true,
          },
        ],
        [
          { name: "x_axis_label", type: "TextControl", label: t("X axis label"), renderTrigger: true },
          { name: "y_axis_label", type: "TextControl", label: t("Y axis label"), renderTrigger: true },
        ],
        [c.yAxisFormat],
        [c.xAxisTimeFormat],
      ]),
    ],
  },
};

// Superset's AG Grid table writes the table's form data: the same panel edits it.
CONTROL_PANELS["ag-grid-table"] = CONTROL_PANELS.table;

export function controlPanelOf(vizType: string): ControlPanel {
  return CONTROL_PANELS[vizType] ?? CONTROL_PANELS.table;
}
