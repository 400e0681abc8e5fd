import type { QueryObject } from "@strata/contracts";
import { dialectFor } from "@strata/engines";
import { compileQuery } from "@strata/query";
import type { DatabaseEntity } from "../databases/types.ts";
import type { DatasetEntity } from "../datasets/types.ts";
import { type ChartTemplateScope, metricKey, templatedQuery } from "./chart-query.ts";

/**
 * Superset's `dataset(id)`: another dataset as a subquery, `(SELECT its columns FROM it) AS
 * dataset_{id}`, with its metrics grouped by every column when `include_metrics`. `rls` are the
 * caller's row-level conditions on it (none only where no row is read, e.g. reading columns).
 */
export function datasetMacroSql(
  id: number,
  other: { ds: DatasetEntity; db: DatabaseEntity },
  rls: string[],
  scope: ChartTemplateScope,
  now: Date,
  maxRows: number,
): { sql: string; withMetrics: string } {
  const dialect = dialectFor(other.db.engine);
  // The other dataset's own templates render once, without further dataset() nesting; its
  // metric() calls name its own metrics (expanded recursively when rendered).
  const inner: ChartTemplateScope = {
    user: scope.user,
    datasets: new Map(),
    metrics: new Map(other.ds.metrics.map((m) => [metricKey(m.metric_name, null), m.expression])),
  };
  const sqlOf = (withMetrics: boolean) => {
    const query: QueryObject = {
      columns: other.ds.columns.map((c) => c.column_name),
      ...(withMetrics ? { metrics: other.ds.metrics.map((m) => m.metric_name) } : {}),
      row_limit: maxRows,
    };
    const t = templatedQuery(other.ds, query, inner, dialect, now);
    const compiled = compileQuery(t.query, t.dataset, {
      dialect,
      now,
      paramStyle: "inline",
      extraWhere: rls,
      maxRowLimit: maxRows,
    });
    return `(\n${compiled.sql}\n) AS dataset_${id}`;
  };
  // With its metrics only when a template asks (include_metrics): a metric that can't compile
  // fails those templates, not every use of the dataset.
  let withMetrics: string | undefined;
  return {
    sql: sqlOf(false),
    get withMetrics() {
      withMetrics ??= sqlOf(true);
      return withMetrics;
    },
  };
}
