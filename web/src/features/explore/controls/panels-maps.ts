import { COUNTRY_MAP_KEYS, countryLabel } from "../../../components/charts/render/maps/countries";
import { t } from "../../../lib/i18n";
import type { ControlConfig, ControlPanel, ControlSection } from "../model/control-types";
import { validateInteger, validateNonEmpty, validateNumber } from "../model/validators";
import * as c from "./shared-controls";

/**
 * Control panels of the map visualisations, with Superset's control names. Positions
 * (`spatial`, `start_spatial`, `end_spatial`) are edited as Superset's spatial objects; the colour
 * pickers and the viewport are kept as the form data has them.
 */

const section = (label: string, tab: ControlSection["tab"], rows: ControlConfig[][]): ControlSection => ({
  label,
  tab,
  rows,
  expanded: true,
});

const filters = [[c.adhocFilters], [c.granularity], [c.timeRange]];

const column = (name: string, label: string, required = false): ControlConfig => ({
  ...c.groupby,
  name,
  label,
  description: undefined,
  multi: false,
  default: undefined,
  ...(required ? { required: true, validators: [validateNonEmpty] } : {}),
});

const optionalMetric = (name: string, label: string): ControlConfig => ({
  ...c.metric,
  name,
  label,
  required: false,
  validators: [],
  default: undefined,
});

const number = (name: string, label: string, fallback: number, int = true): ControlConfig => ({
  name,
  type: "TextControl",
  label,
  default: fallback,
  isInt: int,
  isFloat: !int,
  validators: [int ? validateInteger : validateNumber],
  renderTrigger: true,
});

const LINEAR_SCHEMES: [string, string][] = [
  ["superset_seq_1", t("Superset sequential")],
  ["blue_white_yellow", t("Blue–white–yellow")],
  ["fire", t("Fire")],
  ["white_black", t("White–black")],
  ["black_white", t("Black–white")],
  ["dark_blue", t("Dark blue")],
  ["greens", t("Greens")],
  ["purples", t("Purples")],
  ["oranges", t("Oranges")],
  ["red_yellow_blue", t("Red–yellow–blue")],
  ["schemeRdYlGn", t("Red–yellow–green")],
  ["schemeYlOrRd", t("Yellow–orange–red")],
];

const linearColorScheme = (fallback: string): ControlConfig => ({
  name: "linear_color_scheme",
  type: "SelectControl",
  label: t("Linear color scheme"),
  default: fallback,
  choices: LINEAR_SCHEMES,
  renderTrigger: true,
});

const aggregation: ControlConfig = {
  name: "js_agg_function",
  type: "SelectControl",
  label: t("Dynamic aggregation function"),
  description: t("The function to use when aggregating points into groups"),
  default: "sum",
  choices: [
    ["sum", t("sum")],
    ["min", t("min")],
    ["max", t("max")],
    ["mean", t("mean")],
    ["median", t("median")],
    ["variance", t("variance")],
    ["deviation", t("deviation")],
    ["p1", t("p1")],
    ["p5", t("p5")],
    ["p95", t("p95")],
    ["p99", t("p99")],
  ],
  renderTrigger: true,
};

const spatial = (name: string, label: string): ControlConfig => ({
  name,
  type: "SpatialControl",
  label,
  required: true,
  validators: [
    (value) => {
      const v = (value ?? {}) as Record<string, unknown>;
      const complete =
        v.type === "delimited"
          ? Boolean(v.lonlatCol)
          : v.type === "geohash"
            ? Boolean(v.geohashCol)
            : Boolean(v.lonCol && v.latCol);
      return complete ? false : t("Choose the columns holding the positions");
    },
  ],
});

const colorPicker = (name: string, label: string, fallback: { r: number; g: number; b: number; a: number }) =>
  ({
    name,
    type: "ColorPickerControl",
    label,
    default: fallback,
    renderTrigger: true,
  }) satisfies ControlConfig;

const PICKER_DEFAULT = { r: 0, g: 122, b: 135, a: 1 };

const sizeMetric = optionalMetric("size", t("Weight"));

function aggregatePanel(extra: ControlConfig[][]): ControlPanel {
  return {
    sections: [
      section(t("Query"), "data", [
        [spatial("spatial", t("Longitude & Latitude"))],
        [sizeMetric],
        [c.rowLimit],
        ...filters,
      ]),
      section(t("Map"), "customize", extra),
    ],
  };
}

const lineType: ControlConfig = {
  name: "line_type",
  type: "SelectControl",
  label: t("Lines encoding"),
  description: t("The encoding format of the lines"),
  default: "json",
  choices: [
    ["polyline", t("Polyline")],
    ["json", t("JSON")],
    ["geohash", t("geohash (square)")],
  ],
};

const reverseLongLat: ControlConfig = {
  name: "reverse_long_lat",
  type: "CheckboxControl",
  label: t("Reverse lat/long"),
  default: false,
};

