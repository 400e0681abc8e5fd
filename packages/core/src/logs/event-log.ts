import type { ListFilter, RecentActivityItem, RecentActivityQuery } from "@strata/contracts";
import { badRequest, unauthorized } from "../errors.ts";
import { idFilter } from "../resources/list-query.ts";
import { type Principal, requirePermission } from "../security/principal.ts";
import type { Entity, MetaStore } from "../store/meta-store.ts";
import { newestWithin } from "../store/newest-window.ts";
import type { ActivitySubjects } from "./activity-subjects.ts";
import { recentActivity } from "./recent-activity.ts";

/** Most events in one batch (the client sends at 1024, 002 §7) and bytes kept per event. */
export const MAX_EVENTS = 1024;
const MAX_EVENT_BYTES = 4096;
export const LOG = "log";
/** Recent activity looks back one year, as Superset's does. */
const RECENT_WINDOW_MS = 365 * 24 * 3600 * 1000;
/** Ids of exploded events: batch id × this + position, so each event has a stable id. */
const PER_BATCH = 2048;
/**
 * How many of the newest events the admins' log list looks through. Every page anyone opens adds
 * to the log, so a list request reads the newest batches and stops here instead of reading it all;
 * filtering on one user reads that user's own newest events (their index), so an older trail stays
 * reachable. Filters and sorting apply within what was read, and `count` says how much that is.
 */
export const LOG_LIST_WINDOW = 10_000;
/** Batches per read of a user's index for their recent activity. */
const PAGE = 100;

interface LogBatchData {
  user_id: number | null;
  guest: boolean;
  referrer: string | null;
  events: string[];
}
type LogBatch = Entity<LogBatchData>;

const numberOrNull = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/**
 * Interaction events sent by the SPA in batches (`POST /superset/log/?explode=events`). A batch is
 * one write; reading explodes it into Superset's log rows (action, user, json, dttm, dashboard_id,
 * slice_id, duration_ms, referrer) for `GET /api/v1/log/`.
 */
export class EventLog {
  constructor(
    private readonly meta: MetaStore,
    private readonly userName: (ids: number[]) => Promise<Map<number, string>>,
    private readonly resolveGuest: (token: string) => Promise<Principal>,
    private readonly subjects: ActivitySubjects,
  ) {
    // One user's batches are a key-condition read, whatever everyone else has logged.
    meta.indexByOwner<LogBatchData>(LOG, (b) => b.user_id);
    // The SPA logs as it goes: a batch is one write, its id coming from a block reserved ahead.
    meta.allocateIdsInBlocks(LOG, 20);
  }

  /**
   * A batch from the SPA. A beacon cannot send headers, so an embedded page puts its guest token
   * in the body: it stands for the caller when the request itself carries nobody.
   */
  async recordBatch(
    p: Principal,
    batch: { events: unknown; guestToken?: string },
    referrer: string | null,
  ): Promise<number> {
    let who = p;
    if (!who.user && !who.guest && batch.guestToken) who = await this.resolveGuest(batch.guestToken);
    if (!who.user && !who.guest) throw unauthorized("Log in to send events.");
    return this.record(who, batch.events, referrer);
  }

  async record(p: Principal, events: unknown, referrer: string | null): Promise<number> {
    if (!Array.isArray(events)) throw badRequest({ events: ["events must be a JSON array of objects"] });
    if (events.length > MAX_EVENTS)
      throw badRequest({ events: [`Send at most ${MAX_EVENTS} events at a time`] });
    if (events.some((e) => typeof e !== "object" || e === null || Array.isArray(e)))
      throw badRequest({ events: ["Each event must be a JSON object"] });
    if (events.length === 0) return 0;
    const kept = events.map((e) => {
      const text = JSON.stringify(e);
      return text.length <= MAX_EVENT_BYTES
        ? text
        : JSON.stringify({
            event_name: (e as { event_name?: unknown }).event_name ?? "log",
            truncated: true,
          });
    });
    await this.meta.create<LogBatchData>(
      LOG,
      {
        user_id: p.user?.id ?? null,
        guest: p.guest !== undefined && p.guest !== null,
        referrer: referrer?.slice(0, 1024) ?? null,
        events: kept,
      },
      p.user?.id ?? null,
    );
    return kept.length;
  }

  /**
   * `GET /api/v1/log/recent_activity/`: the caller's own dashboard and chart views of the last
   * year. Anyone logged in may ask (it only ever shows their own trail); guests have none.
   */
  async recentActivity(p: Principal, q: RecentActivityQuery): Promise<RecentActivityItem[]> {
    if (!p.user) throw unauthorized("Log in to see your recent activity.");
    const since = new Date(Date.now() - RECENT_WINDOW_MS).toISOString();
    const pages = this.meta.newest<LogBatchData>(LOG, {
      owner: p.user.id,
      changedAfter: since,
      pageSize: PAGE,
    });
    return recentActivity(p, pages, this.subjects, q);
  }

  /**
   * The newest events as log rows, at most about LOG_LIST_WINDOW of them (whole batches); admins
   * only (Superset's Log view). `filters` are the list's: one on `user_id` reads that user's events.
   */
  async rows(p: Principal, filters: readonly ListFilter[] = []) {
    requirePermission(p, "can_read", "Log");
    const batches = await newestWithin<LogBatchData>(this.meta, LOG, {
      owner: idFilter(filters, "user_id"),
      window: LOG_LIST_WINDOW,
      weight: (b) => b.events.length,
    });
    const names = await this.userName(batches.flatMap((b) => (b.user_id ? [b.user_id] : [])));
    return batches.flatMap((b: LogBatch) =>
      b.events.map((text, i) => {
        const e = JSON.parse(text) as Record<string, unknown>;
        const ts = numberOrNull(e.ts);
        return {
          id: b.id * PER_BATCH + i,
          action: typeof e.event_name === "string" ? e.event_name : "log",
          user_id: b.user_id,
          user: b.user_id ? { id: b.user_id, username: names.get(b.user_id) ?? "" } : null,
          json: text,
          dttm: ts ? new Date(ts).toISOString() : b.created_on,
          dashboard_id: numberOrNull(e.dashboard_id),
          slice_id: numberOrNull(e.slice_id),
          duration_ms: numberOrNull(e.duration),
          referrer: b.referrer,
        };
      }),
    );
  }
}
