import type { DynamicPluginsReply } from "@strata/contracts";
import { requireUser } from "@strata/core";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";

const EMPTY: DynamicPluginsReply = {
  count: 0,
  label_columns: { name: "Name", key: "Key", bundle_url: "Bundle URL" },
  list_columns: ["name", "key", "bundle_url"],
  modelview_name: "DynamicPluginsView",
  order_columns: ["name", "key", "bundle_url"],
  page: null,
  page_size: null,
  pks: [],
  result: [],
};

/**
 * `/dynamic-plugins/api/read` (Superset's DynamicPluginsView). Strata loads no visualisation
 * bundles at run time (they are all compiled into the SPA), so a signed-in caller always gets
 * the empty list, in Superset's shape so its clients read it as "no plugins".
 */
export function dynamicPluginRoutes() {
  return new Hono<AppEnv>().get("/api/read", (c) => {
    requireUser(c.get("principal"));
    return c.json(EMPTY);
  });
}
