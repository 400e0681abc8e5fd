import { ListQuerySchema, RecentActivityQuerySchema } from "@strata/contracts";
import { badRequest, LOG_LIST_SPEC } from "@strata/core";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { risonQuery } from "../http/input.ts";
import { listRoutes } from "../http/resource.ts";
import { untrustedValueProblem } from "../http/untrusted-value.ts";

/** The events of a POST /superset/log/: JSON `{events}` (array or JSON text) or a form field. */
async function eventsOf(c: Context<AppEnv>): Promise<{ events: unknown; guestToken?: string }> {
  const type = c.req.header("content-type") ?? "";
  const body: Record<string, unknown> = type.includes("application/json")
    ? await c.req.json().catch(() => ({ events: null }))
    : await c.req.parseBody();
  let events = body.events;
  if (typeof events === "string") {
    try {
      events = JSON.parse(events);
    } catch {
      events = null;
    }
    // A form field escapes the JSON body's guard (see json-guard.ts): the same rules here.
    const problem = untrustedValueProblem(events, "The events field");
    if (problem) throw badRequest(problem);
  }
  return { events, guestToken: typeof body.guest_token === "string" ? body.guest_token : undefined };
}

/**
 * `POST /superset/log/?explode=events` (batches from the SPA), the admins' `GET /api/v1/log/` and
 * everyone's own `GET /api/v1/log/recent_activity/`.
 */
export function logRoutes() {
  const list = listRoutes({
    view: "Log",
    noun: "log",
    // The list's own filters choose what is read (see EventLog.rows), then apply as for any list.
    rows: (c) => c.get("core").eventLog.rows(c.get("principal"), risonQuery(c, ListQuerySchema).filters),
    spec: LOG_LIST_SPEC,
  });
  return new Hono<AppEnv>()
    .post("/superset/log", async (c) => {
      const batch = await eventsOf(c);
      const referrer = c.req.header("referer") ?? null;
      const count = await c.get("core").eventLog.recordBatch(c.get("principal"), batch, referrer);
      return c.json({ result: "OK", count });
    })
    .get("/api/v1/log/recent_activity", async (c) => {
      const q = risonQuery(c, RecentActivityQuerySchema);
      return c.json({ result: await c.get("core").eventLog.recentActivity(c.get("principal"), q) });
    })
    .route("/api/v1/log", list);
}
