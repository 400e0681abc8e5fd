import { randomBytes } from "node:crypto";
import { parseDatasourceKey } from "@strata/contracts";
import { badRequest, notFound, requirePermission } from "@strata/core";
import { dialectFor } from "@strata/engines";
import type { Context } from "hono";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../http/env.ts";
import { jsonBody } from "../http/input.ts";

const FORM_DATA_TTL = 7 * 24 * 3600;
const Id = v.pipe(v.number(), v.integer(), v.minValue(1));
const FormDataSchema = v.strictObject({
  datasource_id: Id,
  datasource_type: v.picklist(["table"]),
  form_data: v.pipe(v.string(), v.maxLength(1_000_000)),
  chart_id: v.optional(v.nullable(Id)),
});
const PermalinkSchema = v.strictObject({
  formData: v.looseObject({ datasource: v.optional(v.string()) }),
  urlParams: v.optional(v.array(v.tuple([v.string(), v.string()]))),
});
const newKey = () => randomBytes(12).toString("base64url");

interface StoredFormData {
  owner: number | null;
  datasource_id: number;
  chart_id: number | null;
  form_data: string;
}
interface StoredPermalink {
  datasource_id: number;
  state: { formData: Record<string, unknown>; urlParams?: [string, string][] };
}

/** The dataset as Explore reads it: columns, metrics, time grains of its engine. */
async function datasetPayload(c: Context<AppEnv>, datasetId: number) {
  const core = c.get("core");
  const p = c.get("principal");
  const detail = await core.datasets.detail(p, datasetId);
  const row = detail as Record<string, unknown>;
  const backend = (row.database as { backend?: string } | null)?.backend ?? "duckdb";
  const grains = dialectFor(backend as "duckdb").timeGrains ?? {};
  return {
    ...detail,
    type: "table",
    uid: `${detail.id}__table`,
    datasource_name: row.table_name,
    time_grain_sqla: Object.entries(grains).map(([key, label]) => [key, label]),
    verbose_map: Object.fromEntries([
      ...detail.columns.map((col) => [col.column_name, col.verbose_name ?? col.column_name]),
      ...detail.metrics.map((m) => [m.metric_name, m.verbose_name ?? m.metric_name]),
    ]),
  };
}

const num = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : undefined);

/** A stored permalink whose dataset the caller may read; 404 otherwise (existence not disclosed). */
async function readPermalink(c: Context<AppEnv>, key: string): Promise<StoredPermalink> {
  const core = c.get("core");
  const stored = /^[A-Za-z0-9_-]{1,64}$/.test(key)
    ? await core.deps.meta.getValue<StoredPermalink>(`explore-permalink#${key}`)
    : undefined;
  if (!stored) throw notFound("Permalink not found");
  await core.datasets.get(c.get("principal"), stored.datasource_id).catch(() => {
    throw notFound("Permalink not found");
  });
  return stored;
}

