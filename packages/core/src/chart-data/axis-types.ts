import type { QueryObject } from "@strata/contracts";
import type { QueryEngine } from "@strata/engines";
import {
  axisTypeProbe,
  compileQuery,
  type DatasetModel,
  type SqlDialect,
  untypedAxisExpressions,
} from "@strata/query";
import type { DatasetEntity } from "../datasets/types.ts";
import { type ChartTemplateScope, templatedQuery } from "../templating/chart-query.ts";

/** How long an answer is trusted: a column retyped in the database is seen again after this. */
const KEEP_MS = 10 * 60_000;
/** Answers kept per process: one per custom x-axis expression per dataset. */
const MAX_KEPT = 500;
/** Expressions described for one request (a chart has one x-axis); any more are taken as times. */
const MAX_PER_REQUEST = 8;

export interface AxisTypeSource {
  ds: DatasetEntity;
  engine: QueryEngine;
  rls: string[];
  template: ChartTemplateScope;
  dialect: SqlDialect;
  now: Date;
}

/**
 * Whether a chart's custom-SQL x-axis (`UPPER(state)`, `CAST(ds AS DATE)`) returns a time, asked of
 * its database as Superset does: the query selecting just that expression is described (prepared,
 * or run with no rows), and its grain then truncates a time and leaves text or numbers grouped by
 * their values. Without it, a grain on a text expression made the whole chart fail in the database.
 *
 * Answers are kept for a while per database, dataset (with its SQL as rendered) and expression,
 * so a dashboard asks once, not on every load; one that could not be had is not kept, and the
 * expression is then taken as a time, as it was before.
 */
export class AxisTypes {
  private readonly kept = new Map<string, { temporal: boolean; at: number }>();

  constructor(private readonly clock: () => number = Date.now) {}

  async of(
    source: AxisTypeSource,
    databaseId: number,
    queries: readonly QueryObject[],
  ): Promise<ReadonlyMap<string, boolean> | undefined> {
    const wanted = new Map<string, DatasetModel>();
    for (const query of queries) {
      // Rendered only when the raw query has such an axis: most have none.
      if (!untypedAxisExpressions(query, source.ds).length) continue;
      const t = templatedQuery(source.ds, query, source.template, source.dialect, source.now);
      for (const expression of untypedAxisExpressions(t.query, t.dataset)) wanted.set(expression, t.dataset);
    }
    if (!wanted.size) return undefined;
    const types = new Map<string, boolean>();
    await Promise.all(
      [...wanted].slice(0, MAX_PER_REQUEST).map(async ([expression, dataset]) => {
        const key = JSON.stringify([databaseId, source.ds.id, dataset.sql ?? "", expression]);
        const known = this.kept.get(key);
        if (known && this.clock() - known.at < KEEP_MS) {
          types.set(expression, known.temporal);
          return;
        }
        const temporal = await describe(source, dataset, expression);
        if (temporal === undefined) return;
        types.set(expression, temporal);
        this.keep(key, temporal);
      }),
    );
    return types;
  }

  private keep(key: string, temporal: boolean) {
    this.kept.delete(key);
    this.kept.set(key, { temporal, at: this.clock() });
    if (this.kept.size > MAX_KEPT) this.kept.delete(this.kept.keys().next().value as string);
  }
}

/** The expression's kind as the database describes it; undefined when it could not say. */
async function describe(
  source: AxisTypeSource,
  dataset: DatasetModel,
  expression: string,
): Promise<boolean | undefined> {
  try {
    // Compiled as the chart's own query is (custom SQL checked, the caller's RLS applied), with
    // values written in: a description takes no parameters.
    const probe = compileQuery(axisTypeProbe(expression), dataset, {
      dialect: source.dialect,
      now: source.now,
      paramStyle: "inline",
      extraWhere: source.rls,
    });
    const [column] = await source.engine.describeQuery(probe.sql, source.ds.schema);
    return column ? column.kind === "temporal" : undefined;
  } catch {
    // Bad SQL fails the chart's own query with the database's message; nothing to add here.
    return undefined;
  }
}
