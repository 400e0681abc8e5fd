import type { EngineName } from "@strata/contracts";
import { dialectFor } from "@strata/engines";
import type { Datasets } from "../datasets/service.ts";
import type { Principal } from "../security/principal.ts";

/** The dataset as Explore reads it: columns, metrics, and the time grains its engine offers. */
export async function exploreDatasetView(
  datasets: Pick<Datasets, "detail">,
  p: Principal,
  datasetId: number,
) {
  const detail = await datasets.detail(p, datasetId);
  const row = detail as Record<string, unknown>;
  const backend = (row.database as { backend?: string } | null)?.backend ?? "duckdb";
  const grains = dialectFor(backend as EngineName).timeGrains ?? {};
  return {
    ...detail,
    type: "table",
    uid: `${detail.id}__table`,
    datasource_name: row.table_name,
    time_grain_sqla: Object.entries(grains).map(([key, label]) => [key, label]),
    verbose_map: Object.fromEntries([
      ...detail.columns.map((col) => [col.column_name, col.verbose_name ?? col.column_name]),
      ...detail.metrics.map((m) => [m.metric_name, m.verbose_name ?? m.metric_name]),
    ]),
  };
}
