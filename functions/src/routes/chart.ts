import { ChartPostSchema, ChartPutSchema, ChartWarmUpSchema } from "@strata/contracts";
import { CHART_DISTINCT_COLUMNS, CHART_LIST_SPEC } from "@strata/core";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { jsonBody, pathId } from "../http/input.ts";
import { userOptions } from "../http/related.ts";
import { listRoutes } from "../http/resource.ts";
import { chartScreenshotRoutes } from "./chart-screenshot.ts";
import { favoriteRoutes } from "./favorites.ts";
import { thumbnailRoutes } from "./thumbnail.ts";

/** `/api/v1/chart/…` */
export function chartRoutes() {
  const list = listRoutes({
    view: "Chart",
    noun: "chart",
    rows: (c) => c.get("core").taggedLists.charts(c.get("principal")),
    spec: CHART_LIST_SPEC,
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
    distinct: CHART_DISTINCT_COLUMNS,
    remove: {
      check: async (c, id) => {
        await c.get("core").charts.getForWrite(c.get("principal"), id);
      },
      run: (c, id) => c.get("core").charts.remove(c.get("principal"), id),
    },
  });
  return new Hono<AppEnv>()
    .route("/", favoriteRoutes("chart"))
    .route("/", chartScreenshotRoutes())
    .route("/", thumbnailRoutes("chart"))
    .route("/", list)
    .put("/warm_up_cache", async (c) => {
      const body = await jsonBody(c, ChartWarmUpSchema);
      return c.json({ result: [await c.get("core").warmUp.chart(c.get("principal"), body)] });
    })
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
