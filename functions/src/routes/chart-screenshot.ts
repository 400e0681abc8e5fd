import { ChartScreenshotQuerySchema } from "@strata/contracts";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { pathId, risonQuery } from "../http/input.ts";

/**
 * Superset's chart screenshot API: have the chart drawn as a PNG, then fetch it by its key once
 * it is made. Mounted under `/api/v1/chart`.
 */
export function chartScreenshotRoutes() {
  return new Hono<AppEnv>()
    .get("/:id{[0-9]+}/cache_screenshot", async (c) => {
      const query = risonQuery(c, ChartScreenshotQuerySchema);
      const { status, reply } = await c
        .get("core")
        .chartScreenshots.start(c.get("principal"), pathId(c), query);
      return c.json(reply, status);
    })
    .get("/:id{[0-9]+}/screenshot/:digest", async (c) => {
      const png = await c
        .get("core")
        .chartScreenshots.image(c.get("principal"), pathId(c), c.req.param("digest"));
      return c.body(Buffer.from(png), 200, {
        "content-type": "image/png",
        "cache-control": "private, no-store",
      });
    });
}
