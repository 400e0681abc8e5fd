import {
  RECENT_ACTIVITY_ACTIONS,
  RECENT_ACTIVITY_DEFAULT_PAGE_SIZE,
  type RecentActivityItem,
  type RecentActivityQuery,
} from "@strata/contracts";
import { humanizeSince } from "../resources/humanize.ts";
import type { Principal } from "../security/principal.ts";
import type { ActivitySubject, ActivitySubjects } from "./activity-subjects.ts";

/** One event that names a dashboard or a chart, in the order the caller did them. */
interface View {
  action: string;
  kind: "dashboard" | "slice";
  ref: number | string;
  /** Server time of the batch (the client's clock is not trusted for ordering). */
  at: string;
}

/** A batch as stored: when it arrived and its events' JSON texts. */
export interface StoredBatch {
  created_on: string;
  events: string[];
}

/**
 * The SPA's route log names every page it shows (`spa_navigation` with a path), so a dashboard
 * page reached by id or slug counts as Superset's `mount_dashboard`. Permalink pages are not.
 */
const DASHBOARD_PAGE = /^\/superset\/dashboard\/(?!p\/)([^/?#]+)\/?$/;

const positiveId = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) && v > 0 ? v : null);

function viewOf(e: Record<string, unknown>, actions: Set<string>, at: string): View | null {
  const name = typeof e.event_name === "string" ? e.event_name : "log";
  if (actions.has(name)) {
    const dashboard = positiveId(e.dashboard_id);
    if (dashboard) return { action: name, kind: "dashboard", ref: dashboard, at };
    const slice = positiveId(e.slice_id);
    if (slice) return { action: name, kind: "slice", ref: slice, at };
    return null;
  }
  if (name === "spa_navigation" && actions.has("mount_dashboard") && typeof e.path === "string") {
    const m = DASHBOARD_PAGE.exec(e.path);
    if (m) return { action: "mount_dashboard", kind: "dashboard", ref: decodeURIComponent(m[1]), at };
  }
  return null;
}

/** A batch's views, newest first (its events are stored oldest first). */
function* viewsOf(b: StoredBatch, actions: Set<string>): Generator<View> {
  for (let i = b.events.length - 1; i >= 0; i--) {
    let e: unknown;
    try {
      e = JSON.parse(b.events[i]);
    } catch {
      continue;
    }
    if (typeof e !== "object" || e === null) continue;
    const view = viewOf(e as Record<string, unknown>, actions, b.created_on);
    if (view) yield view;
  }
}

/**
 * The most events one request looks through. The caller's batches are read newest first and the
 * read stops once the page is full, so this only binds when few of the events name anything the
 * caller can still read (a year of activity on objects since deleted).
 */
export const RECENT_ACTIVITY_SCAN = 20_000;

/**
 * Superset's recent activity: the caller's dashboard and chart views, newest first, `distinct`
 * keeping the latest per object and action. Only objects the caller can read today are listed
 * (a dashboard made private or a chart whose dataset access was revoked drops out), so it pages
 * over what is readable, resolving each object once.
 */
export async function recentActivity(
  p: Principal,
  pages: AsyncIterable<readonly StoredBatch[]>,
  subjects: ActivitySubjects,
  q: RecentActivityQuery,
  now = Date.now(),
): Promise<RecentActivityItem[]> {
  const actions = new Set<string>(q.actions ?? RECENT_ACTIVITY_ACTIONS);
  const distinct = q.distinct ?? true;
  const pageSize = q.page_size ?? RECENT_ACTIVITY_DEFAULT_PAGE_SIZE;
  const wanted = ((q.page ?? 0) + 1) * pageSize;
  const resolved = new Map<string, Promise<ActivitySubject | undefined>>();
  const resolve = (v: View) => {
    const key = `${v.kind}:${v.ref}`;
    let found = resolved.get(key);
    if (!found) {
      found = v.kind === "dashboard" ? subjects.dashboard(p, v.ref) : subjects.chart(p, v.ref as number);
      resolved.set(key, found);
    }
    return found;
  };
  const seen = new Set<string>();
  const items: RecentActivityItem[] = [];
  let scanned = 0;
  read: for await (const page of pages) {
    for (const batch of page) {
      for (const view of viewsOf(batch, actions)) {
        if (items.length >= wanted) break read;
        const subject = await resolve(view);
        if (!subject || subject.title === "") continue;
        const key = `${view.action}:${view.kind}:${subject.id}`;
        if (distinct && seen.has(key)) continue;
        seen.add(key);
        items.push({
          action: view.action,
          item_type: view.kind,
          item_url: subject.url,
          item_title: subject.title,
          time: Date.parse(view.at),
          time_delta_humanized: humanizeSince(view.at, now),
        });
      }
      scanned += batch.events.length;
      if (items.length >= wanted || scanned >= RECENT_ACTIVITY_SCAN) break read;
    }
  }
  return items.slice(wanted - pageSize);
}
