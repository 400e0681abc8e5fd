import { randomBytes } from "node:crypto";
import { notFound } from "@strata/core";
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
/** `last_modified_time`: what the client loaded; a newer stored version answers 409. */
const DashboardPutSchema = v.strictObject({ ...DashboardFields, last_modified_time: v.optional(v.number()) });
const FilterSchema = v.looseObject({ id: v.string() });
const FiltersSchema = v.strictObject({
  modified: v.optional(v.array(FilterSchema)),
  deleted: v.optional(v.array(v.string())),
  reordered: v.optional(v.array(v.string())),
});
const ColorsSchema = v.strictObject({
  color_namespace: v.optional(v.nullable(v.string())),
  color_scheme: v.optional(v.nullable(v.string())),
  color_scheme_domain: v.optional(v.array(v.string())),
  shared_label_colors: v.optional(v.union([v.array(v.string()), v.record(v.string(), v.string())])),
  map_label_colors: v.optional(v.record(v.string(), v.string())),
  label_colors: v.optional(v.record(v.string(), v.string())),
});
const CopySchema = v.strictObject({
  dashboard_title: v.optional(v.nullable(v.string())),
  css: v.optional(v.nullable(v.string())),
  duplicate_slices: v.optional(v.boolean()),
  json_metadata: v.optional(v.nullable(v.string())),
});
const PermalinkSchema = v.strictObject({
  urlParams: v.optional(v.array(v.tuple([v.string(), v.string()]))),
  dataMask: v.optional(v.record(v.string(), v.unknown())),
  activeTabs: v.optional(v.array(v.string())),
  anchor: v.optional(v.nullable(v.string())),
});
interface StoredPermalink {
  dashboardId: number;
  state: v.InferOutput<typeof PermalinkSchema>;
}

/** `/api/v1/dashboard/…` (the resource; layout and filters build on it). */
export function dashboardRoutes() {
  const list = listRoutes({
    view: "Dashboard",
    noun: "dashboard",
    rows: async (c) =>
      withTagsAndFavorites(c, "dashboard", c.get("core").dashboards.rows(c.get("principal"))),
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
      const d = await core(c).dashboardRelations.create(
        c.get("principal"),
        await jsonBody(c, DashboardPostSchema),
      );
      return c.json({ id: d.id, result: core(c).dashboards.row(d, new Map()) }, 201);
    })
    .get("/permalink/:key{[A-Za-z0-9_-]+}", async (c) => {
      const stored = await core(c).deps.meta.getValue<StoredPermalink>(
        `dashboard-permalink#${c.req.param("key")}`,
      );
      if (!stored) throw notFound("Permalink not found");
      const d = await core(c).dashboards.get(c.get("principal"), stored.dashboardId);
      return c.json({ state: stored.state, dashboardId: String(d.id) });
    })
    .get("/:idOrSlug{[A-Za-z0-9_-]+}/datasets", async (c) => {
      const p = c.get("principal");
      const d = await core(c).dashboards.get(p, c.req.param("idOrSlug"));
      const charts = (await core(c).charts.rows(p)).filter((r) => r.dashboards.some((x) => x?.id === d.id));
      const result = [];
      for (const id of new Set(charts.map((r) => r.datasource_id))) {
        const detail = await core(c)
          .datasets.detail(p, id)
          .catch(() => undefined);
        if (detail) result.push({ ...detail, uid: `${id}__table`, type: "table" });
      }
      return c.json({ result });
    })
    .put("/:id{[0-9]+}/filters", async (c) => {
      const body = await jsonBody(c, FiltersSchema);
      const result = await core(c).dashboards.setFilters(c.get("principal"), pathId(c), body);
      const d = await core(c).dashboards.get(c.get("principal"), pathId(c));
      return c.json({ result, last_modified_time: Date.parse(d.changed_on) / 1000 });
    })
    .put("/:id{[0-9]+}/colors", async (c) => {
      const body = await jsonBody(c, ColorsSchema);
      // Superset reads mark_updated as a boolean string, true unless given otherwise.
      const markUpdated = (c.req.query("mark_updated") ?? "true").toLowerCase() !== "false";
      const d = await core(c).dashboards.setColors(c.get("principal"), pathId(c), body, { markUpdated });
      return c.json({
        result: JSON.parse(d.json_metadata),
        last_modified_time: Date.parse(d.changed_on) / 1000,
      });
    })
    .post("/:id{[0-9]+}/copy", async (c) => {
      const body = await jsonBody(c, CopySchema);
      const d = await core(c).dashboardRelations.copy(c.get("principal"), pathId(c), body);
      return c.json({ result: { id: d.id, last_modified_time: Date.parse(d.changed_on) / 1000 } }, 201);
    })
    .post("/:id{[0-9]+}/permalink", async (c) => {
      const body = await jsonBody(c, PermalinkSchema);
      const d = await core(c).dashboards.get(c.get("principal"), pathId(c));
      const key = randomBytes(12).toString("base64url");
      const stored: StoredPermalink = { dashboardId: d.id, state: body };
      await core(c).deps.meta.putValue(`dashboard-permalink#${key}`, stored);
      return c.json({ key, url: `${new URL(c.req.url).origin}/superset/dashboard/p/${key}/` }, 201);
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
        result: core(c).dashboards.row(d, new Map()),
        last_modified_time: Date.parse(d.changed_on) / 1000,
      });
    })
    .delete("/:id{[0-9]+}", async (c) => {
      await core(c).dashboards.remove(c.get("principal"), pathId(c));
      return c.json({ message: "OK" });
    });
}
