import type {
  AnnotationLayerConfig,
  AnnotationOpacity,
  AnnotationSourceType,
  AnnotationStyle,
  AnnotationType,
} from "@strata/contracts";
import { formulaError } from "../../../../components/charts/render/plotly/figures/annotations-formula";
import { t } from "../../../../lib/i18n";

/** Superset's annotation layer control, as choices and defaults. */

export const TYPE_CHOICES: { value: AnnotationType; label: string }[] = [
  { value: "FORMULA", label: t("Formula") },
  { value: "EVENT", label: t("Event") },
  { value: "INTERVAL", label: t("Interval") },
  { value: "TIME_SERIES", label: t("Time series") },
];

/** Sources each type can draw from (only those Strata serves). */
export function sourceChoices(type: AnnotationType): { value: AnnotationSourceType; label: string }[] {
  if (type === "EVENT" || type === "INTERVAL") return [{ value: "NATIVE", label: t("Superset annotation") }];
  if (type === "TIME_SERIES") return [{ value: "line", label: t("Line chart") }];
  return [];
}

export const OPACITY_CHOICES: { value: AnnotationOpacity; label: string }[] = [
  { value: "", label: t("Solid") },
  { value: "opacityLow", label: "0.2" },
  { value: "opacityMedium", label: "0.5" },
  { value: "opacityHigh", label: "0.8" },
];

export const STYLE_CHOICES: { value: AnnotationStyle; label: string }[] = [
  { value: "solid", label: t("Solid") },
  { value: "dashed", label: t("Dashed") },
  { value: "longDashed", label: t("Long dashed") },
  { value: "dotted", label: t("Dotted") },
];

/** The overrides a time series layer may take from the chart it is drawn on. */
export const OVERRIDE_CHOICES: { key: string; label: string }[] = [
  { key: "time_range", label: t("Override time range") },
  { key: "time_grain_sqla", label: t("Override time grain") },
];

/** Visualisations whose saved charts can be drawn as a time series layer. */
export const TIME_SERIES_SOURCE_VIZ = new Set([
  "echarts_timeseries_line",
  "echarts_area",
  "echarts_timeseries_bar",
  "echarts_timeseries_scatter",
]);

/** A new layer with Superset's defaults. */
export function newLayer(): AnnotationLayerConfig {
  return {
    name: "",
    annotationType: "FORMULA",
    sourceType: "",
    value: "",
    show: true,
    showLabel: false,
    showMarkers: false,
    hideLine: false,
    color: null,
    opacity: "",
    style: "solid",
    width: 1,
    overrides: {},
    titleColumn: "",
    descriptionColumns: [],
    timeColumn: "",
    intervalEndColumn: "",
  };
}

/** Switching the type picks its (first) source and forgets a value of another kind. */
export function withType(layer: AnnotationLayerConfig, type: AnnotationType): AnnotationLayerConfig {
  if (type === layer.annotationType) return layer;
  const source = sourceChoices(type)[0]?.value ?? "";
  const keepValue = source === layer.sourceType;
  return {
    ...layer,
    annotationType: type,
    sourceType: source,
    value: keepValue ? layer.value : "",
    overrides: type === "TIME_SERIES" ? { time_range: null } : {},
  };
}

/** Messages by field; empty when the layer can be applied. */
export function validateLayer(layer: AnnotationLayerConfig, takenNames: string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = layer.name.trim();
  if (!name) errors.name = t("Name is required");
  else if (takenNames.includes(name)) errors.name = t("A layer with this name already exists");
  if (layer.annotationType === "FORMULA") {
    const problem = formulaError(String(layer.value ?? ""));
    if (problem) errors.value = problem;
  } else if (layer.value === "" || layer.value === null || layer.value === undefined) {
    errors.value = t("Choose a source");
  }
  return errors;
}

/** The layer as stored in form data: trimmed name, ids as numbers. */
export function finalizeLayer(layer: AnnotationLayerConfig): AnnotationLayerConfig {
  const numeric =
    layer.sourceType === "NATIVE" || layer.sourceType === "line" || layer.sourceType === "table";
  return {
    ...layer,
    name: layer.name.trim(),
    value: numeric && layer.value !== null && layer.value !== "" ? Number(layer.value) : layer.value,
  };
}

export function layersOf(value: unknown): AnnotationLayerConfig[] {
  return Array.isArray(value)
    ? (value as AnnotationLayerConfig[]).filter(
        (l) => l && typeof l === "object" && typeof l.name === "string",
      )
    : [];
}
