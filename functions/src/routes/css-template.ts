import { CssTemplatePostSchema, CssTemplatePutSchema } from "@strata/contracts";
import { CSS_TEMPLATE_LIST_SPEC, CSS_TEMPLATE_VIEW } from "@strata/core";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { jsonBody, pathId } from "../http/input.ts";
import { userOptions } from "../http/related.ts";
import { listRoutes } from "../http/resource.ts";

/** `/api/v1/css_template/…` (Superset's CssTemplateRestApi): list, _info, related, CRUD, bulk delete. */
export function cssTemplateRoutes() {
  const list = listRoutes({
    view: CSS_TEMPLATE_VIEW,
    noun: "css template",
    rows: (c) => c.get("core").cssTemplates.rows(c.get("principal")),
    spec: CSS_TEMPLATE_LIST_SPEC,
    related: { created_by: userOptions, changed_by: userOptions },
    remove: {
      check: async (c, id) => {
        await c.get("core").cssTemplates.checkRemove(c.get("principal"), id);
      },
      run: (c, id) => c.get("core").cssTemplates.remove(c.get("principal"), id),
    },
  });
  return new Hono<AppEnv>()
    .route("/", list)
    .get("/:id{[0-9]+}", async (c) => {
      const id = pathId(c);
      return c.json({ id, result: await c.get("core").cssTemplates.detail(c.get("principal"), id) });
    })
    .post("/", async (c) => {
      const p = c.get("principal");
      const templates = c.get("core").cssTemplates;
      const made = await templates.create(p, await jsonBody(c, CssTemplatePostSchema));
      return c.json({ id: made.id, result: await templates.detail(p, made.id) }, 201);
    })
    .put("/:id{[0-9]+}", async (c) => {
      const p = c.get("principal");
      const templates = c.get("core").cssTemplates;
      const saved = await templates.update(p, pathId(c), await jsonBody(c, CssTemplatePutSchema));
      return c.json({ id: saved.id, result: await templates.detail(p, saved.id) });
    })
    .delete("/:id{[0-9]+}", async (c) => {
      await c.get("core").cssTemplates.remove(c.get("principal"), pathId(c));
      return c.json({ message: "OK" });
    });
}
