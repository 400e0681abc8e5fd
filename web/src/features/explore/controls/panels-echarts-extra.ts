import { t } from "../../../lib/i18n";
import type { ControlConfig, ControlPanel, ControlSection } from "../model/control-types";
import { validateNonEmpty, validateNumber } from "../model/validators";
import * as c from "./shared-controls";

/**
 * Control panels of the ECharts-family types added after the first eighteen, with the control
 * names Superset's plugins write (radar, sankey_v2, tree_chart, graph_chart, bubble_v2,
 * gantt_chart, pop_kpi, bullet and the generic/smooth/step time-series charts).
 */

const section = (label: string, tab: ControlSection["tab"], rows: ControlConfig[][]): ControlSection => ({
  label,
  tab,
  rows,
  expanded: true,
});

const filtersRows = [[c.adhocFilters], [c.granularity], [c.timeRange]];

const column = (name: string, label: string, extra: Partial<ControlConfig> = {}): ControlConfig => ({
  name,
  type: "ColumnsControl",
  label,
  columnFilter: "groupby",
  ...extra,
});
const required = { required: true, validators: [validateNonEmpty] };
const metricNamed = (name: string, label: string): ControlConfig => ({ ...c.metric, name, label });
const checkbox = (name: string, label: string, value: boolean): ControlConfig => ({
  name,
  type: "CheckboxControl",
  label,
  default: value,
  renderTrigger: true,
});
const select = (
  name: string,
  label: string,
  value: unknown,
  choices: ControlConfig["choices"],
): ControlConfig => ({
  name,
  type: "SelectControl",
  label,
  default: value,
  choices,
  renderTrigger: true,
});
const text = (name: string, label: string, extra: Partial<ControlConfig> = {}): ControlConfig => ({
  name,
  type: "TextControl",
  label,
  renderTrigger: true,
  ...extra,
});

const markers = checkbox("markerEnabled", t("Marker"), false);

const SERIES_TYPES: ControlConfig["choices"] = [
  ["line", t("Line")],
  ["scatter", t("Scatter")],
  ["smooth", t("Smooth Line")],
  ["bar", t("Bar")],
  ["start", t("Step - start")],
  ["middle", t("Step - middle")],
  ["end", t("Step - end")],
];
const STEP_TYPES: ControlConfig["choices"] = [
  ["start", t("Start")],
  ["middle", t("Middle")],
  ["end", t("End")],
];

const legendRows = [[c.showLegend], [c.legendOrientation]];

