import * as v from "valibot";
import type { ScreenshotTaskStatus } from "./dashboard-screenshot.ts";

/**
 * Card pictures of charts and dashboards (Superset's thumbnails): a list row's `thumbnail_url`
 * is `/api/v1/{chart|dashboard}/{id}/thumbnail/{digest}/`, the digest naming the viewer and the
 * object's version. Asking for it answers the PNG (200), or 202 with the drawing's state while it
 * is being drawn in the background (ask again later), or a redirect to the current digest when
 * the object changed since the row was read.
 */
export const ThumbnailQuerySchema = v.strictObject({
  /** Draw the picture again now, even if one is made (counts against the caller's drawing quota). */
  force: v.optional(v.boolean()),
});
export type ThumbnailQuery = v.InferOutput<typeof ThumbnailQuerySchema>;

/** The 202 reply: the picture is not made yet (Pending, Computing) or its drawing failed (Error). */
export interface ThumbnailPendingReply {
  task_status: ScreenshotTaskStatus;
  /** When the drawing last changed state (ISO 8601); null when it was only just asked for. */
  task_updated_at: string | null;
  /** Why the last drawing failed, when it did. */
  message?: string;
}
