import {
  type DatasetRelatedObjects,
  DatasetPostSchema,
  DrillInfoQuerySchema,
  DatasetPutSchema,
  DatasetWarmUpSchema,
  DuplicateDatasetSchema,
  GetOrCreateDatasetSchema,
} from "@strata/contracts";
import { badRequest, DATASET_DISTINCT_COLUMNS, DATASET_LIST_SPEC } from "@strata/core";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { jsonBody, pathId, risonQuery } from "../http/input.ts";
import { userOptions } from "../http/related.ts";
import { listRoutes } from "../http/resource.ts";

/** `/api/v1/dataset/…` */
export function datasetRoutes() {
  const list = listRoutes({
    view: "Dataset",
    noun: "dataset",
    rows: (c) => c.get("core").taggedLists.datasets(c.get("principal")),
    spec: DATASET_LIST_SPEC,
    related: {
      owners: userOptions,
      created_by: userOptions,
      changed_by: userOptions,
      database: async (c) =>
        (await c.get("core").databases.rows(c.get("principal"))).map((d) => ({
          value: d.id,
          text: d.database_name,
        })),
    },
    distinct: DATASET_DISTINCT_COLUMNS,
    remove: {
      check: async (c, id) => {
        await c.get("core").datasets.getForWrite(c.get("principal"), id);
      },
      run: (c, id) => c.get("core").datasets.remove(c.get("principal"), id),
    },
  });

  return new Hono<AppEnv>()
    .post("/get_or_create", async (c) => {
      const body = await jsonBody(c, GetOrCreateDatasetSchema);
      const ds = await c.get("core").datasets.getOrCreate(c.get("principal"), body);
      return c.json({ result: { table_id: ds.id } });
    })
    .post("/duplicate", async (c) => {
      const body = await jsonBody(c, DuplicateDatasetSchema);
      const ds = await c
        .get("core")
        .datasets.duplicate(c.get("principal"), body.base_model_id, body.table_name);
      return c.json(
        { id: ds.id, result: await c.get("core").datasets.detail(c.get("principal"), ds.id) },
        201,
      );
    })
    .route("/", list)
    .put("/warm_up_cache", async (c) => {
      const body = await jsonBody(c, DatasetWarmUpSchema);
      return c.json({ result: await c.get("core").warmUp.dataset(c.get("principal"), body) });
    })
    .get("/:id{[0-9]+}", async (c) => {
      const id = pathId(c);
      return c.json({ id, result: await c.get("core").datasets.detail(c.get("principal"), id) });
    })
    .get("/:id{[0-9]+}/related_objects", async (c) => {
      const related: DatasetRelatedObjects = await c
        .get("core")
        .relatedObjects.ofDataset(c.get("principal"), pathId(c));
      return c.json(related);
    })
    .get("/:id{[0-9]+}/drill_info", async (c) => {
      // The dashboard is Superset's fallback for viewers without the dataset; here a dashboard's
      // viewers (guests included) read its datasets through their own access, so it is only checked.
      risonQuery(c, DrillInfoQuerySchema);
      return c.json({ result: await c.get("core").datasets.drillInfo(c.get("principal"), pathId(c)) });
    })
    .post("/", async (c) => {
      const core = c.get("core");
      const ds = await core.datasets.create(c.get("principal"), await jsonBody(c, DatasetPostSchema));
      return c.json({ id: ds.id, result: await core.datasets.detail(c.get("principal"), ds.id) }, 201);
    })
    .put("/:id{[0-9]+}", async (c) => {
      const override = c.req.query("override_columns");
      if (override !== undefined && override !== "true" && override !== "false") {
        throw badRequest({ override_columns: ["Must be true or false"] });
      }
      const core = c.get("core");
      const ds = await core.datasets.update(
        c.get("principal"),
        pathId(c),
        await jsonBody(c, DatasetPutSchema),
        override === "true",
      );
      return c.json({ id: ds.id, result: await core.datasets.detail(c.get("principal"), ds.id) });
    })
    .delete("/:id{[0-9]+}/column/:columnId{[0-9]+}", async (c) => {
      await c.get("core").datasets.removeColumn(c.get("principal"), pathId(c), pathId(c, "columnId"));
      return c.json({ message: "OK" });
    })
    .delete("/:id{[0-9]+}/metric/:metricId{[0-9]+}", async (c) => {
      await c.get("core").datasets.removeMetric(c.get("principal"), pathId(c), pathId(c, "metricId"));
      return c.json({ message: "OK" });
    })
    .put("/:id{[0-9]+}/refresh", async (c) => {
      await c.get("core").datasets.refresh(c.get("principal"), pathId(c));
      return c.json({ message: "OK" });
    })
    .delete("/:id{[0-9]+}", async (c) => {
      await c.get("core").datasets.remove(c.get("principal"), pathId(c));
      return c.json({ message: "OK" });
    });
}
