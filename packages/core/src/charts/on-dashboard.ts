import { chartIdsOfLayout } from "../dashboards/metadata.ts";
import type { DashboardEntity } from "../dashboards/types.ts";
import { newestFirst } from "../store/list-index.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { CHART, type ChartData, type ChartEntity } from "./types.ts";

/** The dashboard whose charts are read: its id and its saved layout. */
export type OnDashboard = Pick<DashboardEntity, "id" | "position_json">;

/**
 * Every chart on a dashboard, whoever may see it, most recently changed first: those attached
 * from the chart side, through the store's index of charts by dashboard, and those its layout
 * places, each read by id. The work grows with the dashboard's charts, not with all charts or
 * all dashboards. Each chart's `dashboards` is its own side as stored, not every placement.
 */
export async function chartsOnDashboard(meta: MetaStore, d: OnDashboard): Promise<ChartEntity[]> {
  const attached = await meta.listing<ChartData>(CHART, d.id);
  const known = new Set(attached.map((c) => c.id));
  const placed = [...(chartIdsOfLayout(d.position_json) ?? [])].filter((id) => !known.has(id));
  const more = await meta.getMany<ChartData>(CHART, placed);
  return [...attached, ...more].sort(newestFirst);
}
