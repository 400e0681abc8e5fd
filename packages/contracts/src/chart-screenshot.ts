import * as v from "valibot";
import type { ScreenshotTaskStatus } from "./dashboard-screenshot.ts";

/**
 * A chart drawn on the server as a PNG (Superset's chart screenshot API):
 * `GET /api/v1/chart/{id}/cache_screenshot/?q=(…)` starts the drawing in the background for the
 * caller (or finds it made), and `GET /api/v1/chart/{id}/screenshot/{cache_key}/` hands the image
 * back once it is made (404 until then).
 */

/** Width and height in CSS pixels. */
const Size = v.pipe(
  v.tuple([
    v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(4000)),
    v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(4000)),
  ]),
);

export const ChartScreenshotQuerySchema = v.strictObject({
  /** Draw again even if this size of this version of the chart is already drawn. */
  force: v.optional(v.boolean()),
  /** The page the chart is drawn in (800×600 when absent). */
  window_size: v.optional(Size),
  /** The image's size: the window's drawing scaled to its width (the window's size when absent). */
  thumb_size: v.optional(Size),
});
export type ChartScreenshotQuery = v.InferOutput<typeof ChartScreenshotQuerySchema>;

/** 200 when the image is made and not forced again, else 202 while it is being drawn. */
export interface ChartScreenshotReply {
  cache_key: string;
  chart_url: string;
  image_url: string;
  /** When the task last changed state (ISO 8601). */
  task_updated_at: string;
  task_status: ScreenshotTaskStatus;
}