/** `/api/v1/explore/…`: Explore's initial state, form-data keys and permalinks. */
export function exploreRoutes() {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const core = c.get("core");
      const p = c.get("principal");
      requirePermission(p, "can_explore", "Superset");
      const permalinkKey = c.req.query("permalink_key");
      const key = c.req.query("form_data_key");
      let formData: Record<string, unknown> = {};
      let datasetId = num(c.req.query("datasource_id"));
      let slice: Record<string, unknown> | null = null;
      let sliceId = num(c.req.query("slice_id"));
      // A permalink's state is the page (Superset's GetExploreCommand): its form data, with the
      // URL parameters it was made with as `url_params`, and the chart it names.
      let permalink: Record<string, unknown> | null = null;
      let permalinkDataset: number | undefined;
      if (permalinkKey) {
        const stored = await readPermalink(c, permalinkKey);
        permalink = { ...stored.state.formData };
        if (stored.state.urlParams?.length) permalink.url_params = Object.fromEntries(stored.state.urlParams);
        permalinkDataset = stored.datasource_id;
        const named = Number(permalink.slice_id);
        if (!sliceId && Number.isSafeInteger(named) && named > 0) sliceId = named;
      }
      if (sliceId) {
        const detail = await core.charts.detail(p, sliceId).catch((e) => {
          // A permalink opens with its form data even when its chart is gone or not the reader's.
          if (permalink) return null;
          throw e;
        });
        if (detail) {
          formData = detail.params ? (JSON.parse(detail.params) as Record<string, unknown>) : {};
          datasetId = detail.datasource_id;
          slice = {
            slice_id: detail.id,
            slice_name: detail.slice_name,
            description: detail.description,
            cache_timeout: detail.cache_timeout,
            form_data: { ...formData, slice_id: detail.id },
            owners: detail.owners.map((o) => o?.id),
            dashboards: detail.dashboards.map((d) => d?.id),
            viz_type: detail.viz_type,
          };
        } else sliceId = undefined;
      }
      if (permalink) {
        formData = permalink;
        datasetId = permalinkDataset;
      }
      if (key) {
        const stored = await core.deps.meta.getValue<StoredFormData>(`explore-form#${key}`);
        if (!stored) throw notFound("The explore state was not found or has expired.");
        formData = JSON.parse(stored.form_data) as Record<string, unknown>;
        datasetId = stored.datasource_id;
      }
      if (!datasetId)
        throw badRequest(
          "Give slice_id, form_data_key, permalink_key, or datasource_id with datasource_type=table.",
        );
      const dataset = await datasetPayload(c, datasetId);
      return c.json({
        result: {
          dataset,
          form_data: {
            ...formData,
            datasource: `${datasetId}__table`,
            ...(sliceId ? { slice_id: sliceId } : {}),
          },
          slice,
          message: null,
        },
      });
    })
    .post("/form_data", async (c) => {
      const body = await jsonBody(c, FormDataSchema);
      const core = c.get("core");
      const p = c.get("principal");
      await core.datasets.get(p, body.datasource_id);
      if (body.chart_id) await core.charts.get(p, body.chart_id);
      const key = newKey();
      const stored: StoredFormData = {
        owner: p.user?.id ?? null,
        datasource_id: body.datasource_id,
        chart_id: body.chart_id ?? null,
        form_data: body.form_data,
      };
      await core.deps.meta.putValue(`explore-form#${key}`, stored, { ttlSeconds: FORM_DATA_TTL });
      return c.json({ key }, 201);
    })
    .put("/form_data/:key", async (c) => {
      const body = await jsonBody(c, FormDataSchema);
      const core = c.get("core");
      const p = c.get("principal");
      const stored = await core.deps.meta.getValue<StoredFormData>(`explore-form#${c.req.param("key")}`);
      if (!stored || stored.owner !== (p.user?.id ?? null))
        throw notFound("The explore state was not found or has expired.");
      await core.datasets.get(p, body.datasource_id);
      await core.deps.meta.putValue(
        `explore-form#${c.req.param("key")}`,
        { ...stored, ...body, chart_id: body.chart_id ?? null },
        { ttlSeconds: FORM_DATA_TTL },
      );
      return c.json({ message: "Value updated successfully." });
    })
    .get("/form_data/:key", async (c) => {
      const core = c.get("core");
      const stored = await core.deps.meta.getValue<StoredFormData>(`explore-form#${c.req.param("key")}`);
      if (!stored) throw notFound("The explore state was not found or has expired.");
      await core.datasets.get(c.get("principal"), stored.datasource_id).catch(() => {
        throw notFound("The explore state was not found or has expired.");
      });
      return c.json({ form_data: stored.form_data });
    })
    .post("/permalink", async (c) => {
      const body = await jsonBody(c, PermalinkSchema);
      const ds = parseDatasourceKey(String(body.formData.datasource ?? ""));
      if (!ds) throw badRequest({ formData: ["formData.datasource must be a key like 7__table"] });
      const core = c.get("core");
      await core.datasets.get(c.get("principal"), ds.id);
      const key = newKey();
      const stored: StoredPermalink = {
        datasource_id: ds.id,
        state: { formData: body.formData, urlParams: body.urlParams },
      };
      await core.deps.meta.putValue(`explore-permalink#${key}`, stored);
      return c.json({ key, url: `${new URL(c.req.url).origin}/superset/explore/p/${key}/` }, 201);
    })
    .get("/permalink/:key", async (c) => {
      const stored = await readPermalink(c, c.req.param("key"));
      return c.json({ state: stored.state });
    });
}
