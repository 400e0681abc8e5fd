export * from "./types.ts";
export * from "./layers.ts";
export * from "./annotations.ts";
export * from "./chart-annotations.ts";
export { applyOverrides, sourceRequest, toAnnotationSeries } from "./source-chart.ts";
