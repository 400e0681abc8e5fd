/**
 * How PNG and PDF reports are drawn. Core computes the charts' data and describes the document;
 * a renderer in the server runtime (a headless browser drawing the SPA's own figure code) turns
 * that description into files. Core never depends on a browser: it only knows this port.
 */

export type { RenderBlock, RenderChart, RenderJob, RenderRow } from "@strata/contracts";
import type { RenderJob } from "@strata/contracts";

export type RenderFormat = "PNG" | "PDF";

export interface RenderedFile {
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
}

export interface RenderOptions {
  /** The whole job (page load, drawing, capture) must finish within this time. */
  timeoutMs: number;
  /** PNG pixels per CSS pixel (a chart screenshot's thumbnail size); the renderer's own when absent. */
  scale?: number;
  /** A dashboard PNG's height in CSS pixels from the top (a thumbnail's top screenful); whole when absent. */
  clipHeight?: number;
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
