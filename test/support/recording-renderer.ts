import type { RenderJob, RenderOptions, ReportRenderer } from "@strata/core";
import { PROJECT_ROOT } from "../../functions/src/runtime/local-runtime.ts";
import { localReportRenderer } from "../../functions/src/runtime/report-render/index.ts";

/** A one-pixel PNG: what the recording renderer answers for every job. */
const PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * A report renderer standing in for Chromium: it keeps each document core hands it (every chart's
 * data, computed through the real chart-data path) in `jobs` and answers a PNG. What the picture
 * would show is exactly that data, so tests read it there.
 */
export function recordingRenderer(): {
  renderer: ReportRenderer;
  jobs: RenderJob[];
  /** The options each job was drawn with, in the same order. */
  options: RenderOptions[];
} {
  const jobs: RenderJob[] = [];
  const options: RenderOptions[] = [];
  const renderer: ReportRenderer = {
    async render(job, _format, opts) {
      jobs.push(job);
      options.push(opts);
      return [{ bytes: PIXEL_PNG, contentType: "image/png", fileName: `${job.title}.png` }];
    },
    async close() {},
  };
  return { renderer, jobs, options };
}

/**
 * The local server's real renderer pointed at a browser that is not there: what a server without
 * Chromium does (each drawing ends saying how to get one).
 */
export function rendererWithoutBrowser(): ReportRenderer {
  return localReportRenderer(PROJECT_ROOT, undefined, {
    ...process.env,
    CHROMIUM_PATH: "/nonexistent/chromium",
  });
}
