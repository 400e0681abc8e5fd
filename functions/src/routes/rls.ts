import { RlsPostSchema, RlsPutSchema } from "@strata/contracts";
import { RLS_LIST_SPEC } from "@strata/core";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { jsonBody, pathId } from "../http/input.ts";
import { listRoutes } from "../http/resource.ts";

/** `/api/v1/rowlevelsecurity/…` (Admin). */
export function rlsRoutes() {
  const list = listRoutes({
    view: "RowLevelSecurity",
    noun: "rule",
    rows: (c) => c.get("core").rls.rows(),
    spec: RLS_LIST_SPEC,
    // Superset's allowed_rel_fields: the rule modal picks datasets and roles from these.
    related: {
      tables: async (c) =>
        (await c.get("core").datasets.all()).map((d) => ({ value: d.id, text: d.table_name })),
      roles: async (c) => (await c.get("core").roles.all()).map((r) => ({ value: r.id, text: r.name })),
    },
    remove: {
      check: async (c, id) => {
        await c.get("core").rls.checkRemove(c.get("principal"), id);
      },
      run: (c, id) => c.get("core").rls.remove(c.get("principal"), id),
    },
  });
  return new Hono<AppEnv>()
    .route("/", list)
    .get("/:id{[0-9]+}", async (c) => {
      const rule = await c.get("core").rls.get(c.get("principal"), pathId(c));
      return c.json({ id: rule.id, result: c.get("core").rls.row(rule) });
    })
    .post("/", async (c) => {
      const rule = await c.get("core").rls.create(c.get("principal"), await jsonBody(c, RlsPostSchema));
      return c.json({ id: rule.id, result: c.get("core").rls.row(rule) }, 201);
    })
    .put("/:id{[0-9]+}", async (c) => {
      const rule = await c
        .get("core")
        .rls.update(c.get("principal"), pathId(c), await jsonBody(c, RlsPutSchema));
      return c.json({ id: rule.id, result: c.get("core").rls.row(rule) });
    })
    .delete("/:id{[0-9]+}", async (c) => {
      await c.get("core").rls.remove(c.get("principal"), pathId(c));
      return c.json({ message: "OK" });
    });
}
