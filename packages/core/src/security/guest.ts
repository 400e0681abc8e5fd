import type { EmbeddedConfig, GuestTokenRequest } from "@strata/contracts";
import { createHash, createHmac, randomUUID } from "node:crypto";
import { validateSqlExpression } from "@strata/query";
import type { Charts } from "../charts/service.ts";
import { filterTargets, parseMetadata } from "../dashboards/metadata.ts";
import type { Dashboards } from "../dashboards/service.ts";
import { notFound, unauthorized, unprocessable } from "../errors.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { safeEqual, signToken, TokenVerifier } from "./jwt.ts";
import { type GuestScope, guestPrincipal, type Principal, requirePermission } from "./principal.ts";

const GUEST_TTL_SECONDS = 300;
/** How long a guest's queued job may wait for the worker before its identity is refused. */
const JOB_IDENTITY_TTL_SECONDS = 3600;

/** What a guest token says: who, which dashboards, which extra RLS clauses. */
export interface GuestIdentity {
  jti: string;
  username: string;
  dashboards: number[];
  rls: { clause: string; dataset?: number }[];
}

/** A guest identity riding in a job message, signed so the worker can trust it again. */
export interface SealedGuest {
  identity: GuestIdentity;
  until: number;
  sig: string;
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
    /** Superset's GUEST_ROLE_NAME: the role whose Regular RLS rules apply to every guest. */
    private readonly guestRoleName = "Public",
  ) {
    this.tokens = new TokenVerifier(secret);
  }

  private readonly tokens: TokenVerifier;

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
      { sub: 0, typ: "guest", jti: randomUUID(), user, dashboards, rls: req.rls ?? [] },
      GUEST_TTL_SECONDS,
    );
  }

  /** The principal of a guest token: its dashboards, their charts and those charts' datasets. */
  async resolve(token: string): Promise<Principal> {
    const claims = this.tokens.verify(token);
    if (claims?.typ !== "guest") throw unauthorized("The guest token is invalid or expired.");
    return this.principalOf({
      // Tokens issued before ids existed are told apart by their own digest.
      jti:
        typeof claims.jti === "string" && claims.jti
          ? claims.jti
          : createHash("sha256").update(token).digest("hex"),
      username: String((claims.user as { username?: string })?.username ?? "guest"),
      dashboards: Array.isArray(claims.dashboards) ? (claims.dashboards as number[]) : [],
      rls: Array.isArray(claims.rls) ? (claims.rls as GuestIdentity["rls"]) : [],
    });
  }

  /**
   * A guest's identity for a queued job. The token itself expires in minutes and must not sit in
   * the queue as a bearer credential, so the job carries the identity signed under a purpose of
   * its own: it cannot be replayed as a guest token, and the worker rebuilds the scope from it.
   */
  sealForJob(scope: GuestScope): SealedGuest {
    const identity: GuestIdentity = {
      jti: scope.jti,
      username: scope.username,
      dashboards: [...scope.dashboards],
      rls: scope.rls,
    };
    const until = Math.floor(Date.now() / 1000) + JOB_IDENTITY_TTL_SECONDS;
    return { identity, until, sig: this.jobSignature(identity, until) };
  }

  /** The worker's side: the sealed identity, verified, as a principal with today's dashboards. */
  async fromJob(sealed: SealedGuest): Promise<Principal> {
    const valid =
      sealed &&
      typeof sealed.sig === "string" &&
      typeof sealed.until === "number" &&
      sealed.until >= Date.now() / 1000 &&
      safeEqual(sealed.sig, this.jobSignature(sealed.identity, sealed.until));
    if (!valid) throw unauthorized("The guest identity of this job is invalid or expired.");
    return this.principalOf(sealed.identity);
  }

  private jobSignature(identity: GuestIdentity, until: number): string {
    return createHmac("sha256", this.secret)
      .update(`guest-job:${until}:${JSON.stringify(identity)}`)
      .digest("base64url");
  }

  /**
   * What the identity may read, computed from the dashboards as they are now: their charts, those
   * charts' datasets, and the datasets and columns of the dashboards' native filters.
   */
  private async principalOf(identity: GuestIdentity): Promise<Principal> {
    const dashboards = new Set(identity.dashboards.filter((d) => Number.isInteger(d)));
    const boards = await Promise.all([...dashboards].map((id) => this.dashboards.find(id)));
    // Each dashboard's charts through the index and its own layout, not every chart and layout.
    const mine = (
      await Promise.all(boards.map((board) => (board ? this.charts.allOnDashboard(board) : [])))
    ).flat();
    const filterColumns = new Map<number, Set<string>>();
    // Filter targets are trusted as their dashboard stores them: a save adds one only on a
    // dataset its editor can read (DashboardRelations), read through the same filterTargets.
    for (const board of boards) {
      for (const t of filterTargets(parseMetadata(board?.json_metadata).native_filter_configuration)) {
        if (t.column === null) continue;
        const cols = filterColumns.get(t.datasetId) ?? new Set<string>();
        cols.add(t.column);
        filterColumns.set(t.datasetId, cols);
      }
    }
    const scope: GuestScope = {
      jti: identity.jti,
      username: identity.username,
      dashboards,
      charts: new Set(mine.map((c) => c.id)),
      datasets: new Set([...mine.map((c) => c.datasource_id), ...filterColumns.keys()]),
      filterColumns,
      roles: [this.guestRoleName],
      rls: identity.rls,
    };
    return guestPrincipal(scope);
  }
}
