import type { Entity } from "../store/meta-store.ts";

export interface AnnotationLayerData {
  name: string;
  descr: string | null;
}
export type AnnotationLayerEntity = Entity<AnnotationLayerData>;
export const ANNOTATION_LAYER = "annotation_layer";

export interface AnnotationData {
  layer_id: number;
  short_descr: string;
  long_descr: string | null;
  /** Naive UTC text, `YYYY-MM-DDTHH:MM:SS` (Superset's format). */
  start_dttm: string;
  end_dttm: string;
  json_metadata: string | null;
}
export type AnnotationEntity = Entity<AnnotationData>;

/** Ids come from one counter (Superset's ids are global)... */
export const ANNOTATION_ID_COUNTER = "annotation";
/** ...but each layer's annotations are their own entity type, so a layer lists only its own. */
export const annotationType = (layerId: number) => `annotation@${layerId}`;

/** Permission view of both resources, as the permission catalogue names it. */
export const ANNOTATION_VIEW = "AnnotationLayer";
