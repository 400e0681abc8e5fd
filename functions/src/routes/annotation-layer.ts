import { AnnotationLayerPostSchema, AnnotationLayerPutSchema } from "@strata/contracts";
import { ANNOTATION_LAYER_LIST_SPEC, ANNOTATION_VIEW } from "@strata/core";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { jsonBody, pathId } from "../http/input.ts";
import { userOptions } from "../http/related.ts";
import { listRoutes } from "../http/resource.ts";
import { annotationRoutes } from "./annotation.ts";

/** `/api/v1/annotation_layer/…`, with each layer's annotations under `/{pk}/annotation/`. */
export function annotationLayerRoutes() {
  const list = listRoutes({
    view: ANNOTATION_VIEW,
    noun: "annotation layer",
    rows: (c) => c.get("core").annotationLayers.rows(c.get("principal")),
    spec: ANNOTATION_LAYER_LIST_SPEC,
    related: { created_by: userOptions, changed_by: userOptions },
    remove: {
      check: async (c, id) => {
        await c.get("core").annotationLayers.checkRemove(c.get("principal"), id);
      },
      run: (c, id) => c.get("core").annotationLayers.remove(c.get("principal"), id),
    },
  });
  return new Hono<AppEnv>()
    .route("/:layerId{[0-9]+}/annotation", annotationRoutes())
    .route("/", list)
    .get("/:id{[0-9]+}", async (c) => {
      const id = pathId(c);
      return c.json({ id, result: await c.get("core").annotationLayers.detail(c.get("principal"), id) });
    })
    .post("/", async (c) => {
      const p = c.get("principal");
      const layers = c.get("core").annotationLayers;
      const layer = await layers.create(p, await jsonBody(c, AnnotationLayerPostSchema));
      return c.json({ id: layer.id, result: await layers.detail(p, layer.id) }, 201);
    })
    .put("/:id{[0-9]+}", async (c) => {
      const p = c.get("principal");
      const layers = c.get("core").annotationLayers;
      const layer = await layers.update(p, pathId(c), await jsonBody(c, AnnotationLayerPutSchema));
      return c.json({ id: layer.id, result: await layers.detail(p, layer.id) });
    })
    .delete("/:id{[0-9]+}", async (c) => {
      await c.get("core").annotationLayers.remove(c.get("principal"), pathId(c));
      return c.json({ message: "OK" });
    });
}
