import type { QueryObject } from "@strata/contracts";
import type { DatasetModel } from "../model.ts";
import { normalizeQueryObject } from "../normalize.ts";
import { isAdhocColumn, referencedColumn } from "./columns.ts";
import { indexDataset } from "./context.ts";

/**
 * The custom-SQL x-axis expressions whose type decides a query's SQL: SQL naming no dataset column,
 * with a time grain. Only the database knows whether `UPPER(state)` or `CAST(ds AS DATE)` is a
 * time; the caller describes `axisTypeProbe(expression)` on it and passes what it learns as
 * `axisTypes`.
 */
export function untypedAxisExpressions(query: QueryObject, dataset: DatasetModel): string[] {
  const ctx = indexDataset(dataset);
  const expressions = new Set<string>();
  for (const col of normalizeQueryObject(query).columns ?? []) {
    if (!isAdhocColumn(col) || col.columnType !== "BASE_AXIS" || !col.timeGrain || col.isColumnReference)
      continue;
    if (!referencedColumn(col, ctx)) expressions.add(col.sqlExpression);
  }
  return [...expressions];
}

/** A query selecting just `expression` from the dataset: compiled, it is what the database describes. */
export function axisTypeProbe(expression: string): QueryObject {
  return {
    columns: [{ expressionType: "SQL", sqlExpression: expression, label: "axis" }],
    row_limit: 1,
  };
}
