import type { ChartDataResult, FormData } from "../../components/charts/types";

import type { RenderBlock, RenderChart, RenderJob } from "@strata/contracts";

export type { RenderBlock, RenderChart, RenderJob, RenderRow } from "@strata/contracts";

declare global {
  interface Window {
    __STRATA_RENDER__?: unknown;
  }
}

export const DEFAULT_CHART_WIDTH = 800;
export const DEFAULT_DASHBOARD_WIDTH = 1600;
export const DEFAULT_CHART_HEIGHT = 500;
/** Grid geometry of dashboards: 12 columns, heights in units of 8 px, 16 px gutters. */
export const GRID_COLUMNS = 12;
export const GRID_UNIT = 8;
export const GUTTER = 16;

/** The job the renderer left on the window, or an error message saying what is wrong with it. */
export function readRenderJob(value: unknown): RenderJob | string {
  if (!value || typeof value !== "object")
    return "No report to draw: the page was opened without a render job.";
  const job = value as Partial<RenderJob>;
  if (job.kind !== "chart" && job.kind !== "dashboard")
    return 'The render job\'s kind must be "chart" or "dashboard".';
  if (!Array.isArray(job.charts)) return "The render job has no chart list.";
  for (const chart of job.charts) {
    if (!chart || typeof chart.id !== "number" || !Array.isArray(chart.queriesData))
      return "A chart of the render job has no id or no data.";
  }
  return { ...job, title: job.title ?? "" } as RenderJob;
}

/** The chart's form data as the renderers want it, its viz type taken from the job. */
export const chartFormData = (chart: RenderChart): FormData =>
  ({ datasource: "", ...chart.formData, viz_type: chart.vizType, slice_id: chart.id }) as FormData;

export const chartResults = (chart: RenderChart) => chart.queriesData as ChartDataResult[];

/** The first error a chart's data carries (a failed query), if any. */
export function dataError(chart: RenderChart): string | null {
  for (const result of chart.queriesData) {
    const r = result as { error?: unknown; status?: unknown } | null;
    if (r && typeof r.error === "string" && r.error) return r.error;
    if (r && r.status === "failed") return "its query failed";
  }
  return null;
}

/** The charts the page will draw: those the dashboard's rows place (duplicates once), else all. */
export function drawnChartIds(job: RenderJob): number[] {
  if (job.kind !== "dashboard" || !job.rows) return job.charts.map((c) => c.id);
  const known = new Set(job.charts.map((c) => c.id));
  const ids = new Set<number>();
  const visit = (block: RenderBlock) => {
    if (block.type === "chart" && known.has(block.chartId)) ids.add(block.chartId);
    if (block.type === "column") block.blocks.forEach(visit);
  };
  for (const row of job.rows) row.blocks.forEach(visit);
  return [...ids];
}
