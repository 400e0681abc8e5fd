import { t } from "../../../lib/i18n";
import type { ControlConfig, ControlPanel } from "../model/control-types";
import {
  checkboxControl,
  columnControl,
  floatControl,
  optionalMetric,
  optionalMetrics,
  REQUIRED,
  sameLabelChoices,
  section,
  selectControl,
  textControl,
} from "./control-factory";
import * as c from "./shared-controls";

/**
 * Control panels of the ECharts-family types added after the first eighteen, with the control
 * names Superset's plugins write (radar, sankey_v2, tree_chart, graph_chart, bubble_v2,
 * gantt_chart, pop_kpi, bullet and the generic/smooth/step time-series charts).
 */

const metricNamed = (name: string, label: string): ControlConfig => ({ ...c.metric, name, label });

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

/** The panels, given the time-series panel maker of the main panel file (its query and axes sections). */
export function echartsExtraPanels(helpers: {
  timeseriesPanel: (extraOptions: ControlConfig[][]) => ControlPanel;
}): Record<string, ControlPanel> {
  const { timeseriesPanel } = helpers;
  return {
    echarts_timeseries: timeseriesPanel([
      [selectControl("seriesType", t("Series Style"), "line", SERIES_TYPES), c.markers],
      [checkboxControl("area", t("Area Chart"), false)],
      [c.stack],
    ]),
    echarts_timeseries_smooth: timeseriesPanel([[c.markers], [c.stack]]),
    echarts_timeseries_step: timeseriesPanel([
      [selectControl("seriesType", t("Step type"), "start", STEP_TYPES), c.markers],
      [c.stack],
    ]),
    radar: {
      sections: [
        section(t("Query"), "data", [
          [c.groupby],
          [c.metrics],
          [c.sortBy],
          ...c.filterRows,
          [{ ...c.rowLimit, default: 10 }],
          [checkboxControl("is_normalized", t("Normalize Values"), false)],
        ]),
        section(t("Chart Options"), "customize", [
          [c.colorScheme],
          ...c.legendRows,
          [c.showLabels],
          [
            selectControl("label_type", t("Label Type"), "value", [
              ["value", t("Value")],
              ["key_value", t("Category and Value")],
            ]),
          ],
          [c.numberFormat],
          [checkboxControl("is_circle", t("Circle radar shape"), false)],
        ]),
      ],
    },
    sankey_v2: {
      sections: [
        section(t("Query"), "data", [
          [columnControl("source", t("Source"), REQUIRED)],
          [columnControl("intermediate_levels", t("Intermediate levels"), { multi: true, default: [] })],
          [columnControl("target", t("Target"), REQUIRED)],
          [c.metric],
          ...c.filterRows,
          [c.rowLimit],
          [c.sortByMetric],
        ]),
        section(t("Chart Options"), "customize", [[c.colorScheme], [c.numberFormat]]),
      ],
    },
    tree_chart: {
      sections: [
        section(t("Query"), "data", [
          [columnControl("id", t("Id"), REQUIRED)],
          [columnControl("parent", t("Parent"), REQUIRED)],
          [columnControl("name", t("Name"))],
          [textControl("root_node_id", t("Root node id"), { renderTrigger: false })],
          [optionalMetric("metric", t("Metric"))],
          ...c.filterRows,
          [c.rowLimit],
        ]),
        section(t("Chart Options"), "customize", [
          [
            selectControl("layout", t("Tree layout"), "orthogonal", [
              ["orthogonal", t("Orthogonal")],
              ["radial", t("Radial")],
            ]),
          ],
          [
            selectControl("orient", t("Tree orientation"), "LR", [
              ["LR", t("Left to Right")],
              ["RL", t("Right to Left")],
              ["TB", t("Top to Bottom")],
              ["BT", t("Bottom to Top")],
            ]),
          ],
          [
            selectControl("symbol", t("Symbol"), "emptyCircle", [
              ["emptyCircle", t("Empty circle")],
              ["circle", t("Circle")],
              ["rect", t("Rectangle")],
              ["triangle", t("Triangle")],
            ]),
          ],
          [textControl("symbolSize", t("Symbol size"), { default: 7, isInt: true })],
          [checkboxControl("roam", t("Enable graph roaming"), true)],
        ]),
      ],
    },
    graph_chart: {
      sections: [
        section(t("Query"), "data", [
          [columnControl("source", t("Source"), REQUIRED)],
          [columnControl("target", t("Target"), REQUIRED)],
          [c.metric],
          [columnControl("source_category", t("Source category"))],
          [columnControl("target_category", t("Target category"))],
          ...c.filterRows,
          [c.rowLimit],
        ]),
        section(t("Chart Options"), "customize", [
          [c.colorScheme],
          ...c.legendRows,
          [
            selectControl("layout", t("Graph layout"), "force", [
              ["force", t("Force")],
              ["circular", t("Circular")],
            ]),
          ],
          [floatControl("baseNodeSize", t("Node size"), 20)],
          [floatControl("baseEdgeWidth", t("Edge width"), 3)],
          [checkboxControl("roam", t("Enable graph roaming"), true)],
        ]),
      ],
    },
    bubble_v2: {
      sections: [
        section(t("Query"), "data", [
          [columnControl("series", t("Dimension"))],
          [columnControl("entity", t("Entity"), REQUIRED)],
          [metricNamed("x", t("X Axis"))],
          [metricNamed("y", t("Y Axis"))],
          [metricNamed("size", t("Bubble Size"))],
          ...c.filterRows,
          [c.sortBy],
          [c.orderDesc],
          [c.rowLimit],
        ]),
        section(t("Chart Options"), "customize", [
          [c.colorScheme],
          ...c.legendRows,
          [
            selectControl(
              "max_bubble_size",
              t("Max Bubble Size"),
              "25",
              sameLabelChoices(["5", "10", "15", "25", "50", "75", "100"]),
            ),
          ],
          [floatControl("opacity", t("Bubble Opacity"), 0.6)],
          [
            textControl("x_axis_label", t("X Axis Title")),
            checkboxControl("logXAxis", t("Logarithmic x-axis"), false),
          ],
          [{ ...c.yAxisFormat, name: "xAxisFormat", label: t("X Axis Format") }],
          [
            textControl("y_axis_label", t("Y Axis Title")),
            checkboxControl("logYAxis", t("Logarithmic y-axis"), false),
          ],
          [c.yAxisFormat],
        ]),
      ],
    },
    gantt_chart: {
      sections: [
        section(t("Query"), "data", [
          [columnControl("start_time", t("Start Time"), { ...REQUIRED, columnFilter: "temporal" })],
          [columnControl("end_time", t("End Time"), { ...REQUIRED, columnFilter: "temporal" })],
          [columnControl("y_axis", t("Y-axis"), REQUIRED)],
          [columnControl("series", t("Series"))],
          [optionalMetrics("tooltip_metrics", t("Tooltip Metrics"))],
          [columnControl("tooltip_columns", t("Tooltip Columns"), { multi: true, default: [] })],
          ...c.filterRows,
          [c.rowLimit],
        ]),
        section(t("Chart Options"), "customize", [
          [c.colorScheme],
          ...c.legendRows,
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
          ...c.filterRows,
          [
            selectControl(
              "time_comparison",
              t("Range for Comparison"),
              "y",
              [
                ["r", t("Inherit range from time filters")],
                ["y", t("Year")],
                ["m", t("Month")],
                ["w", t("Week")],
              ],
              { renderTrigger: false },
            ),
          ],
          [c.rowLimit],
        ]),
        section(t("Chart Options"), "customize", [
          [{ ...c.yAxisFormat, label: t("Number format") }],
          [{ ...c.yAxisFormat, name: "percentDifferenceFormat", label: t("Percent Difference format") }],
          [textControl("header_font_size", t("Big Number Font Size"), { default: 0.2, isFloat: true })],
          [textControl("subheader_font_size", t("Comparison font size"), { default: 0.125, isFloat: true })],
          [checkboxControl("show_metric_name", t("Show metric name"), false)],
          [checkboxControl("comparison_color_enabled", t("Add color for positive/negative change"), false)],
          [
            {
              ...selectControl("comparison_color_scheme", t("color scheme for comparison"), "Green", [
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
        section(t("Query"), "data", [[c.metric], ...c.filterRows]),
        section(t("Chart Options"), "customize", [
          [textControl("ranges", t("Ranges")), textControl("range_labels", t("Range labels"))],
          [textControl("markers", t("Markers")), textControl("marker_labels", t("Marker labels"))],
          [
            textControl("marker_lines", t("Marker lines")),
            textControl("marker_line_labels", t("Marker line labels")),
          ],
          [c.yAxisFormat],
        ]),
      ],
    },
  };
}
