import { ChartPostSchema, ChartPutSchema } from "@strata/contracts";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { commonNamedFilters, textFilter, withTagsAndFavorites } from "../http/decorate.ts";
import { jsonBody, pathId } from "../http/input.ts";
import { userOptions } from "../http/related.ts";
import { listRoutes } from "../http/resource.ts";
import { favoriteRoutes } from "./favorites.ts";

/** `/api/v1/chart/…` */
export function chartRoutes() {
  const list = listRoutes({
    view: "Chart",
    noun: "chart",
    rows: async (c) => withTagsAndFavorites(c, "chart", c.get("core").charts.rows(c.get("principal"))),
    spec: {
      filterColumns: [
        "slice_name",
        "viz_type",
        "datasource_id",
        "datasource_type",
        "description",
        "owners",
        "created_by",
        "changed_by",
        "dashboards",
        "id",
        "changed_on",
        "certified_by",
      ],
      orderColumns: [
        "slice_name",
        "viz_type",
        "datasource_name_text",
        "changed_on",
        "changed_on_delta_humanized",
        "changed_by_name",
        "last_saved_at",
        "id",
      ],
      defaultOrder: { column: "changed_on", direction: "desc" },
      sortValue: { changed_on_delta_humanized: (r) => r.changed_on, last_saved_at: (r) => r.changed_on },
      named: {
        chart_all_text: textFilter(["slice_name", "description", "viz_type", "datasource_name_text"]),
        all_text: textFilter(["slice_name", "description"]),
        ...commonNamedFilters("chart"),
      },
    },
    related: {
      owners: userOptions,
      created_by: userOptions,
      changed_by: userOptions,
      dashboards: async (c) =>
        (await c.get("core").dashboards.rows(c.get("principal"))).map((d) => ({
          value: d.id,
          text: d.dashboard_title,
        })),
    },
    distinct: ["viz_type", "datasource_name_text"],
    remove: {
      check: async (c, id) => {
        await c.get("core").charts.getForWrite(c.get("principal"), id);
      },
      run: (c, id) => c.get("core").charts.remove(c.get("principal"), id),
    },
  });
  return new Hono<AppEnv>()
    .route("/", favoriteRoutes("chart"))
    .route("/", list)
    .get("/:id{[0-9]+}", async (c) => {
      const id = pathId(c);
      return c.json({ id, result: await c.get("core").charts.detail(c.get("principal"), id) });
    })
    .post("/", async (c) => {
      const core = c.get("core");
      const chart = await core.charts.create(c.get("principal"), await jsonBody(c, ChartPostSchema));
      return c.json({ id: chart.id, result: await core.charts.detail(c.get("principal"), chart.id) }, 201);
    })
    .put("/:id{[0-9]+}", async (c) => {
      const core = c.get("core");
      const chart = await core.charts.update(
        c.get("principal"),
        pathId(c),
        await jsonBody(c, ChartPutSchema),
      );
      return c.json({ id: chart.id, result: await core.charts.detail(c.get("principal"), chart.id) });
    })
    .delete("/:id{[0-9]+}", async (c) => {
      await c.get("core").charts.remove(c.get("principal"), pathId(c));
      return c.json({ message: "OK" });
    });
}
