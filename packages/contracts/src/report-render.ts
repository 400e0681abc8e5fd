/**
 * The document a PNG or PDF report draws, with every chart's data already computed: the server's
 * reports domain builds it, its renderer hands it to the SPA's render page (before the page's
 * script runs), and the page draws it without asking the API for anything.
 */

/** One chart with its data already computed: the page draws it without any request. */
export interface RenderChart {
  id: number;
  title: string;
  vizType: string;
  formData: Record<string, unknown>;
  /** The chart-data reply's `result` array, as the SPA receives it. */
  queriesData: unknown[];
  /** Drawing height in CSS pixels for a chart report (dashboards take it from the layout). */
  height?: number;
}

/** A piece of a dashboard's layout; widths are grid columns of 12, heights grid units of 8 px. */
export type RenderBlock =
  | { type: "chart"; chartId: number; width: number; height: number }
  | { type: "markdown"; markdown: string; width: number; height: number }
  | { type: "column"; width: number; blocks: RenderBlock[] }
  | { type: "header"; text: string; size: "SMALL" | "MEDIUM" | "LARGE" }
  | { type: "divider" };

/** A dashboard row: its blocks side by side (a header or divider fills a row of its own). */
export interface RenderRow {
  blocks: RenderBlock[];
}

/** What the render page receives: plain JSON, handed to the page before its script runs. */
export interface RenderJob {
  kind: "chart" | "dashboard";
  title: string;
  /** Page width in CSS pixels (the report's custom width); the page picks a default when absent. */
  width?: number;
  charts: RenderChart[];
  /** Dashboards: the layout top to bottom. Absent: one chart per row, full width. */
  rows?: RenderRow[];
}
