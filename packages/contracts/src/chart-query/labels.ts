import type { AdhocColumn, QueryColumn, QueryMetric } from "../chart-data.ts";
import { GenericDataType } from "../generic-data-type.ts";
import type { ChartColumn, ChartDataset } from "./types.ts";

/** Superset's label of a metric: the saved name, the adhoc label, `AGG(column)` or the SQL. */
export function metricLabel(metric: QueryMetric): string {
  if (typeof metric === "string") return metric;
  if (metric.label) return metric.label;
  return metric.expressionType === "SIMPLE"
    ? `${metric.aggregate}(${metric.column.column_name})`
    : metric.sqlExpression;
}

/** A column name, or an adhoc column's label (else its SQL). */
export function columnLabel(column: QueryColumn): string {
  if (typeof column === "string") return column;
  return column.label || column.sqlExpression;
}

export function ensureArray<T>(value: T | T[] | null | undefined): T[] {
  if (value === null || value === undefined || value === "") return [];
  return Array.isArray(value) ? value : [value];
}

/** Temporal column: flagged is_dttm, or typed as a date/time. */
export function isTemporalColumn(column: ChartColumn | undefined): boolean {
  if (!column) return false;
  if (column.is_dttm) return true;
  if (column.type_generic === GenericDataType.TEMPORAL) return true;
  return /DATE|TIME/i.test(column.type ?? "") && !/INTERVAL/i.test(column.type ?? "");
}

export function findColumn(dataset: ChartDataset | undefined, name: string): ChartColumn | undefined {
  return dataset?.columns.find((c) => c.column_name === name);
}

/**
 * A column as a query column with the time grain applied when it is temporal: Superset's
 * BASE_AXIS adhoc column for the x-axis, a plain name otherwise.
 */
export function axisColumn(
  column: QueryColumn | null | undefined,
  timeGrain: string | null | undefined,
  dataset: ChartDataset | undefined,
  temporalHint?: string | null,
): AdhocColumn | undefined {
  if (!column) return undefined;
  if (typeof column === "string") {
    const temporal = isTemporalColumn(findColumn(dataset, column)) || (!dataset && column === temporalHint);
    return {
      columnType: "BASE_AXIS",
      sqlExpression: column,
      label: column,
      expressionType: "SQL",
      ...(temporal && timeGrain ? { timeGrain } : {}),
    };
  }
  return { ...column, columnType: "BASE_AXIS", ...(timeGrain ? { timeGrain } : {}) };
}

/** Group-by columns with the time grain on temporal ones (tables, pivot tables, box plots). */
export function groupbyWithGrain(
  columns: QueryColumn[],
  timeGrain: string | null | undefined,
  dataset: ChartDataset | undefined,
): QueryColumn[] {
  if (!timeGrain) return columns;
  return columns.map((c) =>
    typeof c === "string" && isTemporalColumn(findColumn(dataset, c))
      ? { timeGrain, columnType: "BASE_AXIS", sqlExpression: c, label: c, expressionType: "SQL" }
      : c,
  );
}

/** Integer from a control value, else the fallback (Superset's ensureIsInt). */
export function toInt(value: unknown, fallback: number): number {
  const n = typeof value === "number" ? value : Number.parseInt(String(value ?? ""), 10);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}
