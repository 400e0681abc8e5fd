import { DEFAULT_HANDLEBARS_TEMPLATE } from "../../../components/charts/render/handlebars/default-template";
import { LINEAR_SCHEME_CHOICES } from "../../../components/charts/render/legacy/linear-colors";
import { t } from "../../../lib/i18n";
import type { ControlConfig, ControlPanel, ControlSection } from "../model/control-types";
import { validateInteger, validateNonEmpty } from "../model/validators";
import {
  checkboxControl,
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
  textAreaControl,
  textControl,
} from "./control-factory";
import * as c from "./shared-controls";

/**
 * Control panels of the tables and "other" visualisations added to the first eighteen
 * (time_table, word_cloud, cal_heatmap, partition, parallel_coordinates, rose, chord, horizon,
 * paired_ttest, handlebars), with the control names Superset's plugins write. ag-grid-table
 * shares the table's panel (see panels.ts).
 */

/** These charts always offer the grain (the time-series ones hide it for a non-temporal x-axis). */
const grain: ControlConfig = { ...c.timeGrain, visibility: () => true };
/** The one grouping column word_cloud, chord and parallel_coordinates need. */
const requiredColumn = (name: string, label: string, extra: Partial<ControlConfig> = {}) =>
  columnControl(name, label, { ...REQUIRED, ...extra });
const linearScheme = linearColorSchemeControl("superset_seq_1", LINEAR_SCHEME_CHOICES);
const dateTimeFormat: ControlConfig = {
  ...c.xAxisTimeFormat,
  name: "date_time_format",
  label: t("Date time format"),
};
const richTooltip = checkboxControl("rich_tooltip", t("Rich tooltip"), true);
/** time_table's columns (sparklines, comparisons…), edited like Superset's TimeSeriesColumnControl. */
const columnCollection: ControlConfig = {
  name: "column_collection",
  type: "CollectionControl",
  label: t("Time series columns"),
  renderTrigger: true,
};
const numberAndDateFormats = [c.numberFormat, dateTimeFormat];

/** rose, horizon and paired_ttest: metrics per group over time, limited to the top series. */
const seriesQuery = (groupby: ControlConfig = c.groupby): ControlSection =>
  section(t("Query"), "data", [
    [c.metrics],
    [groupby],
    [grain],
    [c.adhocFilters],
    ...c.timeRows,
    ...c.seriesLimitRows,
    [c.rowLimit],
  ]);

/** handlebars reads its rows like the table: aggregated, or raw records. */
const tableLikeQuery: ControlSection = section(t("Query"), "data", [
  [c.queryMode],
  [{ ...c.groupby, visibility: c.notRaw }],
  [optionalMetrics("metrics", t("Metrics"), { visibility: c.notRaw })],
  [c.allColumns],
  [{ ...c.sortBy, label: t("Sort by"), visibility: c.notRaw }],
  [{ ...c.orderDesc, visibility: c.notRaw }],
  ...c.filterRows,
  [c.rowLimit10k],
]);

