import {
  CHART_DATA_BATCH_CONTENT_TYPE,
  ChartDataBatchRequestSchema,
  ChartDataRequestSchema,
} from "@strata/contracts";
import { badRequest, type ChartDataReply, jobOwnerOf, unauthorized } from "@strata/core";
import type { Context } from "hono";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { jsonBody, pathId } from "../http/input.ts";
import { untrustedValueProblem } from "../http/untrusted-value.ts";

function send(c: Context<AppEnv>, reply: ChartDataReply) {
  switch (reply.kind) {
    case "json":
      // A byte stream written slice by slice (the Lambda adapter collects it into its response).
      return c.body(reply.body, 200, { "content-type": "application/json" });
    case "file":
      return c.body(reply.body as string, 200, {
        "content-type": reply.contentType,
        "content-disposition": `attachment; filename="${reply.fileName}"`,
      });
    case "queued":
      return c.json(reply.body, 202);
    default: {
      const never: never = reply;
      return never;
    }
  }
}

/** `?form_data={"slice_id": N}` and `dashboard_id` as Superset's clients send them. */
function contextOf(c: Context<AppEnv>) {
  let sliceId: number | undefined;
  const raw = c.req.query("form_data");
  if (raw) {
    try {
      const fd = JSON.parse(raw) as { slice_id?: unknown };
      if (typeof fd.slice_id === "number") sliceId = fd.slice_id;
    } catch {
      throw badRequest({ form_data: ["form_data must be JSON"] });
    }
  }
  const dash = c.req.query("dashboard_id");
  return { sliceId, dashboardId: dash && /^\d+$/.test(dash) ? Number(dash) : undefined };
}

/**
 * `/api/v1/chart/data`, `/api/v1/chart/data/{key}` (result_url) and `/api/v1/chart/{id}/data/`;
 * `/api/v1/chart/data/batch/` is Strata's own: a dashboard's charts in one request, each answered
 * as `/data` would answer it (NDJSON lines).
 */
export function chartDataRoutes() {
  return new Hono<AppEnv>()
    .post("/data", async (c) => {
      const body = await jsonBody(c, ChartDataRequestSchema);
      if (c.req.query("force") === "true") body.force = true;
      return send(c, await c.get("core").chartData.request(c.get("principal"), body, contextOf(c)));
    })
    .post("/data/batch", async (c) => {
      const { items } = await jsonBody(c, ChartDataBatchRequestSchema);
      const body = c.get("core").chartDataBatch.run(c.get("principal"), items);
      return c.body(body, 200, {
        "content-type": CHART_DATA_BATCH_CONTENT_TYPE,
        "cache-control": "no-store",
      });
    })
    .get("/data/:key{[0-9a-f-]{36}}", async (c) => {
      const body = await c.get("core").chartData.storedResult(c.get("principal"), c.req.param("key"));
      return c.body(body as Uint8Array<ArrayBuffer>, 200, { "content-type": "application/json" });
    })
    .get("/:id{[0-9]+}/data", async (c) => {
      const format = c.req.query("format");
      const reply = await c.get("core").chartData.savedChart(c.get("principal"), pathId(c), {
        format: format === "csv" || format === "xlsx" || format === "json" ? format : undefined,
        force: c.req.query("force") === "true" ? true : undefined,
      });
      return send(c, reply);
    });
}

/** `GET /api/v1/async_event/?last_id=`: the caller's finished jobs after `last_id`. */
export function asyncEventRoutes() {
  return new Hono<AppEnv>().get("/", async (c) => {
    // Users and embedded guests each read their own stream; anonymous callers have none.
    const owner = jobOwnerOf(c.get("principal"));
    if (!owner) throw unauthorized();
    const lastId = c.req.query("last_id");
    return c.json({ result: await c.get("core").events.since(owner, lastId || undefined) });
  });
}

/**
 * The legacy `GET|POST /superset/explore_json/`: form data in, Superset's `viz.py` reply out (the
 * legacy viz types' own `data`; the first result item plus form_data for any other type). With
 * global async queries, a 202 with the job instead (unless cached), whose event names
 * `/superset/explore_json/data/{key}`: the payload, for the job's owner only.
 */
export function legacyExploreJsonRoutes() {
  const handler = async (c: Context<AppEnv>) => {
    let raw = c.req.query("form_data");
    const type = c.req.header("content-type") ?? "";
    if (!raw && type.startsWith("application/x-www-form-urlencoded"))
      raw = String((await c.req.parseBody()).form_data ?? "");
    if (!raw && type.startsWith("application/json")) {
      const body = (await c.req.json().catch(() => ({}))) as { form_data?: unknown };
      raw = typeof body.form_data === "string" ? body.form_data : JSON.stringify(body.form_data ?? {});
    }
    let formData: unknown;
    try {
      formData = JSON.parse(raw || "{}");
    } catch {
      throw badRequest({ form_data: ["form_data must be JSON"] });
    }
    if (!formData || typeof formData !== "object" || Array.isArray(formData))
      throw badRequest({ form_data: ["form_data must be a JSON object"] });
    // From the query string or a form field, it escaped the JSON body's guard (json-guard.ts).
    const problem = untrustedValueProblem(formData, "form_data");
    if (problem) throw badRequest(problem);
    const reply = await c
      .get("core")
      .chartData.legacy(c.get("principal"), formData as Record<string, unknown>, {
        csv: c.req.query("csv") === "true",
        force: c.req.query("force") === "true",
      });
    return send(c, reply);
  };
  return new Hono<AppEnv>()
    .get("/superset/explore_json", handler)
    .post("/superset/explore_json", handler)
    .get("/superset/explore_json/data/:key", async (c) => {
      // Any key reaches the core, which answers a malformed or unknown one with a 404.
      const body = await c.get("core").chartData.storedExploreJson(c.get("principal"), c.req.param("key"));
      return c.body(body as Uint8Array<ArrayBuffer>, 200, { "content-type": "application/json" });
    });
}
