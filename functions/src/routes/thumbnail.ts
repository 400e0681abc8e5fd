import { ThumbnailQuerySchema } from "@strata/contracts";
import type { ThumbnailKind } from "@strata/core";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { pathId, risonQuery } from "../http/input.ts";

/**
 * Superset's thumbnail API: `GET /{id}/thumbnail/{digest}/` answers the card picture (PNG), 202
 * while it is being drawn, or a redirect to the caller's current digest. Mounted under
 * `/api/v1/chart` and `/api/v1/dashboard`.
 */
export function thumbnailRoutes(kind: ThumbnailKind) {
  return new Hono<AppEnv>().get("/:id{[0-9]+}/thumbnail/:digest{[0-9A-Za-z_-]{1,64}}", async (c) => {
    const query = risonQuery(c, ThumbnailQuerySchema);
    const answer = await c
      .get("core")
      .thumbnails.get(c.get("principal"), kind, pathId(c), c.req.param("digest"), query);
    if (answer.kind === "redirect") return c.redirect(answer.location, 302);
    if (answer.kind === "pending") return c.json(answer.reply, 202);
    // The address names the viewer and the version, so a browser may keep the picture a while;
    // an hour keeps a redrawn day-old picture from hiding for long.
    return c.body(Buffer.from(answer.bytes), 200, {
      "content-type": "image/png",
      "cache-control": "private, max-age=3600",
    });
  });
}
