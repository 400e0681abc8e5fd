/** Superset's routes of the annotation layer pages. */
export const annotationPaths = {
  layers: "/annotationlayer/list/",
  layerPattern: "/annotationlayer/:layerId/annotation/",
  layer: (id: number) => `/annotationlayer/${id}/annotation/`,
} as const;
