import { unauthorized } from "@strata/core";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { listRoutes } from "../http/resource.ts";

/** The events of a POST /superset/log/: JSON `{events}` (array or JSON text) or a form field. */
async function eventsOf(
  c: import("hono").Context<AppEnv>,
): Promise<{ events: unknown; guestToken?: string }> {
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
  }
  return { events, guestToken: typeof body.guest_token === "string" ? body.guest_token : undefined };
}

/** `POST /superset/log/?explode=events` (batches from the SPA) and the admins' `GET /api/v1/log/`. */
export function logRoutes() {
  const list = listRoutes({
    view: "Log",
    noun: "log",
    rows: (c) => c.get("core").eventLog.rows(c.get("principal")),
    spec: {
      filterColumns: ["action", "user_id", "dashboard_id", "slice_id", "dttm", "id"],
      orderColumns: ["dttm", "action", "duration_ms", "id"],
      defaultOrder: { column: "dttm", direction: "desc" },
    },
  });
  return new Hono<AppEnv>()
    .post("/superset/log", async (c) => {
      const core = c.get("core");
      const { events, guestToken } = await eventsOf(c);
      let p = c.get("principal");
      // A beacon cannot send headers: embedded pages put their guest token in the body.
      if (!p.user && !p.guest && guestToken) p = await core.guests.resolve(guestToken);
      if (!p.user && !p.guest) throw unauthorized("Log in to send events.");
      const count = await core.eventLog.record(p, events, c.req.header("referer") ?? null);
      return c.json({ result: "OK", count });
    })
    .route("/api/v1/log", list);
}
