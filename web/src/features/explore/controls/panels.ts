import { t } from "../../../lib/i18n";
import { annotationLayersSection } from "../components/annotations/annotation-section";
import type { Choice, ControlConfig, ControlPanel, ControlSection } from "../model/control-types";
import { validateInteger, validateNonEmpty } from "../model/validators";
import {
  checkboxControl,
  collapsedSection,
  columnControl,
  floatControl,
  integerControl,
  linearColorSchemeControl,
  optionalMetric,
  optionalMetrics,
  REQUIRED,
  sameLabelChoices,
  section,
  selectControl,
  textControl,
} from "./control-factory";
import { echartsExtraPanels } from "./panels-echarts-extra";
import { MAP_CONTROL_PANELS } from "./panels-maps";
import { TABLES_OTHERS_PANELS } from "./panels-tables-others";
import * as c from "./shared-controls";
import { xAxisSortRows } from "./x-axis-sort-controls";

/**
 * Control panels of the first eighteen visualisations (the ECharts time series, the table, big
 * numbers, the category charts…), with the control names Superset's plugins write; the other
 * files' panels are merged in, so this is the one place the explore view looks a panel up.
 */

/** The x-axis and its grain, which open every query of a chart drawn along an x-axis. */
const xAxisRows = [[c.xAxis], [c.timeGrain]];
/** Detail charts and tables read more rows than a chart of aggregates. */
const yAxisAndTimeFormats = [[c.yAxisFormat], [c.xAxisTimeFormat]];

const advancedAnalytics = collapsedSection(t("Advanced analytics"), "data", [
  [c.rollingType],
  [c.rollingPeriods, c.minPeriods],
  [c.timeCompare, c.comparisonType],
  [c.resampleRule, c.resampleMethod],
]);

const legend = section(t("Legend"), "customize", c.legendRows);

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
        ...xAxisRows,
        ...xAxisSortRows,
        [c.metrics],
        [c.groupby],
        ...c.filterRows,
        ...c.seriesLimitRows,
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

const seriesStyle = selectControl("seriesType", t("Series style"), "line", [
  ["line", t("Line")],
  ["smooth", t("Smooth line")],
  ["step", t("Step")],
]);

const orientation = selectControl("orientation", t("Bar orientation"), "vertical", [
  ["vertical", t("Vertical")],
  ["horizontal", t("Horizontal")],
]);

const MIXED_SERIES_TYPES: Choice[] = [
  ["line", t("Line")],
  ["scatter", t("Scatter")],
  ["smooth", t("Smooth line")],
  ["bar", t("Bar")],
  ["area", t("Area")],
  ["start", t("Step - start")],
];

/**
 * One of mixed_timeseries' two queries: the shared query controls under names ending in `_b` for
 * the second (Superset's naming), and its series drawn as a line on the primary axis (A) or as
 * bars on the secondary one (B).
 */
const mixedQuery = (query: "A" | "B", label: string): ControlSection => {
  const suffixed = (control: ControlConfig): ControlConfig => ({
    ...control,
    name: query === "A" ? control.name : `${control.name}_b`,
  });
  const drawingName = (name: string) => (query === "A" ? name : `${name}B`);
  return section(label, "data", [
    ...[[c.metrics], [c.groupby], [c.adhocFilters], ...c.seriesLimitRows, [c.rowLimit]].map((row) =>
      row.map(suffixed),
    ),
    [
      selectControl(
        drawingName("seriesType"),
        t("Series type"),
        query === "A" ? "line" : "bar",
        MIXED_SERIES_TYPES,
      ),
      selectControl(drawingName("yAxisIndex"), t("Y axis"), query === "A" ? 0 : 1, [
        [0, t("Primary")],
        [1, t("Secondary")],
      ]),
    ],
  ]);
};

/** The query of the charts of one metric over categories, after the controls that pick them. */
const categoryQuery = (leadingRows: ControlConfig[][]): ControlSection =>
  section(t("Query"), "data", [...leadingRows, ...c.filterRows, [c.rowLimit], [c.sortByMetric]]);

const categoryOptions = (extra: ControlConfig[][] = []): ControlSection =>
  section(t("Chart options"), "customize", [[c.colorScheme], [c.showLabels], [c.numberFormat], ...extra]);

