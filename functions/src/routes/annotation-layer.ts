import { AnnotationLayerPostSchema, AnnotationLayerPutSchema } from "@strata/contracts";
import { ANNOTATION_VIEW } from "@strata/core";
import { Hono } from "hono";
import { textFilter } from "../http/decorate.ts";
import type { AppEnv } from "../http/env.ts";
import { jsonBody, pathId } from "../http/input.ts";
import { userOptions } from "../http/related.ts";
import { listRoutes } from "../http/resource.ts";
import { annotationRoutes } from "./annotation.ts";

const byFirstName = (key: "created_by" | "changed_by") => (r: Record<string, unknown>) =>
  (r[key] as { first_name?: string } | null)?.first_name;

/** `/api/v1/annotation_layer/…`, with each layer's annotations under `/{pk}/annotation/`. */
export function annotationLayerRoutes() {
  const list = listRoutes({
    view: ANNOTATION_VIEW,
    noun: "annotation layer",
    rows: (c) => c.get("core").annotationLayers.rows(c.get("principal")),
    spec: {
      filterColumns: ["name", "descr", "created_by", "changed_by", "id"],
      orderColumns: [
        "name",
        "descr",
        "created_by.first_name",
        "changed_by.first_name",
        "changed_on",
        "changed_on_delta_humanized",
        "created_on",
        "id",
      ],
      defaultOrder: { column: "changed_on", direction: "desc" },
      sortValue: {
        changed_on_delta_humanized: (r) => r.changed_on,
        "created_by.first_name": byFirstName("created_by"),
        "changed_by.first_name": byFirstName("changed_by"),
      },
      named: { annotation_layer_all_text: textFilter(["name", "descr"]) },
    },
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
