import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../http/env.ts";
import { textFilter } from "../http/decorate.ts";
import { jsonBody, pathId } from "../http/input.ts";
import { userOptions } from "../http/related.ts";
import { listRoutes } from "../http/resource.ts";

const Text = v.optional(v.nullable(v.string()));
const Fields = {
  label: v.pipe(v.string(), v.trim(), v.minLength(1, "A saved query needs a name"), v.maxLength(256)),
  description: Text,
  db_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  schema: Text,
  catalog: Text,
  sql: v.pipe(v.string(), v.maxLength(1_000_000)),
  template_parameters: Text,
  extra_json: Text,
};
const PostSchema = v.strictObject(Fields);
const PutSchema = v.strictObject({
  ...Fields,
  label: v.optional(Fields.label),
  db_id: v.optional(Fields.db_id),
  sql: v.optional(Fields.sql),
});

/** `/api/v1/saved_query/…` */
export function savedQueryRoutes() {
  const list = listRoutes({
    view: "SavedQuery",
    noun: "saved query",
    rows: (c) => c.get("core").savedQueries.rows(c.get("principal")),
    spec: {
      filterColumns: [
        "label",
        "description",
        "schema",
        "database",
        "db_id",
        "sql",
        "created_by",
        "changed_by",
        "id",
      ],
      orderColumns: [
        "label",
        "schema",
        "description",
        "changed_on",
        "changed_on_delta_humanized",
        "database.database_name",
        "id",
      ],
      defaultOrder: { column: "changed_on", direction: "desc" },
      sortValue: {
        changed_on_delta_humanized: (r) => r.changed_on,
        "database.database_name": (r) => (r.database as { database_name?: string }).database_name,
      },
      named: {
        all_text: textFilter(["label", "description", "sql", "schema"]),
        name_or_description: textFilter(["label", "description"]),
      },
    },
    related: {
      created_by: userOptions,
      changed_by: userOptions,
      database: async (c) =>
        (await c.get("core").databases.rows(c.get("principal"))).map((d) => ({
          value: d.id,
          text: d.database_name,
        })),
    },
    distinct: ["schema"],
    remove: {
      check: async (c, id) => {
        await c.get("core").savedQueries.get(c.get("principal"), id);
      },
      run: (c, id) => c.get("core").savedQueries.remove(c.get("principal"), id),
    },
  });
  return new Hono<AppEnv>()
    .route("/", list)
    .get("/:id{[0-9]+}", async (c) => {
      const id = pathId(c);
      return c.json({ id, result: await c.get("core").savedQueries.detail(c.get("principal"), id) });
    })
    .post("/", async (c) => {
      const q = await c.get("core").savedQueries.create(c.get("principal"), await jsonBody(c, PostSchema));
      return c.json(
        { id: q.id, result: await c.get("core").savedQueries.detail(c.get("principal"), q.id) },
        201,
      );
    })
    .put("/:id{[0-9]+}", async (c) => {
      const q = await c
        .get("core")
        .savedQueries.update(c.get("principal"), pathId(c), await jsonBody(c, PutSchema));
      return c.json({ id: q.id, result: await c.get("core").savedQueries.detail(c.get("principal"), q.id) });
    })
    .delete("/:id{[0-9]+}", async (c) => {
      await c.get("core").savedQueries.remove(c.get("principal"), pathId(c));
      return c.json({ message: "OK" });
    });
}