const categoryPanel = (groupLabel: string, extra: ControlConfig[][] = []): ControlPanel => ({
  sections: [categoryQuery([[{ ...c.groupby, label: groupLabel }], [c.metric]]), categoryOptions(extra)],
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

const PAGE_LENGTHS = sameLabelChoices([10, 20, 50, 100, 200]);

const tableQuery = section(t("Query"), "data", [
  [c.queryMode],
  [{ ...c.groupby, visibility: c.notRaw }],
  [optionalMetrics("metrics", t("Metrics"), { visibility: c.notRaw, validators: [tableNeedsColumns] })],
  [{ ...c.allColumns, validators: [(v, fd) => (fd.query_mode === "raw" ? validateNonEmpty(v, fd) : false)] }],
  [optionalMetrics("percent_metrics", t("Percentage metrics"), { visibility: c.notRaw })],
  [{ ...c.timeGrain, visibility: c.notRaw }],
  ...c.filterRows,
  [{ ...c.sortBy, visibility: c.notRaw }],
  [{ ...c.orderDesc, visibility: c.notRaw }],
  [c.rowLimit10k],
  [
    checkboxControl("server_pagination", t("Server pagination"), false, { renderTrigger: false }),
    selectControl("server_page_length", t("Server page length"), 10, PAGE_LENGTHS, {
      visibility: (fd) => Boolean(fd.server_pagination),
      renderTrigger: false,
    }),
  ],
]);

const tableOptions = section(t("Options"), "customize", [
  [selectControl("page_length", t("Page length"), 0, [[0, t("All")], ...PAGE_LENGTHS])],
  [checkboxControl("include_search", t("Search box"), false)],
  [checkboxControl("show_cell_bars", t("Cell bars"), true)],
  [
    {
      ...c.numberFormat,
      name: "table_number_format",
      default: undefined,
      clearable: true,
      placeholder: t("Original value"),
    },
  ],
  [{ ...c.xAxisTimeFormat, name: "table_timestamp_format", label: t("Timestamp format") }],
]);

/** The big numbers call their y-axis format the number format. */
const bigNumberFormat: ControlConfig = { ...c.yAxisFormat, label: t("Number format") };

const PIE_LABEL_TYPES: Choice[] = [
  ["key", t("Category name")],
  ["value", t("Value")],
  ["percent", t("Percentage")],
  ["key_value", t("Category and value")],
  ["key_percent", t("Category and percentage")],
  ["key_value_percent", t("Category, value and percentage")],
];

/** Choices whose values are the English names Superset stores, shown translated. */
const translatedChoices = (values: string[]): Choice[] => values.map((v) => [v, t(v)]);

const PIVOT_AGGREGATES = translatedChoices([
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
]);

const WHISKER_OPTIONS = translatedChoices([
  "Tukey",
  "Min/max (no outliers)",
  "2/98 percentiles",
  "9/91 percentiles",
]);

const NORMALIZE_ACROSS: Choice[] = [
  ["heatmap", t("Heatmap")],
  ["x", t("X-axis")],
  ["y", t("Y-axis")],
];

const HEATMAP_SCHEMES: Choice[] = [
  ["Blues", "Blues"],
  ["Greens", "Greens"],
  ["Reds", "Reds"],
  ["YlOrRd", t("Yellow–orange–red")],
  ["Viridis", "Viridis"],
  ["RdBu", t("Red–blue")],
];

/** Options that change the query, not only the drawing. */
const QUERY_OPTION = { renderTrigger: false } satisfies Partial<ControlConfig>;

export const CONTROL_PANELS: Record<string, ControlPanel> = {
  ...TABLES_OTHERS_PANELS,
  ...MAP_CONTROL_PANELS,
  ...echartsExtraPanels({ timeseriesPanel }),
  echarts_timeseries_line: timeseriesPanel([[seriesStyle, c.markers], [c.stack]]),
  echarts_timeseries_bar: timeseriesPanel([[orientation], [c.stack]]),
  echarts_area: timeseriesPanel([[c.stack], [c.markers]]),
  echarts_timeseries_scatter: timeseriesPanel([]),
  mixed_timeseries: {
    sections: [
      section(t("Shared query fields"), "data", [...xAxisRows, ...c.timeRows]),
      mixedQuery("A", t("Query A")),
      mixedQuery("B", t("Query B")),
      annotationLayersSection,
      section(t("Chart options"), "customize", [[c.colorScheme], [c.showValue]]),
      legend,
      axes,
    ],
  },
  table: { sections: [tableQuery, tableOptions] },
  big_number_total: {
    sections: [
      section(t("Query"), "data", [[c.metric], ...c.filterRows]),
      section(t("Options"), "customize", [[textControl("subheader", t("Subheader"))], [bigNumberFormat]]),
    ],
  },
  big_number: {
    sections: [
      section(t("Query"), "data", [...xAxisRows, [c.metric], ...c.filterRows]),
      section(t("Options"), "data", [
        [
          integerControl("compare_lag", t("Comparison period lag"), undefined),
          textControl("compare_suffix", t("Comparison suffix")),
        ],
        [checkboxControl("show_trend_line", t("Show trend line"), true)],
        [checkboxControl("start_y_axis_at_zero", t("Start y-axis at 0"), true)],
        [c.rollingType],
        [c.rollingPeriods, c.minPeriods],
      ]),
      section(t("Chart options"), "customize", [[bigNumberFormat]]),
    ],
  },
  pie: categoryPanel(t("Dimensions"), [
    [selectControl("label_type", t("Label type"), "key", PIE_LABEL_TYPES)],
    [checkboxControl("labels_outside", t("Put labels outside"), true)],
    [checkboxControl("donut", t("Donut"), false)],
    ...c.legendRows,
  ]),
  pivot_table_v2: {
    sections: [
      section(t("Query"), "data", [
        [{ ...c.groupby, name: "groupbyRows", label: t("Rows") }],
        [{ ...c.groupby, name: "groupbyColumns", label: t("Columns") }],
        [c.metrics],
        [c.timeGrain],
        ...c.filterRows,
        [{ ...c.seriesLimit, name: "series_limit" }],
        [{ ...c.sortBy, name: "series_limit_metric" }],
        [c.orderDesc],
        [c.rowLimit],
      ]),
      section(t("Options"), "data", [
        [selectControl("aggregateFunction", t("Aggregation function"), "Sum", PIVOT_AGGREGATES)],
        [
          checkboxControl("rowTotals", t("Show rows total"), false),
          checkboxControl("colTotals", t("Show columns total"), false),
        ],
        [checkboxControl("transposePivot", t("Transpose pivot"), false)],
        [{ ...c.numberFormat, name: "valueFormat", label: t("Value format") }],
      ]),
    ],
  },
  histogram_v2: {
    sections: [
      section(t("Query"), "data", [
        [columnControl("column", t("Column"), { ...REQUIRED, columnFilter: "numeric" })],
        [c.groupby],
        ...c.filterRows,
        [c.rowLimit10k],
      ]),
      section(t("Chart options"), "data", [
        [
          selectControl("bins", t("Bins"), 5, sameLabelChoices([5, 10, 25, 50, 100]), {
            ...QUERY_OPTION,
            freeForm: true,
            validators: [validateInteger],
          }),
        ],
        [
          checkboxControl("normalize", t("Normalize"), false, QUERY_OPTION),
          checkboxControl("cumulative", t("Cumulative"), false, QUERY_OPTION),
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
            ...REQUIRED,
            name: "columns",
            label: t("Distribute across"),
            description: t("Columns to calculate distribution across."),
          },
        ],
        [c.metrics],
        [c.groupby],
        [c.timeGrain],
        ...c.filterRows,
        [c.seriesLimit],
        [c.rowLimit10k],
      ]),
      section(t("Chart options"), "customize", [
        [c.colorScheme],
        [
          selectControl(
            "whiskerOptions",
            t("Whisker/outlier options"),
            "Tukey",
            WHISKER_OPTIONS,
            QUERY_OPTION,
          ),
        ],
        [c.numberFormat],
        [c.showLegend],
      ]),
    ],
  },
  heatmap_v2: {
    sections: [
      section(t("Query"), "data", [
        ...xAxisRows,
        [{ ...c.groupby, ...REQUIRED, label: t("Y-axis"), multi: false }],
        [c.metric],
        ...c.filterRows,
        [c.rowLimit],
        [
          selectControl("normalize_across", t("Normalize across"), "heatmap", NORMALIZE_ACROSS, QUERY_OPTION),
          checkboxControl("normalized", t("Normalize colors"), false),
        ],
      ]),
      section(t("Chart options"), "customize", [
        [linearColorSchemeControl("Blues", HEATMAP_SCHEMES)],
        [checkboxControl("show_values", t("Show values"), false), c.showLegend],
        [
          checkboxControl("sort_x_axis", t("Sort x-axis"), true),
          checkboxControl("sort_y_axis", t("Sort y-axis"), true),
        ],
        ...yAxisAndTimeFormats,
      ]),
    ],
  },
  treemap_v2: categoryPanel(t("Dimensions")),
  sunburst_v2: {
    sections: [
      categoryQuery([
        [{ ...c.groupby, ...REQUIRED, name: "columns", label: t("Hierarchy") }],
        [{ ...c.metric, label: t("Primary metric") }],
        [optionalMetric("secondary_metric", t("Secondary metric"))],
      ]),
      categoryOptions(),
    ],
  },
  funnel: categoryPanel(t("Dimensions"), [[c.showLegend]]),
  gauge_chart: categoryPanel(t("Group by"), [
    [floatControl("min_val", t("Min"), undefined), floatControl("max_val", t("Max"), undefined)],
    [checkboxControl("show_pointer", t("Show pointer"), true)],
  ]),
  waterfall: {
    sections: [
      section(t("Query"), "data", [
        ...xAxisRows,
        [{ ...c.groupby, label: t("Breakdowns"), multi: false }],
        [c.metric],
        ...c.filterRows,
        [c.rowLimit],
      ]),
      section(t("Chart options"), "customize", [
        [c.showValue],
        [
          textControl("increase_color", t("Increase color"), { default: "#5AC189" }),
          textControl("decrease_color", t("Decrease color"), { default: "#FF7F44" }),
          textControl("total_color", t("Total color"), { default: "#666666" }),
        ],
        [textControl("x_axis_label", t("X axis label")), textControl("y_axis_label", t("Y axis label"))],
        ...yAxisAndTimeFormats,
      ]),
    ],
  },
};

// Superset's AG Grid table writes the table's form data: the same panel edits it.
CONTROL_PANELS["ag-grid-table"] = CONTROL_PANELS.table;

export function controlPanelOf(vizType: string): ControlPanel {
  return CONTROL_PANELS[vizType] ?? CONTROL_PANELS.table;
}
