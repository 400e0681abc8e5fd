import type { AnnotationRow } from "@strata/contracts";
import { createResource, updateResource } from "../../../lib/resource/resource-write";

/** `/api/v1/annotation_layer/{id}/annotation/` as a generic resource. */
export const annotationsResource = (layerId: number) => `annotation_layer/${layerId}/annotation`;

export interface AnnotationBody {
  short_descr?: string;
  long_descr?: string | null;
  start_dttm?: string;
  end_dttm?: string;
  json_metadata?: string | null;
}

/** POST /api/v1/annotation_layer/{id}/annotation/ */
export const createAnnotation = (layerId: number, body: AnnotationBody) =>
  createResource<AnnotationRow>(annotationsResource(layerId), body);
/** PUT /api/v1/annotation_layer/{id}/annotation/{annotation id} */
export const updateAnnotation = (layerId: number, id: number, body: AnnotationBody) =>
  updateResource<AnnotationRow>(annotationsResource(layerId), id, body);
