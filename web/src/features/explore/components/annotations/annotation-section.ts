import { t } from "../../../../lib/i18n";
import type { ControlConfig, ControlSection } from "../../model/control-types";

/** Form data's `annotation_layers` (Superset's AnnotationLayerControl). */
export const annotationLayersControl: ControlConfig = {
  name: "annotation_layers",
  type: "AnnotationLayerControl",
  label: t("Annotation layers"),
  description: t("Annotation layers to overlay on the visualization"),
  default: [],
};

/** The "Annotation layers" section of the time-series control panels (collapsed, as in Superset). */
export const annotationLayersSection: ControlSection = {
  label: t("Annotation layers"),
  tab: "data",
  expanded: false,
  rows: [[annotationLayersControl]],
};
