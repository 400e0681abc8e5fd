import { EmbeddedConfigSchema, type EmbeddedDashboard, GuestTokenSchema } from "@strata/contracts";
import type { Context } from "hono";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { jsonBody, pathId } from "../http/input.ts";

/** `/api/v1/dashboard/{id}/embedded` (config per dashboard). */
export function dashboardEmbeddedRoutes() {
  const save = async (c: Context<AppEnv>) => {
    const body = await jsonBody(c, EmbeddedConfigSchema);
    const cfg = await c.get("core").guests.setEmbedded(c.get("principal"), pathId(c), body.allowed_domains);
    return c.json({ result: cfg });
  };
  return new Hono<AppEnv>()
    .get("/:id{[0-9]+}/embedded", async (c) =>
      c.json({ result: await c.get("core").guests.embeddedOf(c.get("principal"), pathId(c)) }),
    )
    .post("/:id{[0-9]+}/embedded", save)
    .put("/:id{[0-9]+}/embedded", save)
    .delete("/:id{[0-9]+}/embedded", async (c) => {
      await c.get("core").guests.removeEmbedded(c.get("principal"), pathId(c));
      return c.json({ message: "OK" });
    });
}

/** `GET /api/v1/embedded_dashboard/{uuid}` and `POST /api/v1/security/guest_token/`. */
export function embeddingRoutes() {
  return new Hono<AppEnv>()
    .get("/api/v1/embedded_dashboard/:uuid{[0-9a-f-]{36}}", async (c) => {
      const cfg = await c.get("core").guests.embedded(c.req.param("uuid"));
      const result: EmbeddedDashboard = {
        uuid: cfg.uuid,
        dashboard_id: String(cfg.dashboard_id),
        allowed_domains: cfg.allowed_domains,
      };
      return c.json({ result });
    })
    .post("/api/v1/security/guest_token", async (c) => {
      const body = await jsonBody(c, GuestTokenSchema);
      return c.json({ token: await c.get("core").guests.issue(c.get("principal"), body) });
    });
}
