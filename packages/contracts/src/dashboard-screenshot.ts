import * as v from "valibot";

/**
 * A dashboard drawn on the server as an image or PDF (Superset's dashboard screenshot API):
 * `POST /api/v1/dashboard/{id}/cache_dashboard_screenshot/` starts the drawing in the background
 * for the caller, in the state they see (filters, tabs), and
 * `GET /api/v1/dashboard/{id}/screenshot/{cache_key}/?download_format=png|pdf` hands the file back
 * once it is made (404 until then).
 */

export const SCREENSHOT_FORMATS = ["png", "pdf"] as const;
export type ScreenshotFormat = (typeof SCREENSHOT_FORMATS)[number];

/** The POST body: the dashboard state to draw, as Superset's client sends it. */
export const DashboardScreenshotSchema = v.object({
  dataMask: v.optional(v.record(v.string(), v.unknown())),
  activeTabs: v.optional(v.array(v.string())),
  anchor: v.optional(v.nullable(v.string())),
  urlParams: v.optional(v.array(v.tuple([v.string(), v.string()]))),
  /**
   * Strata's addition: the one format the caller will ask for, so only that one is drawn.
   * Without it both are made, as a Superset client may ask for either.
   */
  download_format: v.optional(v.picklist(SCREENSHOT_FORMATS)),
});
export type DashboardScreenshotRequest = v.InferOutput<typeof DashboardScreenshotSchema>;

/** `?download_format=` of the GET (Superset's default is png). */
export const ScreenshotFormatSchema = v.optional(v.picklist(SCREENSHOT_FORMATS), "png");

/** Superset's screenshot task states. */
export type ScreenshotTaskStatus = "Pending" | "Computing" | "Updated" | "Error";

/** The POST's 202 reply. */
export interface DashboardScreenshotReply {
  cache_key: string;
  /** A permalink to the dashboard in the state drawn. */
  dashboard_url: string;
  /** Where the file will be (add `?download_format=pdf` for the PDF). */
  image_url: string;
  /** When the task last changed state (ISO 8601). */
  task_updated_at: string;
  task_status: ScreenshotTaskStatus;
}
