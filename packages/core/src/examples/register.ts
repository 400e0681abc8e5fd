import { randomUUID } from "node:crypto";
import type { Core } from "../core.ts";
import type { DatabaseEntity } from "../databases/types.ts";
import { DATASET, type DatasetData, type MetricData } from "../datasets/types.ts";

export interface ExampleTable {
  table_name: string;
  main_dttm_col?: string;
  description?: string;
  metrics: { metric_name: string; expression: string; verbose_name?: string; d3format?: string }[];
}

export const EXAMPLES_DATABASE = "examples";

/**
 * Registers the embedded examples database and one dataset per example table, once.
 * Idempotent: what exists is left as the user may have edited it.
 */
export async function registerExamples(
  core: Core,
  tables: ExampleTable[],
  log: (s: string) => void,
): Promise<DatabaseEntity> {
  let db = (await core.databases.all()).find((d) => d.builtin);
  if (!db) {
    db = await core.databases.create(
      null,
      {
        database_name: EXAMPLES_DATABASE,
        engine: "duckdb",
        parameters: { path: "examples.duckdb" },
        expose_in_sqllab: true,
        allow_file_upload: true,
        allow_ctas: true,
        allow_cvas: true,
        allow_run_async: false,
        allow_dml: false,
      },
      { builtin: true },
    );
  }
  const existing = new Set(
    (await core.datasets.all()).filter((d) => d.database_id === db.id).map((d) => d.table_name),
  );
  let added = 0;
  for (const t of tables) {
    if (existing.has(t.table_name)) continue;
    const ds = await core.datasets.create(null, {
      database: db.id,
      schema: "main",
      table_name: t.table_name,
      description: t.description,
    });
    const metrics: MetricData[] = [...ds.metrics];
    for (const m of t.metrics) {
      if (metrics.some((x) => x.metric_name === m.metric_name)) continue;
      metrics.push({
        id: await core.deps.meta.nextId("metric"),
        metric_name: m.metric_name,
        expression: m.expression,
        verbose_name: m.verbose_name ?? null,
        d3format: m.d3format ?? null,
        description: null,
        metric_type: null,
        currency: null,
        warning_text: null,
        uuid: randomUUID(),
        extra: null,
      });
    }
    await core.deps.meta.update<DatasetData>(
      DATASET,
      ds,
      { metrics, main_dttm_col: t.main_dttm_col ?? ds.main_dttm_col },
      null,
    );
    added++;
  }
  if (added) log(`Registered ${added} example datasets.`);
  return db;
}