export const MAP_CONTROL_PANELS: Record<string, ControlPanel> = {
  country_map: {
    sections: [
      section(t("Query"), "data", [
        [
          {
            name: "select_country",
            type: "SelectControl",
            label: t("Country"),
            description: t("Which country to plot the map for?"),
            default: "france",
            choices: COUNTRY_MAP_KEYS.map((key) => [key, countryLabel(key)]),
            required: true,
            validators: [validateNonEmpty],
          },
        ],
        [column("entity", t("ISO 3166-2 Codes"), true)],
        [c.metric],
        ...filters,
      ]),
      section(t("Chart options"), "customize", [[linearColorScheme("superset_seq_1")], [c.numberFormat]]),
    ],
  },
  world_map: {
    sections: [
      section(t("Query"), "data", [
        [column("entity", t("Country column"), true)],
        [
          {
            name: "country_fieldtype",
            type: "SelectControl",
            label: t("Country field type"),
            default: "cca2",
            choices: [
              ["name", t("Full name")],
              ["cioc", t("code International Olympic Committee (cioc)")],
              ["cca2", t("code ISO 3166-1 alpha-2 (cca2)")],
              ["cca3", t("code ISO 3166-1 alpha-3 (cca3)")],
            ],
          },
        ],
        [c.metric],
        [optionalMetric("secondary_metric", t("Bubble size"))],
        ...filters,
        [c.rowLimit],
      ]),
      section(t("Options"), "customize", [
        [
          {
            name: "show_bubbles",
            type: "CheckboxControl",
            label: t("Show bubbles"),
            default: false,
            renderTrigger: true,
          },
          number("max_bubble_size", t("Max bubble size"), 25),
        ],
        [
          {
            name: "color_by",
            type: "SelectControl",
            label: t("Color by"),
            default: "metric",
            choices: [
              ["metric", t("Metric")],
              ["country", t("Country")],
            ],
            renderTrigger: true,
          },
        ],
        [linearColorScheme("superset_seq_1")],
        [c.colorScheme],
        [c.yAxisFormat],
      ]),
    ],
  },
  deck_scatter: {
    sections: [
      section(t("Query"), "data", [
        [spatial("spatial", t("Longitude & Latitude"))],
        [c.rowLimit],
        ...filters,
      ]),
      section(t("Point size"), "customize", [
        [number("min_radius", t("Minimum radius"), 2), number("max_radius", t("Maximum radius"), 250)],
        [number("multiplier", t("Multiplier"), 1, false)],
      ]),
      section(t("Point color"), "customize", [
        [colorPicker("color_picker", t("Fixed color"), PICKER_DEFAULT)],
        [column("dimension", t("Categorical color"))],
        [c.colorScheme],
      ]),
    ],
  },
  deck_hex: aggregatePanel([
    [number("grid_size", t("Cell radius (meters)"), 40)],
    [aggregation],
    [colorPicker("color_picker", t("Fixed color"), PICKER_DEFAULT)],
  ]),
  deck_grid: aggregatePanel([
    [number("grid_size", t("Cell size (meters)"), 200)],
    [aggregation],
    [colorPicker("color_picker", t("Fixed color"), PICKER_DEFAULT)],
  ]),
  deck_screengrid: aggregatePanel([
    [number("grid_size", t("Cell size (pixels)"), 20)],
    [colorPicker("color_picker", t("Fixed color"), PICKER_DEFAULT)],
  ]),
  deck_heatmap: aggregatePanel([
    [number("radius_pixels", t("Intensity radius"), 30)],
    [number("intensity", t("Intensity"), 1, false)],
    [
      {
        name: "aggregation",
        type: "SelectControl",
        label: t("Aggregation"),
        default: "SUM",
        choices: [
          ["SUM", t("sum")],
          ["MEAN", t("mean")],
        ],
        renderTrigger: true,
      },
    ],
    [linearColorScheme("schemeYlOrRd")],
  ]),
  deck_arc: {
    sections: [
      section(t("Query"), "data", [
        [spatial("start_spatial", t("Start Longitude & Latitude"))],
        [spatial("end_spatial", t("End Longitude & Latitude"))],
        [c.rowLimit],
        ...filters,
      ]),
      section(t("Arc"), "customize", [
        [colorPicker("color_picker", t("Fixed color"), PICKER_DEFAULT)],
        [column("dimension", t("Categorical color"))],
        [c.colorScheme],
        [number("stroke_width", t("Stroke width"), 1)],
      ]),
    ],
  },
  deck_path: {
    sections: [
      section(t("Query"), "data", [
        [column("line_column", t("Lines column"), true)],
        [lineType],
        [reverseLongLat],
        [optionalMetric("metric", t("Metric"))],
        [c.rowLimit],
        ...filters,
      ]),
      section(t("Map"), "customize", [
        [colorPicker("color_picker", t("Fixed color"), PICKER_DEFAULT)],
        [number("line_width", t("Line width"), 150)],
        [
          {
            name: "line_width_unit",
            type: "SelectControl",
            label: t("Line width unit"),
            default: "meters",
            choices: [
              ["meters", t("meters")],
              ["pixels", t("pixels")],
            ],
            renderTrigger: true,
          },
        ],
      ]),
    ],
  },
  deck_polygon: {
    sections: [
      section(t("Query"), "data", [
        [column("line_column", t("Polygon column"), true)],
        [lineType],
        [reverseLongLat],
        [optionalMetric("metric", t("Metric"))],
        [c.rowLimit],
        ...filters,
      ]),
      section(t("Map"), "customize", [
        [linearColorScheme("superset_seq_1")],
        [number("opacity", t("Opacity"), 80)],
        [
          { name: "filled", type: "CheckboxControl", label: t("Filled"), default: true, renderTrigger: true },
          {
            name: "stroked",
            type: "CheckboxControl",
            label: t("Stroked"),
            default: false,
            renderTrigger: true,
          },
        ],
        [number("line_width", t("Line width"), 10)],
        [
          colorPicker("fill_color_picker", t("Fill Color"), { r: 3, g: 166, b: 110, a: 1 }),
          colorPicker("stroke_color_picker", t("Stroke Color"), { r: 0, g: 122, b: 135, a: 1 }),
        ],
      ]),
    ],
  },
};
