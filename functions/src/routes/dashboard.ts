import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../http/env.ts";
import { commonNamedFilters, textFilter, withTagsAndFavorites } from "../http/decorate.ts";
import { jsonBody, pathId } from "../http/input.ts";
import { userOptions } from "../http/related.ts";
import { listRoutes } from "../http/resource.ts";
import { favoriteRoutes } from "./favorites.ts";

const Text = v.optional(v.nullable(v.string()));
const Ids = v.optional(v.array(v.pipe(v.number(), v.integer())));
const DashboardFields = {
  dashboard_title: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(500)))),
  slug: Text,
  css: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100_000)))),
  published: v.optional(v.boolean()),
  owners: Ids,
  roles: Ids,
  certified_by: Text,
  certification_details: Text,
  json_metadata: Text,
  position_json: Text,
  is_managed_externally: v.optional(v.boolean()),
  external_url: Text,
};
const DashboardPostSchema = v.strictObject(DashboardFields);
const DashboardPutSchema = v.strictObject(DashboardFields);

/** `/api/v1/dashboard/…` (the resource; layout and filters build on it). */
export function dashboardRoutes() {
  const list = listRoutes({
    view: "Dashboard",
    noun: "dashboard",
    rows: async (c) =>
      withTagsAndFavorites(c, "dashboard", await c.get("core").dashboards.rows(c.get("principal"))),
    spec: {
      filterColumns: [
        "dashboard_title",
        "slug",
        "published",
        "owners",
        "created_by",
        "changed_by",
        "id",
        "changed_on",
        "certified_by",
      ],
      orderColumns: [
        "dashboard_title",
        "slug",
        "published",
        "changed_on",
        "changed_on_delta_humanized",
        "changed_by_name",
        "id",
      ],
      defaultOrder: { column: "changed_on", direction: "desc" },
      sortValue: { changed_on_delta_humanized: (r) => r.changed_on },
      named: {
        title_or_slug: textFilter(["dashboard_title", "slug"]),
        all_text: textFilter(["dashboard_title", "slug"]),
        ...commonNamedFilters("dashboard"),
      },
    },
    related: { owners: userOptions, created_by: userOptions, changed_by: userOptions },
    distinct: ["slug"],
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
    .route("/", list)
    .get("/:idOrSlug{[A-Za-z0-9_-]+}", async (c) => {
      const d = await core(c).dashboards.get(c.get("principal"), c.req.param("idOrSlug"));
      const users = await core(c).users.byIds([...d.owners, d.created_by_fk ?? 0, d.changed_by_fk ?? 0]);
      return c.json({ id: d.id, result: core(c).dashboards.row(d, users) });
    })
    .get("/:idOrSlug{[A-Za-z0-9_-]+}/charts", async (c) => {
      const p = c.get("principal");
      const d = await core(c).dashboards.get(p, c.req.param("idOrSlug"));
      const rows = (await core(c).charts.rows(p)).filter((r) => r.dashboards.some((x) => x?.id === d.id));
      return c.json({ result: rows.map((r) => ({ ...r, form_data: r.params ? JSON.parse(r.params) : {} })) });
    })
    .post("/", async (c) => {
      const d = await core(c).dashboards.create(c.get("principal"), await jsonBody(c, DashboardPostSchema));
      return c.json({ id: d.id, result: core(c).dashboards.row(d, new Map()) }, 201);
    })
    .put("/:id{[0-9]+}", async (c) => {
      const d = await core(c).dashboards.update(
        c.get("principal"),
        pathId(c),
        await jsonBody(c, DashboardPutSchema),
      );
      return c.json({
        id: d.id,
        result: core(c).dashboards.row(d, new Map()),
        last_modified_time: Date.parse(d.changed_on) / 1000,
      });
    })
    .delete("/:id{[0-9]+}", async (c) => {
      await core(c).dashboards.remove(c.get("principal"), pathId(c));
      return c.json({ message: "OK" });
    });
}
