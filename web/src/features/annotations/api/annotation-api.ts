import type { AnnotationLayerRow, AnnotationRow } from "@strata/contracts";
import { createResource, updateResource } from "../../../lib/resource/resource-write";

/** `/api/v1/annotation_layer/` as a generic resource. */
export const LAYERS = "annotation_layer";
/** `/api/v1/annotation_layer/{id}/annotation/` as a generic resource. */
export const annotationsResource = (layerId: number) => `annotation_layer/${layerId}/annotation`;

export interface LayerBody {
  name?: string;
  descr?: string | null;
}

export interface AnnotationBody {
  short_descr?: string;
  long_descr?: string | null;
  start_dttm?: string;
  end_dttm?: string;
  json_metadata?: string | null;
}

export const createLayer = (body: LayerBody) => createResource<AnnotationLayerRow>(LAYERS, body);
export const updateLayer = (id: number, body: LayerBody) =>
  updateResource<AnnotationLayerRow>(LAYERS, id, body);

export const createAnnotation = (layerId: number, body: AnnotationBody) =>
  createResource<AnnotationRow>(annotationsResource(layerId), body);
export const updateAnnotation = (layerId: number, id: number, body: AnnotationBody) =>
  updateResource<AnnotationRow>(annotationsResource(layerId), id, body);
