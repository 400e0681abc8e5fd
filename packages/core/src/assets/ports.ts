import type { Charts } from "../charts/service.ts";
import type { Dashboards } from "../dashboards/service.ts";
import type { Databases } from "../databases/service.ts";
import type { DatabaseEntity } from "../databases/types.ts";
import type { Datasets } from "../datasets/service.ts";
import type { SecretBox } from "../security/secret-box.ts";
import type { SavedQueries } from "../sqllab/saved-queries.ts";
import type { MetaStore } from "../store/meta-store.ts";
import type { Tags } from "../tags/service.ts";

/** What export and import use: the asset services for reads and access checks, the store for writes. */
export interface AssetPorts {
  meta: MetaStore;
  box: SecretBox;
  databases: Databases;
  datasets: Datasets;
  charts: Charts;
  dashboards: Dashboards;
  savedQueries: SavedQueries;
  /** Custom tags on charts and dashboards (exported by name, re-attached on import). */
  tags: Tags;
  /** Drops a cached engine after its database's connection was overwritten. */
  forgetEngine: (db: DatabaseEntity) => void;
  now?: () => Date;
}
