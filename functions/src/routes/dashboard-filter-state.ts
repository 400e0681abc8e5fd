import {
  DashboardFilterStateSchema,
  type FilterStateCreated,
  type FilterStateUpdated,
  type FilterStateValue,
} from "@strata/contracts";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { jsonBody } from "../http/input.ts";

const STATE = "/:idOrSlug{[A-Za-z0-9_-]+}/filter_state";
const KEYED = `${STATE}/:key{[A-Za-z0-9_-]+}`;

/**
 * `/api/v1/dashboard/{id_or_slug}/filter_state[/{key}]`: Superset's dashboard filter state
 * (its temporary-cache API), what `?native_filters_key=` names. Superset's `tab_id` query
 * parameter is accepted and has no effect: a key is kept until its owner overwrites it.
 */
export function dashboardFilterStateRoutes() {
  return new Hono<AppEnv>()
    .post(STATE, async (c) => {
      const { value } = await jsonBody(c, DashboardFilterStateSchema);
      const key = await c
        .get("core")
        .kv.dashboardFilterState.create(c.get("principal"), c.req.param("idOrSlug"), value);
      return c.json({ key } satisfies FilterStateCreated, 201);
    })
    .put(KEYED, async (c) => {
      const { value } = await jsonBody(c, DashboardFilterStateSchema);
      const key = c.req.param("key");
      await c
        .get("core")
        .kv.dashboardFilterState.update(c.get("principal"), c.req.param("idOrSlug"), key, value);
      return c.json({ key, message: "Value updated successfully." } satisfies FilterStateUpdated);
    })
    .get(KEYED, async (c) => {
      const value = await c
        .get("core")
        .kv.dashboardFilterState.get(c.get("principal"), c.req.param("idOrSlug"), c.req.param("key"));
      return c.json({ value } satisfies FilterStateValue);
    })
    .delete(KEYED, async (c) => {
      await c
        .get("core")
        .kv.dashboardFilterState.remove(c.get("principal"), c.req.param("idOrSlug"), c.req.param("key"));
      return c.json({ message: "Deleted successfully" });
    });
}
