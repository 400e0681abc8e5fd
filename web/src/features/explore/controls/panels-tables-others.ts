import { DEFAULT_HANDLEBARS_TEMPLATE } from "../../../components/charts/render/handlebars/default-template";
import { LINEAR_SCHEME_CHOICES } from "../../../components/charts/render/legacy/linear-colors";
import { t } from "../../../lib/i18n";
import type { ControlConfig, ControlPanel, ControlSection } from "../model/control-types";
import { validateInteger, validateNonEmpty, validateNumber } from "../model/validators";
import * as c from "./shared-controls";

/**
 * Control panels of the tables and "other" visualisations added to the first eighteen
 * (time_table, word_cloud, cal_heatmap, partition, parallel_coordinates, rose, chord, horizon,
 * paired_ttest, handlebars), with the control names Superset's plugins write. ag-grid-table
 * shares the table's panel (see panels.ts).
 */

const section = (label: string, tab: ControlSection["tab"], rows: ControlConfig[][]): ControlSection => ({
  label,
  tab,
  rows,
  expanded: true,
});

const timeRows = [[c.granularity], [c.timeRange]];
const grain: ControlConfig = { ...c.timeGrain, visibility: () => true };
const select = (
  name: string,
  label: string,
  value: unknown,
  choices: ControlConfig["choices"],
  extra: Partial<ControlConfig> = {},
): ControlConfig => ({
  name,
  type: "SelectControl",
  label,
  default: value,
  choices,
  renderTrigger: true,
  ...extra,
});
const checkbox = (
  name: string,
  label: string,
  value: boolean,
  extra: Partial<ControlConfig> = {},
): ControlConfig => ({
  name,
  type: "CheckboxControl",
  label,
  default: value,
  renderTrigger: true,
  ...extra,
});
const integer = (
  name: string,
  label: string,
  value: number,
  extra: Partial<ControlConfig> = {},
): ControlConfig => ({
  name,
  type: "TextControl",
  label,
  default: value,
  isInt: true,
  validators: [validateInteger],
  renderTrigger: true,
  ...extra,
});
const single = (name: string, label: string, extra: Partial<ControlConfig> = {}): ControlConfig => ({
  name,
  type: "ColumnsControl",
  label,
  columnFilter: "groupby",
  required: true,
  validators: [validateNonEmpty],
  ...extra,
});
const linearScheme: ControlConfig = select(
  "linear_color_scheme",
  t("Linear color scheme"),
  "superset_seq_1",
  LINEAR_SCHEME_CHOICES,
);
const dateTimeFormat: ControlConfig = {
  ...c.xAxisTimeFormat,
  name: "date_time_format",
  label: t("Date time format"),
};
const richTooltip = checkbox("rich_tooltip", t("Rich tooltip"), true);
const seriesLimitRows = [[c.seriesLimit, c.sortBy], [c.orderDesc]];

const tableLikeQuery = (extra: ControlConfig[][] = []): ControlSection =>
  section(t("Query"), "data", [
    [
      select(
        "query_mode",
        t("Query mode"),
        "aggregate",
        [
          ["aggregate", t("Aggregate")],
          ["raw", t("Raw records")],
        ],
        { renderTrigger: false },
      ),
    ],
    [{ ...c.groupby, visibility: (fd) => fd.query_mode !== "raw" }],
    [
      {
        ...c.metrics,
        required: false,
        validators: [],
        default: [],
        visibility: (fd) => fd.query_mode !== "raw",
      },
    ],
    [
      {
        name: "all_columns",
        type: "ColumnsControl",
        label: t("Columns"),
        multi: true,
        columnFilter: "all",
        default: [],
        visibility: (fd) => fd.query_mode === "raw",
      },
    ],
    [{ ...c.sortBy, label: t("Sort by"), visibility: (fd) => fd.query_mode !== "raw" }],
    [{ ...c.orderDesc, visibility: (fd) => fd.query_mode !== "raw" }],
    [c.adhocFilters],
    ...timeRows,
    [{ ...c.rowLimit, default: 10000 }],
    ...extra,
  ]);

