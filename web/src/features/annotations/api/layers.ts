import type { AnnotationLayerPost, AnnotationLayerPut, AnnotationLayerRow } from "@strata/contracts";
import { createResource, updateResource } from "../../../lib/resource/resource-write";

/** `/api/v1/annotation_layer/` as a generic resource. */
export const LAYERS = "annotation_layer";

/** POST /api/v1/annotation_layer/ */
export const createLayer = (body: AnnotationLayerPost) => createResource<AnnotationLayerRow>(LAYERS, body);
/** PUT /api/v1/annotation_layer/{id} */
export const updateLayer = (id: number, body: AnnotationLayerPut) =>
  updateResource<AnnotationLayerRow>(LAYERS, id, body);
