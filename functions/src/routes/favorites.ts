import { IdListSchema } from "@strata/contracts";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { pathId, risonQuery } from "../http/input.ts";

/** `favorite_status/` and `{id}/favorites/` for chart, dashboard and tag (001 §4). */
export function favoriteRoutes(type: "chart" | "dashboard" | "tag" | "dataset") {
  return new Hono<AppEnv>()
    .get("/favorite_status", async (c) => {
      const ids = risonQuery(c, IdListSchema);
      return c.json({ result: await c.get("core").favorites.status(c.get("principal"), type, ids) });
    })
    .post("/:id{[0-9]+}/favorites", async (c) => {
      await c.get("core").favorites.add(c.get("principal"), type, pathId(c));
      return c.json({ result: "OK" });
    })
    .delete("/:id{[0-9]+}/favorites", async (c) => {
      await c.get("core").favorites.remove(c.get("principal"), type, pathId(c));
      return c.json({ result: "OK" });
    });
}
