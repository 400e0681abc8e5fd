import type { DashboardDetail } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";
import { useLoadOnce } from "../../../lib/use-load-once";
import type { DashboardForExplore } from "../model/dashboard-context";

/** GET /api/v1/dashboard/{id}: the metadata and layout Explore reads the dashboard context from. */
export async function fetchDashboardForExplore(id: number): Promise<DashboardForExplore> {
  const { result } = await apiGet<{ result: DashboardDetail }>(`/api/v1/dashboard/${id}`);
  return { id: result.id, json_metadata: result.json_metadata, position_json: result.position_json };
}

/**
 * The dashboard Explore was opened from, loaded with the page (`loadKey`, null: nothing to load);
 * null without one or when the reader may not see it (its context is then left out).
 */
export const useDashboardForExplore = (loadKey: string | null, id: number | undefined) =>
  useLoadOnce(loadKey === null ? null : `dashboard-context|${loadKey}`, () =>
    id ? fetchDashboardForExplore(id).catch(() => null) : Promise.resolve(null),
  );
