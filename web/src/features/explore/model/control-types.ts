import type { ChartDataset, FormData } from "../../../components/charts";

export type ControlType =
  | "MetricsControl"
  | "ColumnsControl"
  | "SelectControl"
  | "TextControl"
  | "CheckboxControl"
  | "TimeRangeControl"
  | "AdhocFilterControl"
  | "ColorSchemeControl"
  | "AnnotationLayerControl"
  | "SpatialControl"
  | "ColorPickerControl"
  | "TextAreaControl"
  /** A list of items edited one by one (Superset's CollectionControl; here the time-series table's columns). */
  | "CollectionControl";

export interface ControlContext {
  dataset: ChartDataset;
  formData: FormData;
}

export type Choice = [value: string | number | null, label: string];

/** A validator returns the message, or false when the value is fine. */
export type Validator = (value: unknown, fd: FormData) => string | false;

/** One control of a visualisation's control panel (a Superset control config). */
export interface ControlConfig {
  name: string;
  type: ControlType;
  label: string;
  description?: string;
  default?: unknown | ((ctx: ControlContext) => unknown);
  multi?: boolean;
  /** Fixed (or dataset-derived) choices of a SelectControl. */
  choices?: Choice[] | ((ctx: ControlContext) => Choice[]);
  /** Free-form selects accept values outside the choices (and keep them). */
  freeForm?: boolean;
  clearable?: boolean;
  validators?: Validator[];
  /** Required controls carry a marker; `hideError` keeps their message off screen (X-axis). */
  required?: boolean;
  hideError?: boolean;
  /** Drawing-only controls apply without a new query. */
  renderTrigger?: boolean;
  visibility?: (fd: FormData, ctx: ControlContext) => boolean;
  /** Which dataset columns a ColumnsControl offers. */
  columnFilter?: "all" | "groupby" | "temporal" | "numeric";
  placeholder?: string;
  /** Free-form text/number input kind of a TextControl. */
  isInt?: boolean;
  isFloat?: boolean;
}

export interface ControlSection {
  label: string;
  tab: "data" | "customize";
  expanded?: boolean;
  rows: ControlConfig[][];
}

export interface ControlPanel {
  sections: ControlSection[];
}

export function controlsOf(panel: ControlPanel): ControlConfig[] {
  return panel.sections.flatMap((s) => s.rows.flat());
}

export function choicesOf(control: ControlConfig, ctx: ControlContext): Choice[] {
  if (!control.choices) return [];
  return typeof control.choices === "function" ? control.choices(ctx) : control.choices;
}

export function defaultOf(control: ControlConfig, ctx: ControlContext): unknown {
  return typeof control.default === "function"
    ? (control.default as (c: ControlContext) => unknown)(ctx)
    : control.default;
}
