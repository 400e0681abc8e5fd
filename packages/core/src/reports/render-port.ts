/**
 * How PNG and PDF reports are drawn. Core computes the charts' data and describes the document;
 * a renderer in the server runtime (a headless browser drawing the SPA's own figure code) turns
 * that description into files. Core never depends on a browser: it only knows this port.
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

export type RenderFormat = "PNG" | "PDF";

export interface RenderedFile {
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
}

export interface RenderOptions {
  /** The whole job (page load, drawing, capture) must finish within this time. */
  timeoutMs: number;
}

/**
 * Draws a report. PNG: one image per chart for a chart report, one full-length image for a
 * dashboard. PDF: one document. Rejects with a message an owner can act on (which chart failed,
 * the time limit, a missing browser); it never hangs past `timeoutMs`.
 */
export interface ReportRenderer {
  render(job: RenderJob, format: RenderFormat, opts: RenderOptions): Promise<RenderedFile[]>;
  close(): Promise<void>;
}
