import { AnnotationPostSchema, AnnotationPutSchema } from "@strata/contracts";
import { ANNOTATION_LIST_SPEC, ANNOTATION_VIEW } from "@strata/core";
import type { Context } from "hono";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { jsonBody, pathId } from "../http/input.ts";
import { userOptions } from "../http/related.ts";
import { listRoutes } from "../http/resource.ts";

const layerIdOf = (c: Context<AppEnv>) => pathId(c, "layerId");

/** `/api/v1/annotation_layer/{layerId}/annotation/…`: a 404 when the layer does not exist. */
export function annotationRoutes() {
  const list = listRoutes({
    view: ANNOTATION_VIEW,
    noun: "annotation",
    rows: (c) => c.get("core").annotations.rows(c.get("principal"), layerIdOf(c)),
    spec: ANNOTATION_LIST_SPEC,
    related: { created_by: userOptions, changed_by: userOptions },
    remove: {
      check: async (c, id) => {
        await c.get("core").annotations.checkRemove(c.get("principal"), layerIdOf(c), id);
      },
      run: (c, id) => c.get("core").annotations.remove(c.get("principal"), layerIdOf(c), id),
    },
  });
  return new Hono<AppEnv>()
    .route("/", list)
    .get("/:id{[0-9]+}", async (c) => {
      const id = pathId(c);
      return c.json({
        id,
        result: await c.get("core").annotations.detail(c.get("principal"), layerIdOf(c), id),
      });
    })
    .post("/", async (c) => {
      const p = c.get("principal");
      const annotations = c.get("core").annotations;
      const layerId = layerIdOf(c);
      const created = await annotations.create(p, layerId, await jsonBody(c, AnnotationPostSchema));
      return c.json({ id: created.id, result: await annotations.detail(p, layerId, created.id) }, 201);
    })
    .put("/:id{[0-9]+}", async (c) => {
      const p = c.get("principal");
      const annotations = c.get("core").annotations;
      const layerId = layerIdOf(c);
      const body = await jsonBody(c, AnnotationPutSchema);
      const updated = await annotations.update(p, layerId, pathId(c), body);
      return c.json({ id: updated.id, result: await annotations.detail(p, layerId, updated.id) });
    })
    .delete("/:id{[0-9]+}", async (c) => {
      await c.get("core").annotations.remove(c.get("principal"), layerIdOf(c), pathId(c));
      return c.json({ message: "OK" });
    });
}
