import {
  type DashboardScreenshotReply,
  DashboardScreenshotSchema,
  ScreenshotFormatSchema,
} from "@strata/contracts";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { jsonBody, pathId, validate } from "../http/input.ts";

/**
 * Superset's dashboard screenshot API (Download → image / PDF): start the drawing, then fetch
 * the file by its key once it is made. Mounted under `/api/v1/dashboard`.
 */
export function dashboardScreenshotRoutes() {
  return new Hono<AppEnv>()
    .post("/:id{[0-9]+}/cache_dashboard_screenshot", async (c) => {
      const body = await jsonBody(c, DashboardScreenshotSchema);
      const reply: DashboardScreenshotReply = await c
        .get("core")
        .dashboardScreenshots.start(c.get("principal"), pathId(c), body);
      return c.json(reply, 202);
    })
    .get("/:id{[0-9]+}/screenshot/:digest", async (c) => {
      const format = validate(ScreenshotFormatSchema, c.req.query("download_format"));
      const file = await c
        .get("core")
        .dashboardScreenshots.file(c.get("principal"), pathId(c), c.req.param("digest"), format);
      const name = file.fileName.replace(/[^\w .-]+/g, "_");
      return c.body(Buffer.from(file.bytes), 200, {
        "content-type": file.contentType,
        "content-disposition": `attachment; filename="${name}"`,
        "cache-control": "private, no-store",
      });
    });
}
