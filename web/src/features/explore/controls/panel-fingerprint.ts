import type { ChartDataset, FormData } from "../../../components/charts";
import {
  type ControlConfig,
  type ControlContext,
  type ControlPanel,
  choicesOf,
  defaultOf,
} from "../model/control-types";

/**
 * A plain-data picture of a control panel, for the guard test that keeps the panels' contract
 * (Superset's form-data names, defaults, required flags, labels, validators, render triggers,
 * visibility and layout) unchanged while their source is reorganised. Functions (defaults,
 * validators, visibility, choices) are pictured by what they return on fixed probes.
 */

export const PROBE_DATASET: ChartDataset = {
  id: 7,
  type: "table",
  table_name: "birth_names",
  columns: [
    { column_name: "ds", type: "TIMESTAMP", is_dttm: true },
    { column_name: "gender", type: "VARCHAR" },
    { column_name: "num", type: "BIGINT" },
  ],
  metrics: [{ metric_name: "count", expression: "COUNT(*)" }],
  main_dttm_col: "ds",
  time_grain_sqla: [
    ["P1D", "Day"],
    ["P1M", "Month"],
  ],
};

const VALUE_PROBES: unknown[] = [undefined, "", [], "abc", "1.5", "7", 3, ",.2f", { type: "latlong" }];

const FORM_PROBES: Partial<FormData>[] = [
  {},
  { query_mode: "raw" },
  { show_legend: false },
  { rolling_type: "mean" },
  { x_axis: "ds" },
  { granularity_sqla: "ds" },
  { comparison_color_enabled: true },
];

/** The control's contract as a single comparable record. */
export interface ControlPicture {
  name: string;
  default: unknown;
  required: boolean;
  /** type, label, flags, validator/visibility/choice outcomes, in one line. */
  details: string;
}

/** Short stable hash, so long choice lists stay one token in the picture. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

/**
 * Each validator's outcome on the value probes, for an empty form and a raw-records one: "." where
 * the value passes, else the index of its message in the list that follows.
 */
function validatorOutcomes(control: ControlConfig, fd: FormData): string {
  // No validators and an empty list are read the same way (form-data.ts).
  if (!control.validators?.length) return "none";
  const messages: string[] = [];
  const code = (message: string | false) => {
    if (message === false) return ".";
    if (!messages.includes(message)) messages.push(message);
    return String(messages.indexOf(message));
  };
  const patterns = control.validators.map((validate) =>
    [fd, { ...fd, query_mode: "raw" } as FormData]
      .map((form) => VALUE_PROBES.map((value) => code(validate(value, form))).join(""))
      .join("/"),
  );
  return `[${patterns.join(",")}]${messages.length ? ` (${messages.join("; ")})` : ""}`;
}

export function pictureControl(control: ControlConfig, ctx: ControlContext): ControlPicture {
  // These flags mean the same when false and when left out; `clearable` does not (selects differ).
  const flags: string[] = (
    ["multi", "freeForm", "hideError", "renderTrigger", "isInt", "isFloat"] as const
  ).filter((key) => control[key] === true);
  if (control.clearable !== undefined) flags.push(`clearable=${control.clearable}`);
  const visibility = control.visibility
    ? FORM_PROBES.map((probe) =>
        control.visibility?.({ ...ctx.formData, ...probe } as FormData, ctx) ? "1" : "0",
      ).join("")
    : "always";
  const choices = control.choices ? choicesOf(control, ctx) : undefined;
  const details = [
    control.type,
    `label=${control.label}`,
    control.description === undefined ? "" : `description#${hash(control.description)}`,
    ...flags,
    control.columnFilter ? `columns=${control.columnFilter}` : "",
    control.placeholder ? `placeholder=${control.placeholder}` : "",
    `validators=${validatorOutcomes(control, ctx.formData)}`,
    `visible=${visibility}`,
    choices ? `choices=${choices.length}#${hash(JSON.stringify(choices))}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return {
    name: control.name,
    default: defaultOf(control, ctx) ?? null,
    required: control.required === true,
    details,
  };
}

export interface PanelPicture {
  /** One line per section: label, tab, expanded and the control names row by row. */
  layout: string[];
  controls: ControlPicture[];
}

export function picturePanel(vizType: string, panel: ControlPanel): PanelPicture {
  const ctx: ControlContext = {
    dataset: PROBE_DATASET,
    formData: { datasource: "7__table", viz_type: vizType } as FormData,
  };
  return {
    layout: panel.sections.map(
      (s) =>
        `${s.label} / ${s.tab}${s.expanded === false ? " (collapsed)" : ""}: ${s.rows
          .map((row) => row.map((c) => c.name).join(", "))
          .join(" | ")}`,
    ),
    controls: panel.sections.flatMap((s) => s.rows.flat()).map((c) => pictureControl(c, ctx)),
  };
}
