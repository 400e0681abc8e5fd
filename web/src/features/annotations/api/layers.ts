import type { AnnotationLayerRow } from "@strata/contracts";
import { createResource, updateResource } from "../../../lib/resource/resource-write";

/** `/api/v1/annotation_layer/` as a generic resource. */
export const LAYERS = "annotation_layer";

export interface LayerBody {
  name?: string;
  descr?: string | null;
}

/** POST /api/v1/annotation_layer/ */
export const createLayer = (body: LayerBody) => createResource<AnnotationLayerRow>(LAYERS, body);
/** PUT /api/v1/annotation_layer/{id} */
export const updateLayer = (id: number, body: LayerBody) =>
  updateResource<AnnotationLayerRow>(LAYERS, id, body);
