import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../http/env.ts";
import { jsonBody, pathId } from "../http/input.ts";
import { listRoutes } from "../http/resource.ts";

const Ids = v.array(v.pipe(v.number(), v.integer(), v.minValue(1)));
const Fields = {
  name: v.pipe(v.string(), v.trim(), v.minLength(1, "A rule needs a name"), v.maxLength(255)),
  description: v.optional(v.nullable(v.string())),
  filter_type: v.optional(v.picklist(["Regular", "Base"])),
  tables: Ids,
  roles: v.optional(Ids),
  group_key: v.optional(v.nullable(v.string())),
  clause: v.pipe(v.string(), v.minLength(1, "A rule needs a clause"), v.maxLength(10_000)),
};
const RlsPostSchema = v.strictObject(Fields);
const RlsPutSchema = v.strictObject({
  ...Fields,
  name: v.optional(Fields.name),
  tables: v.optional(Ids),
  clause: v.optional(Fields.clause),
});

/** `/api/v1/rowlevelsecurity/…` (Admin). */
export function rlsRoutes() {
  const list = listRoutes({
    view: "RowLevelSecurity",
    noun: "rule",
    rows: async (c) => (await c.get("core").rls.all()).map((r) => c.get("core").rls.row(r)),
    spec: {
      filterColumns: ["name", "filter_type", "group_key", "clause", "tables", "roles"],
      orderColumns: ["name", "filter_type", "group_key", "changed_on", "changed_on_delta_humanized"],
      defaultOrder: { column: "changed_on", direction: "desc" },
      sortValue: { changed_on_delta_humanized: (r) => r.changed_on },
    },
    remove: {
      check: async (c, id) => {
        await c.get("core").rls.get(c.get("principal"), id);
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
