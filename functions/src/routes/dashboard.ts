import {
  DashboardColorsSchema,
  DashboardCopySchema,
  DashboardFiltersSchema,
  DashboardPermalinkStateSchema,
  DashboardPostSchema,
  DashboardPutSchema,
  type DashboardTabs,
  type PermalinkCreated,
} from "@strata/contracts";
import { DASHBOARD_DISTINCT_COLUMNS, DASHBOARD_LIST_SPEC } from "@strata/core";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { jsonBody, pathId } from "../http/input.ts";
import { userOptions } from "../http/related.ts";
import { listRoutes } from "../http/resource.ts";
import { dashboardScreenshotRoutes } from "./dashboard-screenshot.ts";
import { favoriteRoutes } from "./favorites.ts";
import { thumbnailRoutes } from "./thumbnail.ts";

/** `/api/v1/dashboard/…` (the resource; layout and filters build on it). */
export function dashboardRoutes() {
  const list = listRoutes({
    view: "Dashboard",
    noun: "dashboard",
    rows: (c) => c.get("core").taggedLists.dashboards(c.get("principal")),
    spec: DASHBOARD_LIST_SPEC,
    related: { owners: userOptions, created_by: userOptions, changed_by: userOptions },
    distinct: DASHBOARD_DISTINCT_COLUMNS,
    remove: {
      check: async (c, id) => {
        await c.get("core").dashboards.getForWrite(c.get("principal"), id);
      },
      run: (c, id) => c.get("core").dashboards.remove(c.get("principal"), id),
    },
  });
  const core = (c: { get(k: "core"): AppEnv["Variables"]["core"] }) => c.get("core");
  return new Hono<AppEnv>()
    .route("/", favoriteRoutes("dashboard"))
    .route("/", dashboardScreenshotRoutes())
    .route("/", thumbnailRoutes("dashboard"))
    .route("/", list)
    .get("/:idOrSlug{[A-Za-z0-9_-]+}", async (c) => {
      const result = await core(c).dashboards.detail(c.get("principal"), c.req.param("idOrSlug"));
      return c.json({ id: result.id, result });
    })
    .get("/:idOrSlug{[A-Za-z0-9_-]+}/charts", async (c) =>
      c.json({ result: await core(c).dashboardContents.charts(c.get("principal"), c.req.param("idOrSlug")) }),
    )
    .post("/", async (c) => {
      const d = await core(c).dashboardRelations.create(
        c.get("principal"),
        await jsonBody(c, DashboardPostSchema),
      );
      return c.json({ id: d.id, result: core(c).dashboards.row(d, new Map(), c.get("principal")) }, 201);
    })
    .get("/permalink/:key{[A-Za-z0-9_-]+}", async (c) =>
      c.json(await core(c).dashboardPermalinks.open(c.get("principal"), c.req.param("key"))),
    )
    .get("/:idOrSlug{[A-Za-z0-9_-]+}/tabs", async (c) => {
      const result: DashboardTabs = await core(c).dashboardContents.tabs(
        c.get("principal"),
        c.req.param("idOrSlug"),
      );
      return c.json({ result });
    })
    .get("/:idOrSlug{[A-Za-z0-9_-]+}/datasets", async (c) =>
      c.json({
        result: await core(c).dashboardContents.datasets(c.get("principal"), c.req.param("idOrSlug")),
      }),
    )
    .put("/:id{[0-9]+}/filters", async (c) => {
      const body = await jsonBody(c, DashboardFiltersSchema);
      const result = await core(c).dashboardRelations.setFilters(c.get("principal"), pathId(c), body);
      const d = await core(c).dashboards.get(c.get("principal"), pathId(c));
      return c.json({ result, last_modified_time: Date.parse(d.changed_on) / 1000 });
    })
    .put("/:id{[0-9]+}/colors", async (c) => {
      const body = await jsonBody(c, DashboardColorsSchema);
      // Superset reads mark_updated as a boolean string, true unless given otherwise.
      const markUpdated = (c.req.query("mark_updated") ?? "true").toLowerCase() !== "false";
      const d = await core(c).dashboards.setColors(c.get("principal"), pathId(c), body, { markUpdated });
      return c.json({
        result: JSON.parse(d.json_metadata),
        last_modified_time: Date.parse(d.changed_on) / 1000,
      });
    })
    .post("/:id{[0-9]+}/copy", async (c) => {
      const body = await jsonBody(c, DashboardCopySchema);
      const d = await core(c).dashboardRelations.copy(c.get("principal"), pathId(c), body);
      return c.json({ result: { id: d.id, last_modified_time: Date.parse(d.changed_on) / 1000 } }, 201);
    })
    .post("/:id{[0-9]+}/permalink", async (c) => {
      const body = await jsonBody(c, DashboardPermalinkStateSchema);
      const key = await core(c).dashboardPermalinks.create(c.get("principal"), pathId(c), body);
      const reply: PermalinkCreated = {
        key,
        url: `${new URL(c.req.url).origin}/superset/dashboard/p/${key}/`,
      };
      return c.json(reply, 201);
    })
    .put("/:id{[0-9]+}", async (c) => {
      const { last_modified_time, ...body } = await jsonBody(c, DashboardPutSchema);
      const d = await core(c).dashboardRelations.save(
        c.get("principal"),
        pathId(c),
        body,
        last_modified_time,
      );
      return c.json({
        id: d.id,
        result: core(c).dashboards.row(d, new Map(), c.get("principal")),
        last_modified_time: Date.parse(d.changed_on) / 1000,
      });
    })
    .delete("/:id{[0-9]+}", async (c) => {
      await core(c).dashboards.remove(c.get("principal"), pathId(c));
      return c.json({ message: "OK" });
    });
}
