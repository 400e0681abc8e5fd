import type { Charts } from "../charts/service.ts";
import type { Dashboards } from "../dashboards/service.ts";
import type { Databases } from "../databases/service.ts";
import type { Datasets } from "../datasets/service.ts";
import { DashboardFilterState } from "./dashboard-filter-state.ts";
import { ExploreFormData } from "./explore-form-data.ts";
import { ExplorePermalinks } from "./explore-permalinks.ts";
import type { KeyValueStore } from "./keys.ts";
import { SqlLabIncoming } from "./sqllab-incoming.ts";
import { SqlLabPermalinks } from "./sqllab-permalinks.ts";

export { DashboardFilterState, ExploreFormData, ExplorePermalinks, SqlLabIncoming, SqlLabPermalinks };
export type { KeyValueStore } from "./keys.ts";

/**
 * The key-value features: short-lived editor and filter state and shareable links, each checked
 * against what it names. (Dashboard permalinks belong to the dashboards domain.)
 */
export function createKeyValue(deps: {
  store: KeyValueStore;
  datasets: Pick<Datasets, "get">;
  charts: Pick<Charts, "get">;
  databases: Pick<Databases, "get">;
  dashboards: Pick<Dashboards, "get">;
  /** The clock entries' lives are judged by (the store's own, in tests). */
  now?: () => Date;
}) {
  return {
    exploreFormData: new ExploreFormData(deps.store, deps.datasets, deps.charts),
    explorePermalinks: new ExplorePermalinks(deps.store, deps.datasets),
    sqlLabPermalinks: new SqlLabPermalinks(deps.store, deps.databases),
    sqlLabIncoming: new SqlLabIncoming(deps.store, deps.datasets),
    dashboardFilterState: new DashboardFilterState(deps.store, deps.dashboards, deps.now),
  };
}
export type KeyValue = ReturnType<typeof createKeyValue>;
