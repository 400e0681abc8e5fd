import { TagBulkCreateSchema, TagPostSchema, TagPutSchema } from "@strata/contracts";
import { TAG_LIST_SPEC } from "@strata/core";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { jsonBody, pathId } from "../http/input.ts";
import { listRoutes } from "../http/resource.ts";
import { favoriteRoutes } from "./favorites.ts";

/** `/api/v1/tag/…` */
export function tagRoutes() {
  const list = listRoutes({
    view: "Tag",
    noun: "tag",
    rows: (c) => c.get("core").tags.rows(c.get("principal")),
    spec: TAG_LIST_SPEC,
    remove: {
      check: async (c, id) => {
        await c.get("core").tags.checkRemove(c.get("principal"), id);
      },
      run: (c, id) => c.get("core").tags.remove(c.get("principal"), id),
    },
  });
  return new Hono<AppEnv>()
    .post("/bulk_create", async (c) => {
      const body = await jsonBody(c, TagBulkCreateSchema);
      const result = await c.get("core").tags.bulkCreate(c.get("principal"), body.tags, body.objects_to_tag);
      return c.json({ result });
    })
    .get("/get_objects", async (c) => {
      const raw = c.req.query("tagIds") ?? c.req.query("tag_ids");
      const ids = raw
        ? raw
            .split(",")
            .map(Number)
            .filter((n) => Number.isInteger(n) && n > 0)
        : [];
      return c.json({ result: await c.get("core").tags.objects(c.get("principal"), ids) });
    })
    .route("/", favoriteRoutes("tag"))
    .route("/", list)
    .get("/:id{[0-9]+}", async (c) => {
      const core = c.get("core");
      const tag = await core.tags.get(c.get("principal"), pathId(c));
      return c.json({ id: tag.id, result: core.tags.row(tag) });
    })
    .post("/", async (c) => {
      const core = c.get("core");
      const tag = await core.tags.create(c.get("principal"), await jsonBody(c, TagPostSchema));
      return c.json({ id: tag.id, result: core.tags.row(tag) }, 201);
    })
    .put("/:id{[0-9]+}", async (c) => {
      const core = c.get("core");
      const tag = await core.tags.update(c.get("principal"), pathId(c), await jsonBody(c, TagPutSchema));
      return c.json({ id: tag.id, result: core.tags.row(tag) });
    })
    .delete("/:id{[0-9]+}", async (c) => {
      await c.get("core").tags.remove(c.get("principal"), pathId(c));
      return c.json({ message: "OK" });
    })
    .delete("/:type/:objectId{[0-9]+}/:tag", async (c) => {
      await c
        .get("core")
        .tags.untag(c.get("principal"), c.req.param("type"), pathId(c, "objectId"), c.req.param("tag"));
      return c.json({ message: "OK" });
    });
}
