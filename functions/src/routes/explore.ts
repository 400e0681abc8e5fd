import { ExploreFormDataSchema, ExplorePermalinkSchema } from "@strata/contracts";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { jsonBody } from "../http/input.ts";

const num = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : undefined);

/** `/api/v1/explore/…`: Explore's initial state, form-data keys and permalinks. */
export function exploreRoutes() {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const result = await c.get("core").explore.open(c.get("principal"), {
        permalink_key: c.req.query("permalink_key"),
        form_data_key: c.req.query("form_data_key"),
        datasource_id: num(c.req.query("datasource_id")),
        slice_id: num(c.req.query("slice_id")),
      });
      return c.json({ result });
    })
    .post("/form_data", async (c) => {
      const body = await jsonBody(c, ExploreFormDataSchema);
      const key = await c.get("core").kv.exploreFormData.create(c.get("principal"), body);
      return c.json({ key }, 201);
    })
    .put("/form_data/:key", async (c) => {
      const body = await jsonBody(c, ExploreFormDataSchema);
      await c.get("core").kv.exploreFormData.update(c.get("principal"), c.req.param("key"), body);
      return c.json({ message: "Value updated successfully." });
    })
    .get("/form_data/:key", async (c) => {
      const formData = await c.get("core").kv.exploreFormData.get(c.get("principal"), c.req.param("key"));
      return c.json({ form_data: formData });
    })
    .post("/permalink", async (c) => {
      const body = await jsonBody(c, ExplorePermalinkSchema);
      const key = await c.get("core").kv.explorePermalinks.create(c.get("principal"), body);
      return c.json({ key, url: `${new URL(c.req.url).origin}/superset/explore/p/${key}/` }, 201);
    })
    .get("/permalink/:key", async (c) => {
      const stored = await c.get("core").kv.explorePermalinks.read(c.get("principal"), c.req.param("key"));
      return c.json({ state: stored.state });
    });
}