export const TABLES_OTHERS_PANELS: Record<string, ControlPanel> = {
  time_table: {
    sections: [
      section(t("Query"), "data", [
        [c.metrics],
        [{ ...c.groupby, description: t("With a group-by, only one metric can be used.") }],
        [grain],
        ...c.filterRows,
        [c.seriesLimit],
        [columnCollection],
        [c.rowLimit],
        [c.orderDesc],
      ]),
      section(t("Options"), "customize", [
        [
          textControl("url", t("URL"), {
            description: t("Templated link; {{ metric }} or other values from the row can be used."),
          }),
        ],
      ]),
    ],
  },
  word_cloud: {
    sections: [
      section(t("Query"), "data", [
        [requiredColumn("series", t("Dimension"))],
        [c.metric],
        ...c.filterRows,
        [{ ...c.rowLimit, default: 100 }],
        [c.sortByMetric],
      ]),
      section(t("Options"), "customize", [
        [
          integerControl("size_from", t("Minimum font size"), 10, {
            validators: [validateInteger, validateNonEmpty],
          }),
          integerControl("size_to", t("Maximum font size"), 70, {
            validators: [validateInteger, validateNonEmpty],
          }),
        ],
        [
          selectControl("rotation", t("Word rotation"), "square", [
            ["random", t("random")],
            ["flat", t("flat")],
            ["square", t("square")],
          ]),
        ],
        [c.colorScheme],
      ]),
    ],
  },
  cal_heatmap: {
    sections: [
      section(t("Time"), "data", c.timeRows),
      section(t("Query"), "data", [
        [
          selectControl(
            "domain_granularity",
            t("Domain"),
            "month",
            [
              ["hour", t("hour")],
              ["day", t("day")],
              ["week", t("week")],
              ["month", t("month")],
              ["year", t("year")],
            ],
            { renderTrigger: false, description: t("The time unit used for the grouping of blocks") },
          ),
          selectControl(
            "subdomain_granularity",
            t("Subdomain"),
            "day",
            [
              ["min", t("minute")],
              ["hour", t("hour")],
              ["day", t("day")],
              ["week", t("week")],
              ["month", t("month")],
            ],
            {
              renderTrigger: false,
              description: t(
                "The time unit for each block. Should be a smaller unit than domain_granularity. Should be larger or equal to Time Grain",
              ),
            },
          ),
        ],
        [c.metrics],
        [c.adhocFilters],
      ]),
      section(t("Chart Options"), "customize", [
        [linearScheme],
        [
          integerControl("cell_size", t("Cell Size"), 10),
          integerControl("cell_padding", t("Cell Padding"), 2),
        ],
        [integerControl("cell_radius", t("Cell Radius"), 0), integerControl("steps", t("Color Steps"), 10)],
        [
          { ...c.yAxisFormat, label: t("Number Format") },
          { ...c.xAxisTimeFormat, label: t("Time Format") },
        ],
        [
          checkboxControl("show_legend", t("Legend"), true),
          checkboxControl("show_values", t("Show Values"), false),
        ],
        [checkboxControl("show_metric_name", t("Show Metric Names"), true)],
      ]),
    ],
  },
  partition: {
    sections: [
      section(t("Query"), "data", [
        [c.metrics],
        [{ ...c.groupby, label: t("Hierarchy") }],
        ...c.filterRows,
        [grain],
        ...c.seriesLimitRows,
        [c.rowLimit],
      ]),
      section(t("Time Series Options"), "data", [
        [
          selectControl(
            "time_series_option",
            t("Options"),
            "not_time",
            [
              ["not_time", t("Not Time Series")],
              ["agg_sum", t("Agg Sum")],
              ["agg_mean", t("Agg Mean")],
            ],
            { renderTrigger: false },
          ),
        ],
      ]),
      section(t("Chart Options"), "customize", [
        [c.colorScheme],
        numberAndDateFormats,
        [
          integerControl("partition_limit", t("Partition Limit"), undefined, {
            description: t("The maximum number of subdivisions of each group; lower values are pruned first"),
          }),
          floatControl("partition_threshold", t("Partition Threshold"), undefined, {
            description: t(
              "Partitions whose height to parent height proportions are below this value are pruned",
            ),
          }),
        ],
        [richTooltip],
      ]),
    ],
  },
  parallel_coordinates: {
    sections: [
      section(t("Query"), "data", [
        [requiredColumn("series", t("Dimension"))],
        [c.metrics],
        [optionalMetric("secondary_metric", t("Color Metric"))],
        [c.adhocFilters],
        [c.seriesLimit],
        [c.sortBy],
        [c.orderDesc],
      ]),
      section(t("Options"), "customize", [
        [checkboxControl("show_datatable", t("Data Table"), false)],
        [checkboxControl("include_series", t("Include Series"), false)],
        [linearScheme],
      ]),
    ],
  },
  rose: {
    sections: [
      seriesQuery(),
      section(t("Chart Options"), "customize", [
        [c.colorScheme],
        numberAndDateFormats,
        [checkboxControl("rose_area_proportion", t("Use Area Proportions"), false), richTooltip],
        [c.showLegend],
      ]),
    ],
  },
  chord: {
    sections: [
      section(t("Query"), "data", [
        [requiredColumn("groupby", t("Source"), { description: t("Choose a source") })],
        [requiredColumn("columns", t("Target"), { description: t("Choose a target") })],
        [c.metric],
        ...c.filterRows,
        [c.rowLimit],
        [c.sortByMetric],
      ]),
      section(t("Chart Options"), "customize", [
        [{ ...c.yAxisFormat, label: t("Number format") }],
        [c.colorScheme],
      ]),
    ],
  },
  horizon: {
    sections: [
      seriesQuery(),
      section(t("Chart Options"), "customize", [
        [
          selectControl(
            "series_height",
            t("Series Height"),
            "25",
            sameLabelChoices(["10", "25", "40", "50", "75", "100", "150", "200"]),
            { freeForm: true },
          ),
          selectControl("horizon_color_scale", t("Value Domain"), "series", [
            ["series", t("series")],
            ["overall", t("overall")],
            ["change", t("change")],
          ]),
        ],
      ]),
    ],
  },
  paired_ttest: {
    sections: [
      seriesQuery({ ...c.groupby, ...REQUIRED }),
      section(t("Parameters"), "customize", [
        [
          floatControl("significance_level", t("Significance Level"), 0.05, {
            description: t("Threshold alpha level for determining significance"),
          }),
        ],
        [
          integerControl("pvalue_precision", t("p-value precision"), 6),
          integerControl("liftvalue_precision", t("Lift percent precision"), 4),
        ],
      ]),
    ],
  },
  handlebars: {
    sections: [
      tableLikeQuery,
      section(t("Options"), "customize", [
        [
          textAreaControl("handlebarsTemplate", t("Handlebars Template"), {
            description: t("A handlebars template that is applied to the data"),
            default: DEFAULT_HANDLEBARS_TEMPLATE,
            validators: [validateNonEmpty],
          }),
        ],
        [textAreaControl("styleTemplate", t("CSS Styles"), { description: t("CSS applied to the chart") })],
      ]),
    ],
  },
};