/** The panels, given the time-series panel maker of the main panel file (its query and axes sections). */
export function echartsExtraPanels(helpers: {
  timeseriesPanel: (extraOptions: ControlConfig[][]) => ControlPanel;
}): Record<string, ControlPanel> {
  const { timeseriesPanel } = helpers;
  return {
    echarts_timeseries: timeseriesPanel([
      [select("seriesType", t("Series Style"), "line", SERIES_TYPES), markers],
      [checkbox("area", t("Area Chart"), false)],
      [c.stack],
    ]),
    echarts_timeseries_smooth: timeseriesPanel([[markers], [c.stack]]),
    echarts_timeseries_step: timeseriesPanel([
      [select("seriesType", t("Step type"), "start", STEP_TYPES), markers],
      [c.stack],
    ]),
    radar: {
      sections: [
        section(t("Query"), "data", [
          [c.groupby],
          [c.metrics],
          [c.sortBy],
          ...filtersRows,
          [{ ...c.rowLimit, default: 10 }],
          [checkbox("is_normalized", t("Normalize Values"), false)],
        ]),
        section(t("Chart Options"), "customize", [
          [c.colorScheme],
          ...legendRows,
          [c.showLabels],
          [
            select("label_type", t("Label Type"), "value", [
              ["value", t("Value")],
              ["key_value", t("Category and Value")],
            ]),
          ],
          [c.numberFormat],
          [checkbox("is_circle", t("Circle radar shape"), false)],
        ]),
      ],
    },
    sankey_v2: {
      sections: [
        section(t("Query"), "data", [
          [column("source", t("Source"), required)],
          [column("intermediate_levels", t("Intermediate levels"), { multi: true, default: [] })],
          [column("target", t("Target"), required)],
          [c.metric],
          ...filtersRows,
          [c.rowLimit],
          [c.sortByMetric],
        ]),
        section(t("Chart Options"), "customize", [[c.colorScheme], [c.numberFormat]]),
      ],
    },
    tree_chart: {
      sections: [
        section(t("Query"), "data", [
          [column("id", t("Id"), required)],
          [column("parent", t("Parent"), required)],
          [column("name", t("Name"))],
          [text("root_node_id", t("Root node id"), { renderTrigger: false })],
          [{ ...c.metric, required: false, validators: [], default: undefined }],
          ...filtersRows,
          [c.rowLimit],
        ]),
        section(t("Chart Options"), "customize", [
          [
            select("layout", t("Tree layout"), "orthogonal", [
              ["orthogonal", t("Orthogonal")],
              ["radial", t("Radial")],
            ]),
          ],
          [
            select("orient", t("Tree orientation"), "LR", [
              ["LR", t("Left to Right")],
              ["RL", t("Right to Left")],
              ["TB", t("Top to Bottom")],
              ["BT", t("Bottom to Top")],
            ]),
          ],
          [
            select("symbol", t("Symbol"), "emptyCircle", [
              ["emptyCircle", t("Empty circle")],
              ["circle", t("Circle")],
              ["rect", t("Rectangle")],
              ["triangle", t("Triangle")],
            ]),
          ],
          [text("symbolSize", t("Symbol size"), { default: 7, isInt: true })],
          [checkbox("roam", t("Enable graph roaming"), true)],
        ]),
      ],
    },
    graph_chart: {
      sections: [
        section(t("Query"), "data", [
          [column("source", t("Source"), required)],
          [column("target", t("Target"), required)],
          [c.metric],
          [column("source_category", t("Source category"))],
          [column("target_category", t("Target category"))],
          ...filtersRows,
          [c.rowLimit],
        ]),
        section(t("Chart Options"), "customize", [
          [c.colorScheme],
          ...legendRows,
          [
            select("layout", t("Graph layout"), "force", [
              ["force", t("Force")],
              ["circular", t("Circular")],
            ]),
          ],
          [
            text("baseNodeSize", t("Node size"), {
              default: 20,
              isFloat: true,
              validators: [validateNumber],
            }),
          ],
          [
            text("baseEdgeWidth", t("Edge width"), {
              default: 3,
              isFloat: true,
              validators: [validateNumber],
            }),
          ],
          [checkbox("roam", t("Enable graph roaming"), true)],
        ]),
      ],
    },
    bubble_v2: {
      sections: [
        section(t("Query"), "data", [
          [column("series", t("Dimension"))],
          [column("entity", t("Entity"), required)],
          [metricNamed("x", t("X Axis"))],
          [metricNamed("y", t("Y Axis"))],
          [metricNamed("size", t("Bubble Size"))],
          ...filtersRows,
          [c.sortBy],
          [c.orderDesc],
          [c.rowLimit],
        ]),
        section(t("Chart Options"), "customize", [
          [c.colorScheme],
          ...legendRows,
          [
            select(
              "max_bubble_size",
              t("Max Bubble Size"),
              "25",
              ["5", "10", "15", "25", "50", "75", "100"].map((n) => [n, n]),
            ),
          ],
          [
            text("opacity", t("Bubble Opacity"), {
              default: 0.6,
              isFloat: true,
              validators: [validateNumber],
            }),
          ],
          [text("x_axis_label", t("X Axis Title")), checkbox("logXAxis", t("Logarithmic x-axis"), false)],
          [{ ...c.yAxisFormat, name: "xAxisFormat", label: t("X Axis Format") }],
          [text("y_axis_label", t("Y Axis Title")), checkbox("logYAxis", t("Logarithmic y-axis"), false)],
          [c.yAxisFormat],
        ]),
      ],
    },
    gantt_chart: {
      sections: [
        section(t("Query"), "data", [
          [column("start_time", t("Start Time"), { ...required, columnFilter: "temporal" })],
          [column("end_time", t("End Time"), { ...required, columnFilter: "temporal" })],
          [column("y_axis", t("Y-axis"), required)],
          [column("series", t("Series"))],
          [
            {
              ...c.metrics,
              name: "tooltip_metrics",
              label: t("Tooltip Metrics"),
              required: false,
              validators: [],
              default: [],
            },
          ],
          [column("tooltip_columns", t("Tooltip Columns"), { multi: true, default: [] })],
          ...filtersRows,
          [c.rowLimit],
        ]),
        section(t("Chart Options"), "customize", [
          [c.colorScheme],
          ...legendRows,
          [c.xAxisTitle],
          [c.xAxisTimeFormat],
          [c.yAxisTitle],
        ]),
      ],
    },
    pop_kpi: {
      sections: [
        section(t("Query"), "data", [
          [c.metric],
          ...filtersRows,
          [
            {
              name: "time_comparison",
              type: "SelectControl",
              label: t("Range for Comparison"),
              default: "y",
              choices: [
                ["r", t("Inherit range from time filters")],
                ["y", t("Year")],
                ["m", t("Month")],
                ["w", t("Week")],
              ],
            },
          ],
          [c.rowLimit],
        ]),
        section(t("Chart Options"), "customize", [
          [{ ...c.yAxisFormat, label: t("Number format") }],
          [{ ...c.yAxisFormat, name: "percentDifferenceFormat", label: t("Percent Difference format") }],
          [text("header_font_size", t("Big Number Font Size"), { default: 0.2, isFloat: true })],
          [text("subheader_font_size", t("Comparison font size"), { default: 0.125, isFloat: true })],
          [checkbox("show_metric_name", t("Show metric name"), false)],
          [checkbox("comparison_color_enabled", t("Add color for positive/negative change"), false)],
          [
            {
              ...select("comparison_color_scheme", t("color scheme for comparison"), "Green", [
                ["Green", t("Green for increase, red for decrease")],
                ["Red", t("Red for increase, green for decrease")],
              ]),
              visibility: (fd) => fd.comparison_color_enabled === true,
            },
          ],
        ]),
      ],
    },
    bullet: {
      sections: [
        section(t("Query"), "data", [[c.metric], ...filtersRows]),
        section(t("Chart Options"), "customize", [
          [text("ranges", t("Ranges")), text("range_labels", t("Range labels"))],
          [text("markers", t("Markers")), text("marker_labels", t("Marker labels"))],
          [text("marker_lines", t("Marker lines")), text("marker_line_labels", t("Marker line labels"))],
          [c.yAxisFormat],
        ]),
      ],
    },
  };
}
