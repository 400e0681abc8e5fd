import { t } from "../../../lib/i18n";
import type { Choice, ControlConfig, ControlSection } from "../model/control-types";
import { validateInteger, validateNonEmpty, validateNumber } from "../model/validators";

/**
 * Builders for the control shapes the panel files share. Each takes the Superset form-data name,
 * the label and the default, and leaves everything else to `extra` (spread last, so it can
 * override). Drawing options are the common case, so selects, checkboxes and text inputs are
 * render triggers unless `extra` says `renderTrigger: false` (a control that changes the query).
 */

type Extra = Partial<ControlConfig>;

/** An expanded section of a panel. */
export const section = (
  label: string,
  tab: ControlSection["tab"],
  rows: ControlConfig[][],
): ControlSection => ({
  label,
  tab,
  rows,
  expanded: true,
});

/** A section that starts folded, for options most charts leave alone (Superset's `expanded: false`). */
export const collapsedSection = (
  label: string,
  tab: ControlSection["tab"],
  rows: ControlConfig[][],
): ControlSection => ({ ...section(label, tab, rows), expanded: false });

/** Spread into a control that must have a value (Superset's `validateNonEmpty`). */
export const REQUIRED = { required: true, validators: [validateNonEmpty] } satisfies Extra;

/** Choices whose labels are their values (sizes, heights…). */
export const sameLabelChoices = (values: readonly (string | number)[]): Choice[] =>
  values.map((v) => [v, String(v)]);

export const selectControl = (
  name: string,
  label: string,
  value: unknown,
  choices: ControlConfig["choices"],
  extra: Extra = {},
): ControlConfig => ({
  name,
  type: "SelectControl",
  label,
  default: value,
  choices,
  renderTrigger: true,
  ...extra,
});

export const checkboxControl = (
  name: string,
  label: string,
  value: boolean,
  extra: Extra = {},
): ControlConfig => ({
  name,
  type: "CheckboxControl",
  label,
  default: value,
  renderTrigger: true,
  ...extra,
});

/** A free text input, without validation. */
export const textControl = (name: string, label: string, extra: Extra = {}): ControlConfig => ({
  name,
  type: "TextControl",
  label,
  renderTrigger: true,
  ...extra,
});

export const textAreaControl = (name: string, label: string, extra: Extra = {}): ControlConfig => ({
  name,
  type: "TextAreaControl",
  label,
  renderTrigger: true,
  ...extra,
});

/** A number typed as text, checked the way Superset's `isInt` / `isFloat` text controls are. */
const numberControl =
  (kind: "integer" | "float") =>
  (name: string, label: string, value: number | undefined, extra: Extra = {}): ControlConfig =>
    textControl(name, label, {
      default: value,
      ...(kind === "integer"
        ? { isInt: true, validators: [validateInteger] }
        : { isFloat: true, validators: [validateNumber] }),
      ...extra,
    });

/** A whole number (`legacyValidateInteger`). */
export const integerControl = numberControl("integer");
/** A decimal number (`legacyValidateNumber`). */
export const floatControl = numberControl("float");

/** One dataset column that can be grouped by (spread `REQUIRED` into `extra` when it must be chosen). */
export const columnControl = (name: string, label: string, extra: Extra = {}): ControlConfig => ({
  name,
  type: "ColumnsControl",
  label,
  columnFilter: "groupby",
  ...extra,
});

/** A single metric the chart can do without. */
export const optionalMetric = (name: string, label: string): ControlConfig => ({
  name,
  type: "MetricsControl",
  label,
});

/** A list of metrics that may stay empty. */
export const optionalMetrics = (name: string, label: string, extra: Extra = {}): ControlConfig => ({
  name,
  type: "MetricsControl",
  label,
  multi: true,
  default: [],
  ...extra,
});

export const colorPickerControl = (
  name: string,
  label: string,
  value: { r: number; g: number; b: number; a: number },
): ControlConfig => ({ name, type: "ColorPickerControl", label, default: value, renderTrigger: true });

/** `linear_color_scheme`: the sequential palette of the legacy and map charts, from their own scheme list. */
export const linearColorSchemeControl = (value: string, choices: Choice[]): ControlConfig =>
  selectControl("linear_color_scheme", t("Linear color scheme"), value, choices);
