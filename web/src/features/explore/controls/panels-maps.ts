import { COUNTRY_MAP_KEYS, countryLabel } from "../../../components/charts/render/maps/countries";
import { t } from "../../../lib/i18n";
import type { ControlConfig, ControlPanel, ControlSection } from "../model/control-types";
import {
  checkboxControl,
  colorPickerControl,
  columnControl,
  floatControl,
  integerControl,
  linearColorSchemeControl,
  optionalMetric,
  REQUIRED,
  section,
  selectControl,
} from "./control-factory";
import * as c from "./shared-controls";

/**
 * Control panels of the map visualisations, with Superset's control names. Positions
 * (`spatial`, `start_spatial`, `end_spatial`) are edited as Superset's spatial objects; the colour
 * pickers and the viewport are kept as the form data has them.
 */

const column = (name: string, label: string, required = false): ControlConfig =>
  columnControl(name, label, required ? REQUIRED : {});

/** The sequential palettes the map renderers know (a subset of the legacy charts' list). */
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

const linearColorScheme = (fallback: string) => linearColorSchemeControl(fallback, LINEAR_SCHEMES);

const aggregation = selectControl(
  "js_agg_function",
  t("Dynamic aggregation function"),
  "sum",
  [
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
  { description: t("The function to use when aggregating points into groups") },
);

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

const PICKER_DEFAULT = { r: 0, g: 122, b: 135, a: 1 };
const fixedColor = colorPickerControl("color_picker", t("Fixed color"), PICKER_DEFAULT);

/** Query rows ending every deck.gl panel: how many rows to read and which. */
const limitAndFilterRows = [[c.rowLimit], ...c.filterRows];

/** deck_hex, deck_grid, deck_screengrid and deck_heatmap: points aggregated into cells. */
function aggregatePanel(extra: ControlConfig[][]): ControlPanel {
  return {
    sections: [
      section(t("Query"), "data", [
        [spatial("spatial", t("Longitude & Latitude"))],
        [optionalMetric("size", t("Weight"))],
        ...limitAndFilterRows,
      ]),
      section(t("Map"), "customize", extra),
    ],
  };
}

/** deck_scatter and deck_arc colour their marks with a fixed colour or by a category. */
const markColorRows = [[fixedColor], [column("dimension", t("Categorical color"))], [c.colorScheme]];

/** deck_path and deck_polygon read encoded shapes from one column. */
const shapeQuery = (columnLabel: string): ControlSection =>
  section(t("Query"), "data", [
    [column("line_column", columnLabel, true)],
    [
      selectControl(
        "line_type",
        t("Lines encoding"),
        "json",
        [
          ["polyline", t("Polyline")],
          ["json", t("JSON")],
          ["geohash", t("geohash (square)")],
        ],
        { description: t("The encoding format of the lines"), renderTrigger: false },
      ),
    ],
    [checkboxControl("reverse_long_lat", t("Reverse lat/long"), false, { renderTrigger: false })],
    [optionalMetric("metric", t("Metric"))],
    ...limitAndFilterRows,
  ]);

export const MAP_CONTROL_PANELS: Record<string, ControlPanel> = {
  country_map: {
    sections: [
      section(t("Query"), "data", [
        [
          selectControl(
            "select_country",
            t("Country"),
            "france",
            COUNTRY_MAP_KEYS.map((key) => [key, countryLabel(key)]),
            { description: t("Which country to plot the map for?"), renderTrigger: false, ...REQUIRED },
          ),
        ],
        [column("entity", t("ISO 3166-2 Codes"), true)],
        [c.metric],
        ...c.filterRows,
      ]),
      section(t("Chart options"), "customize", [[linearColorScheme("superset_seq_1")], [c.numberFormat]]),
    ],
  },
  world_map: {
    sections: [
      section(t("Query"), "data", [
        [column("entity", t("Country column"), true)],
        [
          selectControl(
            "country_fieldtype",
            t("Country field type"),
            "cca2",
            [
              ["name", t("Full name")],
              ["cioc", t("code International Olympic Committee (cioc)")],
              ["cca2", t("code ISO 3166-1 alpha-2 (cca2)")],
              ["cca3", t("code ISO 3166-1 alpha-3 (cca3)")],
            ],
            { renderTrigger: false },
          ),
        ],
        [c.metric],
        [optionalMetric("secondary_metric", t("Bubble size"))],
        ...c.filterRows,
        [c.rowLimit],
      ]),
      section(t("Options"), "customize", [
        [
          checkboxControl("show_bubbles", t("Show bubbles"), false),
          integerControl("max_bubble_size", t("Max bubble size"), 25),
        ],
        [
          selectControl("color_by", t("Color by"), "metric", [
            ["metric", t("Metric")],
            ["country", t("Country")],
          ]),
        ],
        [linearColorScheme("superset_seq_1")],
        [c.colorScheme],
        [c.yAxisFormat],
      ]),
    ],
  },
  deck_scatter: {
    sections: [
      section(t("Query"), "data", [[spatial("spatial", t("Longitude & Latitude"))], ...limitAndFilterRows]),
      section(t("Point size"), "customize", [
        [
          integerControl("min_radius", t("Minimum radius"), 2),
          integerControl("max_radius", t("Maximum radius"), 250),
        ],
        [floatControl("multiplier", t("Multiplier"), 1)],
      ]),
      section(t("Point color"), "customize", markColorRows),
    ],
  },
  deck_hex: aggregatePanel([
    [integerControl("grid_size", t("Cell radius (meters)"), 40)],
    [aggregation],
    [fixedColor],
  ]),
  deck_grid: aggregatePanel([
    [integerControl("grid_size", t("Cell size (meters)"), 200)],
    [aggregation],
    [fixedColor],
  ]),
  deck_screengrid: aggregatePanel([[integerControl("grid_size", t("Cell size (pixels)"), 20)], [fixedColor]]),
  deck_heatmap: aggregatePanel([
    [integerControl("radius_pixels", t("Intensity radius"), 30)],
    [floatControl("intensity", t("Intensity"), 1)],
    [
      selectControl("aggregation", t("Aggregation"), "SUM", [
        ["SUM", t("sum")],
        ["MEAN", t("mean")],
      ]),
    ],
    [linearColorScheme("schemeYlOrRd")],
  ]),
  deck_arc: {
    sections: [
      section(t("Query"), "data", [
        [spatial("start_spatial", t("Start Longitude & Latitude"))],
        [spatial("end_spatial", t("End Longitude & Latitude"))],
        ...limitAndFilterRows,
      ]),
      section(t("Arc"), "customize", [
        ...markColorRows,
        [integerControl("stroke_width", t("Stroke width"), 1)],
      ]),
    ],
  },
  deck_path: {
    sections: [
      shapeQuery(t("Lines column")),
      section(t("Map"), "customize", [
        [fixedColor],
        [integerControl("line_width", t("Line width"), 150)],
        [
          selectControl("line_width_unit", t("Line width unit"), "meters", [
            ["meters", t("meters")],
            ["pixels", t("pixels")],
          ]),
        ],
      ]),
    ],
  },
  deck_polygon: {
    sections: [
      shapeQuery(t("Polygon column")),
      section(t("Map"), "customize", [
        [linearColorScheme("superset_seq_1")],
        [integerControl("opacity", t("Opacity"), 80)],
        [checkboxControl("filled", t("Filled"), true), checkboxControl("stroked", t("Stroked"), false)],
        [integerControl("line_width", t("Line width"), 10)],
        [
          colorPickerControl("fill_color_picker", t("Fill Color"), { r: 3, g: 166, b: 110, a: 1 }),
          colorPickerControl("stroke_color_picker", t("Stroke Color"), PICKER_DEFAULT),
        ],
      ]),
    ],
  },
  deck_geojson: {
    sections: [
      section(t("Query"), "data", [
        [column("geojson", t("GeoJSON column"), true)],
        [c.rowLimit],
        [
          checkboxControl("filter_nulls", t("Ignore null locations"), true, {
            description: t("Whether to leave out rows whose GeoJSON is empty"),
            renderTrigger: false,
          }),
        ],
        ...c.filterRows,
      ]),
      section(t("GeoJSON settings"), "customize", [
        [
          {
            ...colorPickerControl("fill_color_picker", t("Fill Color"), PICKER_DEFAULT),
            description: t("Fills every shape; at opacity 0, each feature's own fillColor is used"),
          },
          {
            ...colorPickerControl("stroke_color_picker", t("Stroke Color"), PICKER_DEFAULT),
            description: t(
              "Strokes every line and outline; at opacity 0, each feature's own strokeColor is used",
            ),
          },
        ],
        [checkboxControl("filled", t("Filled"), true), checkboxControl("stroked", t("Stroked"), false)],
        [integerControl("line_width", t("Line width"), 1)],
        [
          selectControl("line_width_unit", t("Line width unit"), "pixels", [
            ["meters", t("meters")],
            ["pixels", t("pixels")],
          ]),
        ],
        [integerControl("point_radius_scale", t("Point radius scale"), 0)],
      ]),
    ],
  },
};
