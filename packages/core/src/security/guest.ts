import { randomUUID } from "node:crypto";
import { validateSqlExpression } from "@strata/query";
import type { Charts } from "../charts/service.ts";
import type { Dashboards } from "../dashboards/service.ts";
import { notFound, unauthorized, unprocessable } from "../errors.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { signToken, verifyToken } from "./jwt.ts";
import { type GuestScope, guestPrincipal, type Principal, requirePermission } from "./principal.ts";

const GUEST_TTL_SECONDS = 300;

export interface GuestTokenRequest {
  user?: { username?: string; first_name?: string; last_name?: string };
  resources: { type: "dashboard"; id: string }[];
  rls?: { clause: string; dataset?: number }[];
}

export interface EmbeddedConfig {
  uuid: string;
  dashboard_id: number;
  allowed_domains: string[];
}

/**
 * Embedding: per-dashboard embed configs (allowed domains) and short-lived guest tokens that
 * grant read access to named dashboards only, with the RLS clauses the issuer chose.
 */
export class Guests {
  constructor(
    private readonly meta: MetaStore,
    private readonly secret: string,
    private readonly dashboards: Dashboards,
    private readonly charts: Charts,
  ) {}

  async embedded(uuid: string): Promise<EmbeddedConfig> {
    const cfg = await this.meta.getValue<EmbeddedConfig>(`embedded#${uuid}`);
    if (!cfg) throw notFound("Embedded dashboard not found");
    return cfg;
  }

  async embeddedOf(p: Principal, dashboardId: number): Promise<EmbeddedConfig> {
    await this.dashboards.get(p, dashboardId);
    const uuid = await this.meta.getValue<string>(`embedded-of#${dashboardId}`);
    if (!uuid) throw notFound("This dashboard is not embedded");
    return this.embedded(uuid);
  }

  /** Creates or updates the embed config (owners and admins). */
  async setEmbedded(p: Principal, dashboardId: number, allowedDomains: string[]): Promise<EmbeddedConfig> {
    await this.dashboards.getForWrite(p, dashboardId);
    for (const d of allowedDomains) {
      if (!/^https?:\/\/[A-Za-z0-9.-]+(:\d+)?$/.test(d))
        throw unprocessable({ allowed_domains: [`${d} is not an origin like https://example.com`] });
    }
    const uuid = (await this.meta.getValue<string>(`embedded-of#${dashboardId}`)) ?? randomUUID();
    const cfg: EmbeddedConfig = { uuid, dashboard_id: dashboardId, allowed_domains: allowedDomains };
    await this.meta.putValue(`embedded#${uuid}`, cfg);
    await this.meta.putValue(`embedded-of#${dashboardId}`, uuid);
    return cfg;
  }

  async removeEmbedded(p: Principal, dashboardId: number): Promise<void> {
    await this.dashboards.getForWrite(p, dashboardId);
    const uuid = await this.meta.getValue<string>(`embedded-of#${dashboardId}`);
    if (!uuid) return;
    await this.meta.deleteValue(`embedded-of#${dashboardId}`);
    await this.meta.deleteValue(`embedded#${uuid}`);
  }

  /** `POST /api/v1/security/guest_token/` (can_grant_guest_token). */
  async issue(p: Principal, req: GuestTokenRequest): Promise<string> {
    requirePermission(p, "can_grant_guest_token", "SecurityRestApi");
    if (req.resources.length === 0) throw unprocessable({ resources: ["Name at least one dashboard"] });
    const dashboards: number[] = [];
    for (const r of req.resources) {
      const id = /^\d+$/.test(r.id)
        ? Number(r.id)
        : (await this.embedded(r.id).catch(() => undefined))?.dashboard_id;
      if (!id || !(await this.dashboards.find(id)))
        throw unprocessable({ resources: [`Dashboard ${r.id} does not exist`] });
      dashboards.push(id);
    }
    for (const rule of req.rls ?? []) {
      try {
        validateSqlExpression(rule.clause, { context: "rls clause" });
      } catch (e) {
        throw unprocessable({ rls: [(e as Error).message] });
      }
    }
    const user = {
      username: req.user?.username ?? "guest",
      first_name: req.user?.first_name ?? "",
      last_name: req.user?.last_name ?? "",
    };
    return signToken(
      this.secret,
      { sub: 0, typ: "guest", user, dashboards, rls: req.rls ?? [] },
      GUEST_TTL_SECONDS,
    );
  }

  /** The principal of a guest token: its dashboards, their charts and those charts' datasets. */
  async resolve(token: string): Promise<Principal> {
    const claims = verifyToken(this.secret, token);
    if (!claims || claims.typ !== "guest") throw unauthorized("The guest token is invalid or expired.");
    const dashboards = new Set((claims.dashboards as number[]) ?? []);
    const charts = (await this.charts.all()).filter((c) => c.dashboards.some((d) => dashboards.has(d)));
    const scope: GuestScope = {
      username: String((claims.user as { username?: string })?.username ?? "guest"),
      dashboards,
      charts: new Set(charts.map((c) => c.id)),
      datasets: new Set(charts.map((c) => c.datasource_id)),
      rls: (claims.rls as GuestScope["rls"]) ?? [],
    };
    return guestPrincipal(scope);
  }
}
