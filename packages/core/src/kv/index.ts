import type { Charts } from "../charts/service.ts";
import type { Databases } from "../databases/service.ts";
import type { Datasets } from "../datasets/service.ts";
import { ExploreFormData } from "./explore-form-data.ts";
import { ExplorePermalinks } from "./explore-permalinks.ts";
import type { KeyValueStore } from "./keys.ts";
import { SqlLabIncoming } from "./sqllab-incoming.ts";
import { SqlLabPermalinks } from "./sqllab-permalinks.ts";

export { ExploreFormData, ExplorePermalinks, SqlLabIncoming, SqlLabPermalinks };
export type { KeyValueStore } from "./keys.ts";

/**
 * The key-value features: short-lived editor state and shareable links, each checked against what
 * it names. (Dashboard permalinks belong to the dashboards domain.)
 */
export function createKeyValue(deps: {
  store: KeyValueStore;
  datasets: Pick<Datasets, "get">;
  charts: Pick<Charts, "get">;
  databases: Pick<Databases, "get">;
}) {
  return {
    exploreFormData: new ExploreFormData(deps.store, deps.datasets, deps.charts),
    explorePermalinks: new ExplorePermalinks(deps.store, deps.datasets),
    sqlLabPermalinks: new SqlLabPermalinks(deps.store, deps.databases),
    sqlLabIncoming: new SqlLabIncoming(deps.store, deps.datasets),
  };
}
export type KeyValue = ReturnType<typeof createKeyValue>;
