import { randomBytes } from "node:crypto";
import type { DashboardPermalinkReply, DashboardPermalinkState } from "@strata/contracts";
import { notFound } from "../errors.ts";
import type { Principal } from "../security/principal.ts";
import type { MetaStore } from "../store/meta-store.ts";
import type { Dashboards } from "./service.ts";

/** What a dashboard permalink keeps: the dashboard and the state the link restores. */
interface StoredPermalink {
  dashboardId: number;
  state: DashboardPermalinkState;
}

const keyOf = (key: string) => `dashboard-permalink#${key}`;

/**
 * Shareable links to a dashboard in a given state (filters, tabs, anchor). Opening one checks
 * the dashboard again, so a link never shows a dashboard its reader may not see.
 */
export class DashboardPermalinks {
  constructor(
    private readonly meta: Pick<MetaStore, "getValue" | "putValue">,
    private readonly dashboards: Pick<Dashboards, "get">,
  ) {}

  /** Stores the state of a dashboard the caller can see; answers the new key. */
  async create(p: Principal, dashboardId: number, state: DashboardPermalinkState): Promise<string> {
    const d = await this.dashboards.get(p, dashboardId);
    const key = randomBytes(12).toString("base64url");
    await this.meta.putValue(keyOf(key), { dashboardId: d.id, state } satisfies StoredPermalink);
    return key;
  }

  async open(p: Principal, key: string): Promise<DashboardPermalinkReply> {
    const stored = await this.meta.getValue<StoredPermalink>(keyOf(key));
    if (!stored) throw notFound("Permalink not found");
    const d = await this.dashboards.get(p, stored.dashboardId);
    return { state: stored.state, dashboardId: String(d.id) };
  }
}
