import type { AnnotationPost, AnnotationPut, AnnotationRow } from "@strata/contracts";
import { createResource, updateResource } from "../../../lib/resource/resource-write";

/** `/api/v1/annotation_layer/{id}/annotation/` as a generic resource. */
export const annotationsResource = (layerId: number) => `annotation_layer/${layerId}/annotation`;

/** POST /api/v1/annotation_layer/{id}/annotation/ */
export const createAnnotation = (layerId: number, body: AnnotationPost) =>
  createResource<AnnotationRow>(annotationsResource(layerId), body);
/** PUT /api/v1/annotation_layer/{id}/annotation/{annotation id} */
export const updateAnnotation = (layerId: number, id: number, body: AnnotationPut) =>
  updateResource<AnnotationRow>(annotationsResource(layerId), id, body);
