import { chartsOnDashboard } from "../charts/on-dashboard.ts";
import { CHART, type ChartData } from "../charts/types.ts";
import type { MetaStore } from "../store/meta-store.ts";
import type { DashboardEntity } from "./types.ts";

/**
 * When what a dashboard shows last changed: its own save or a save of one of its charts, whichever
 * is later. A dashboard's picture is named by it, so editing a chart on it (a new metric, another
 * viz) gives the dashboard's card a new picture too, not the day-old one.
 */
export function latestChange(own: string, charts: Iterable<string | undefined>): string {
  let latest = own;
  let latestMs = Date.parse(own);
  for (const changed of charts) {
    if (changed === undefined) continue;
    const ms = Date.parse(changed);
    if (ms > latestMs || (Number.isNaN(latestMs) && !Number.isNaN(ms))) {
      latest = changed;
      latestMs = ms;
    }
  }
  return latest;
}

/**
 * The latest save among the charts of every dashboard, from the chart list (one cached read for a
 * list page). A chart is on a dashboard from either side: its own `dashboards`, or the dashboard's
 * layout placing it (`placements`: chart id → dashboard ids).
 */
export async function chartChangesByDashboard(
  meta: MetaStore,
  placements: Map<number, number[]>,
): Promise<Map<number, string>> {
  const latest = new Map<number, string>();
  for (const chart of await meta.listShared<ChartData>(CHART))
    for (const dashboardId of new Set([...(chart.dashboards ?? []), ...(placements.get(chart.id) ?? [])]))
      latest.set(dashboardId, latestChange(chart.changed_on, [latest.get(dashboardId)]));
  return latest;
}

/** When each chart on one dashboard was last saved (the same reads its page makes for its charts). */
export async function chartChangesOf(meta: MetaStore, d: DashboardEntity): Promise<string[]> {
  return (await chartsOnDashboard(meta, d)).map((c) => c.changed_on);
}
