import type { DatabaseEntity } from "../databases/types.ts";
import type { DatasetEntity } from "../datasets/types.ts";
import { queryErrors } from "../query-errors.ts";
import type { Principal } from "../security/principal.ts";
import { type ChartTemplateScope, macroReferences, metricKey } from "./chart-query.ts";
import type { TemplateUser } from "./context.ts";
import { datasetMacroSql } from "./dataset-macro.ts";

/** Where the datasets and metrics that `dataset()` and `metric()` name are read from. */
export interface MacroSources {
  user: TemplateUser | null;
  /** The saved metrics of the dataset the texts belong to (what an unqualified `metric()` names). */
  currentMetrics: readonly { metric_name: string; expression: string }[];
  /**
   * Another dataset, if the caller may read it. Anything else (missing, no access, no database)
   * is undefined and renders as "Dataset N not found!", so a refusal doesn't tell which.
   */
  readable: (id: number) => Promise<{ ds: DatasetEntity; db: DatabaseEntity } | undefined>;
  /** The caller's row-level conditions on a dataset `dataset(id)` reads rows of. */
  rls: (id: number) => Promise<string[]>;
  now: Date;
  /** The row bound `dataset(id)`'s subquery compiles with. */
  maxRows: number;
}

/** Datasets as a caller may read them, and the caller's row-level rules on one. */
export interface DatasetAccess {
  get(p: Principal, id: number): Promise<{ ds: DatasetEntity; db: DatabaseEntity | undefined }>;
  rlsClauses(p: Principal, datasetId: number): Promise<string[]>;
  /** The row bound a `dataset(id)` subquery compiles with (CHART_DATA_MAX_ROW). */
  maxRows: number;
}

/** `readable` and `rls` for SQL that belongs to no dataset (SQL Lab, alerts), run as `p`. */
export function readableAs(
  access: DatasetAccess,
  p: Principal,
): Pick<MacroSources, "readable" | "rls" | "maxRows"> {
  return {
    maxRows: access.maxRows,
    readable: async (id) => {
      const other = await access.get(p, id).catch(() => undefined);
      return other?.db ? { ds: other.ds, db: other.db } : undefined;
    },
    rls: (id) => access.rlsClauses(p, id),
  };
}

/**
 * What a render needs read ahead (the render itself is synchronous): each `dataset(id)` as the
 * caller's subquery over it (their access and RLS), and each `metric()` expression, following
 * the `metric()` calls inside those expressions too, as the render will expand them. A metric
 * met again is resolved once; the render refuses the cycle (context.ts).
 */
export async function resolveMacroScope(
  texts: readonly (string | null | undefined)[],
  sources: MacroSources,
): Promise<ChartTemplateScope> {
  const scope: ChartTemplateScope = {
    user: sources.user,
    datasets: new Map(),
    metrics: new Map(),
    metricDatasets: new Map(),
  };
  const others = new Map<number, Promise<{ ds: DatasetEntity; db: DatabaseEntity } | undefined>>();
  const other = (id: number) => {
    let found = others.get(id);
    if (!found) {
      found = sources.readable(id);
      others.set(id, found);
    }
    return found;
  };
  const compiled = new Set<number>();
  const resolved = new Set<string>();
  // Each text with the dataset whose metrics its unqualified metric() names (null: the current).
  const queue: { text: string | null | undefined; owner: number | null }[] = texts.map((text) => ({
    text,
    owner: null,
  }));
  for (let next = queue.shift(); next; next = queue.shift()) {
    const refs = macroReferences([next.text]);
    for (const id of refs.datasetIds) {
      if (compiled.has(id)) continue;
      compiled.add(id);
      const found = await other(id);
      if (!found) continue;
      const rls = await sources.rls(id);
      scope.datasets.set(
        id,
        queryErrors(() => datasetMacroSql(id, found, rls, scope, sources.now, sources.maxRows)),
      );
    }
    for (const m of refs.metrics) {
      const datasetId = m.datasetId ?? next.owner;
      const key = metricKey(m.name, datasetId);
      if (resolved.has(key)) continue;
      resolved.add(key);
      const owner = datasetId === null ? undefined : await other(datasetId);
      if (owner) scope.metricDatasets?.set(owner.ds.id, owner.ds.table_name);
      const metrics = datasetId === null ? sources.currentMetrics : owner?.ds.metrics;
      const found = metrics?.find((x) => x.metric_name === m.name);
      if (!found) continue; // rendered as "Metric ``name`` not found."
      scope.metrics.set(key, found.expression);
      queue.push({ text: found.expression, owner: datasetId });
    }
  }
  return scope;
}
