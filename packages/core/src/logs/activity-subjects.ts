import { AppError } from "../errors.ts";
import type { Charts } from "../charts/service.ts";
import type { Dashboards } from "../dashboards/service.ts";
import type { Principal } from "../security/principal.ts";

/** What a recent-activity entry points at, as the caller may see it today. */
export interface ActivitySubject {
  id: number;
  title: string;
  url: string;
}

/** How the event log looks up the objects its events name, through their own access rules. */
export interface ActivitySubjects {
  dashboard(p: Principal, idOrSlug: number | string): Promise<ActivitySubject | undefined>;
  chart(p: Principal, id: number): Promise<ActivitySubject | undefined>;
}

/** A 403 or 404 means "not for this caller (any more)"; anything else is a real failure. */
async function readable<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof AppError && (e.status === 403 || e.status === 404)) return undefined;
    throw e;
  }
}

export function activitySubjects(dashboards: Dashboards, charts: Charts): ActivitySubjects {
  return {
    async dashboard(p, idOrSlug) {
      const d = await readable(() => dashboards.get(p, idOrSlug));
      return d && { id: d.id, title: d.dashboard_title, url: `/superset/dashboard/${d.slug ?? d.id}/` };
    },
    async chart(p, id) {
      const found = await readable(() => charts.get(p, id));
      return found && { id, title: found.chart.slice_name, url: `/explore/?slice_id=${id}` };
    },
  };
}
