import { SavedQueryPostSchema, SavedQueryPutSchema } from "@strata/contracts";
import { SAVED_QUERY_DISTINCT_COLUMNS, SAVED_QUERY_LIST_SPEC } from "@strata/core";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { jsonBody, pathId } from "../http/input.ts";
import { databaseOptions, userOptions } from "../http/related.ts";
import { listRoutes } from "../http/resource.ts";

/** `/api/v1/saved_query/…` */
export function savedQueryRoutes() {
  const list = listRoutes({
    view: "SavedQuery",
    noun: "saved query",
    rows: (c) => c.get("core").taggedLists.savedQueries(c.get("principal")),
    spec: SAVED_QUERY_LIST_SPEC,
    related: {
      created_by: userOptions,
      changed_by: userOptions,
      database: databaseOptions,
    },
    distinct: SAVED_QUERY_DISTINCT_COLUMNS,
    remove: {
      check: async (c, id) => {
        await c.get("core").savedQueries.getForWrite(c.get("principal"), id);
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
      const q = await c
        .get("core")
        .savedQueries.create(c.get("principal"), await jsonBody(c, SavedQueryPostSchema));
      return c.json(
        { id: q.id, result: await c.get("core").savedQueries.detail(c.get("principal"), q.id) },
        201,
      );
    })
    .put("/:id{[0-9]+}", async (c) => {
      const q = await c
        .get("core")
        .savedQueries.update(c.get("principal"), pathId(c), await jsonBody(c, SavedQueryPutSchema));
      return c.json({ id: q.id, result: await c.get("core").savedQueries.detail(c.get("principal"), q.id) });
    })
    .delete("/:id{[0-9]+}", async (c) => {
      await c.get("core").savedQueries.remove(c.get("principal"), pathId(c));
      return c.json({ message: "OK" });
    });
}