export const TABLES_OTHERS_PANELS: Record<string, ControlPanel> = {
  time_table: {
    sections: [
      section(t("Query"), "data", [
        [c.metrics],
        [{ ...c.groupby, description: t("With a group-by, only one metric can be used.") }],
        [grain],
        [c.adhocFilters],
        ...timeRows,
        [c.seriesLimit],
        [c.rowLimit],
        [c.orderDesc],
      ]),
      section(t("Options"), "customize", [
        [
          {
            name: "url",
            type: "TextControl",
            label: t("URL"),
            description: t("Templated link; {{ metric }} or other values from the row can be used."),
            renderTrigger: true,
          },
        ],
      ]),
    ],
  },
  word_cloud: {
    sections: [
      section(t("Query"), "data", [
        [single("series", t("Dimension"))],
        [c.metric],
        [c.adhocFilters],
        ...timeRows,
        [{ ...c.rowLimit, default: 100 }],
        [{ ...c.sortByMetric, label: t("Sort by metric") }],
      ]),
      section(t("Options"), "customize", [
        [
          integer("size_from", t("Minimum font size"), 10, {
            validators: [validateInteger, validateNonEmpty],
          }),
          integer("size_to", t("Maximum font size"), 70, { validators: [validateInteger, validateNonEmpty] }),
        ],
        [
          select("rotation", t("Word rotation"), "square", [
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
      section(t("Time"), "data", timeRows),
      section(t("Query"), "data", [
        [
          select(
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
          select(
            "subdomain_granularity",
            t("Subdomain"),
            "day",
            [
              ["min", t("min")],
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
        [integer("cell_size", t("Cell Size"), 10), integer("cell_padding", t("Cell Padding"), 2)],
        [integer("cell_radius", t("Cell Radius"), 0), integer("steps", t("Color Steps"), 10)],
        [
          { ...c.yAxisFormat, label: t("Number Format") },
          { ...c.xAxisTimeFormat, label: t("Time Format") },
        ],
        [checkbox("show_legend", t("Legend"), true), checkbox("show_values", t("Show Values"), false)],
        [checkbox("show_metric_name", t("Show Metric Names"), true)],
      ]),
    ],
  },
  partition: {
    sections: [
      section(t("Query"), "data", [
        [c.metrics],
        [{ ...c.groupby, label: t("Hierarchy") }],
        [c.adhocFilters],
        ...timeRows,
        [grain],
        ...seriesLimitRows,
        [c.rowLimit],
      ]),
      section(t("Time Series Options"), "data", [
        [
          select(
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
        [c.numberFormat, dateTimeFormat],
        [
          integer("partition_limit", t("Partition Limit"), 5, {
            default: undefined,
            description: t("The maximum number of subdivisions of each group; lower values are pruned first"),
          }),
          {
            name: "partition_threshold",
            type: "TextControl",
            label: t("Partition Threshold"),
            isFloat: true,
            validators: [validateNumber],
            renderTrigger: true,
            description: t(
              "Partitions whose height to parent height proportions are below this value are pruned",
            ),
          },
        ],
        [richTooltip],
      ]),
    ],
  },
  parallel_coordinates: {
    sections: [
      section(t("Query"), "data", [
        [single("series", t("Dimension"))],
        [c.metrics],
        [
          {
            ...c.metric,
            name: "secondary_metric",
            label: t("Color Metric"),
            required: false,
            validators: [],
            default: undefined,
          },
        ],
        [c.adhocFilters],
        [{ ...c.seriesLimit, label: t("Series limit") }],
        [c.sortBy],
        [c.orderDesc],
      ]),
      section(t("Options"), "customize", [
        [checkbox("show_datatable", t("Data Table"), false)],
        [checkbox("include_series", t("Include Series"), false)],
        [linearScheme],
      ]),
    ],
  },
  rose: {
    sections: [
      section(t("Query"), "data", [
        [c.metrics],
        [c.groupby],
        [grain],
        [c.adhocFilters],
        ...timeRows,
        ...seriesLimitRows,
        [c.rowLimit],
      ]),
      section(t("Chart Options"), "customize", [
        [c.colorScheme],
        [c.numberFormat, dateTimeFormat],
        [checkbox("rose_area_proportion", t("Use Area Proportions"), false), richTooltip],
        [c.showLegend],
      ]),
    ],
  },
  chord: {
    sections: [
      section(t("Query"), "data", [
        [single("groupby", t("Source"), { description: t("Choose a source") })],
        [single("columns", t("Target"), { description: t("Choose a target") })],
        [c.metric],
        [c.adhocFilters],
        ...timeRows,
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
      section(t("Query"), "data", [
        [c.metrics],
        [c.groupby],
        [grain],
        [c.adhocFilters],
        ...timeRows,
        ...seriesLimitRows,
        [c.rowLimit],
      ]),
      section(t("Chart Options"), "customize", [
        [
          select(
            "series_height",
            t("Series Height"),
            "25",
            ["10", "25", "40", "50", "75", "100", "150", "200"].map((h) => [h, h]),
            {
              freeForm: true,
            },
          ),
          select("horizon_color_scale", t("Value Domain"), "series", [
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
      section(t("Query"), "data", [
        [c.metrics],
        [{ ...c.groupby, required: true, validators: [validateNonEmpty] }],
        [grain],
        [c.adhocFilters],
        ...timeRows,
        ...seriesLimitRows,
        [c.rowLimit],
      ]),
      section(t("Parameters"), "customize", [
        [
          {
            name: "significance_level",
            type: "TextControl",
            label: t("Significance Level"),
            default: 0.05,
            isFloat: true,
            validators: [validateNumber],
            renderTrigger: true,
            description: t("Threshold alpha level for determining significance"),
          },
        ],
        [
          integer("pvalue_precision", t("p-value precision"), 6),
          integer("liftvalue_precision", t("Lift percent precision"), 4),
        ],
      ]),
    ],
  },
  handlebars: {
    sections: [
      tableLikeQuery(),
      section(t("Options"), "customize", [
        [
          {
            name: "handlebarsTemplate",
            type: "TextAreaControl",
            label: t("Handlebars Template"),
            description: t("A handlebars template that is applied to the data"),
            default: DEFAULT_HANDLEBARS_TEMPLATE,
            validators: [validateNonEmpty],
            renderTrigger: true,
          },
        ],
        [
          {
            name: "styleTemplate",
            type: "TextAreaControl",
            label: t("CSS Styles"),
            description: t("CSS applied to the chart"),
            renderTrigger: true,
          },
        ],
      ]),
    ],
  },
};
