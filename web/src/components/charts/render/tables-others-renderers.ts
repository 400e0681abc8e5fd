import { type ComponentType, lazy } from "react";
import type { ChartRenderProps } from "./chart-render-props";

/** One lazy chunk per family: none of them is in the SPA's initial JavaScript. */
export const TABLES_OTHERS_RENDERERS: Record<string, ComponentType<ChartRenderProps>> = {
  "time-table": lazy(() => import("./time-table/time-table-chart")),
  wordcloud: lazy(() => import("./wordcloud/word-cloud-chart")),
  calendar: lazy(() => import("./calendar/calendar-chart")),
  chord: lazy(() => import("./chord/chord-chart")),
  "parallel-coordinates": lazy(() => import("./parallel-coordinates/parallel-chart")),
  horizon: lazy(() => import("./horizon/horizon-chart")),
  "paired-ttest": lazy(() => import("./paired-ttest/paired-ttest-chart")),
  handlebars: lazy(() => import("./handlebars/handlebars-chart")),
};
