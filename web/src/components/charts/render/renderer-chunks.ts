import type { ComponentType } from "react";
import { type LazyPart, lazyPart } from "../../../lib/lazy-part";
import { modernFormData } from "@strata/contracts/chart-query";
import type { FormData } from "../types";
import { rendererKind } from "../viz-types";
import type { ChartRenderProps } from "./chart-render-props";

export interface RendererModule {
  default: ComponentType<ChartRenderProps>;
  /** Starts loading what the renderer draws with, when that is a chunk of its own (Plotly). */
  preloadDrawing?: () => void;
}
export type RendererChunk = LazyPart<RendererModule>;

/** Each renderer family is a chunk of its own: none is in the SPA's initial JavaScript. */
const CHUNKS: Record<ReturnType<typeof rendererKind>, RendererChunk> = {
  plotly: lazyPart(() => import("./plotly/plotly-view")),
  table: lazyPart(() => import("./table/table-chart")),
  pivot: lazyPart(() => import("./pivot/pivot-table-chart")),
  map: lazyPart(() => import("./maps/map-chart")),
  "time-table": lazyPart(() => import("./time-table/time-table-chart")),
  wordcloud: lazyPart(() => import("./wordcloud/word-cloud-chart")),
  calendar: lazyPart(() => import("./calendar/calendar-chart")),
  chord: lazyPart(() => import("./chord/chord-chart")),
  "parallel-coordinates": lazyPart(() => import("./parallel-coordinates/parallel-chart")),
  horizon: lazyPart(() => import("./horizon/horizon-chart")),
  "paired-ttest": lazyPart(() => import("./paired-ttest/paired-ttest-chart")),
  handlebars: lazyPart(() => import("./handlebars/handlebars-chart")),
};

/** The chunk that draws a chart (a legacy key draws as the modern type Superset migrates it to). */
export function rendererChunk(formData: FormData): RendererChunk {
  return CHUNKS[rendererKind(modernFormData(formData).viz_type)];
}

/**
 * Starts loading a chart's renderer while its data is still on the way (a dashboard's charts,
 * Explore's chart), so it draws as soon as its rows arrive instead of only then asking for its
 * code. A failure is left to the chart's own load, which reports it.
 */
export function preloadRenderer(formData: FormData | null | undefined): void {
  if (!formData?.viz_type) return;
  const chunk = rendererChunk(formData);
  chunk.load().then(
    (loaded) => loaded.preloadDrawing?.(),
    () => undefined,
  );
}
