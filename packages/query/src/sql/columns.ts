import type { AdhocColumn, QueryColumn } from "@strata/contracts";
import { columnNotFound, invalidPayload } from "../errors.ts";
import { columnKind, type DatasetColumnModel, isEpochFormat } from "../model.ts";
import type { CompileContext } from "./context.ts";
import { validateSqlExpression } from "./sql-expression.ts";

/** A selected or filtered column, resolved to SQL. */
export interface ResolvedColumn {
  label: string;
  sql: string;
  /** The dataset column when the reference is a plain column. */
  column?: DatasetColumnModel;
  isTemporal: boolean;
}

export function isAdhocColumn(col: unknown): col is AdhocColumn {
  return typeof col === "object" && col !== null && "sqlExpression" in col;
}

/** Superset's label of a column: the name, or the adhoc column's label (else its SQL). */
export function columnLabel(col: QueryColumn): string {
  return typeof col === "string" ? col : col.label || col.sqlExpression;
}

/** A dataset column's SQL: its calculated expression, or its quoted name. */
export function datasetColumnSql(column: DatasetColumnModel, ctx: CompileContext): string {
  return column.expression?.trim()
    ? `(${column.expression.trim()})`
    : ctx.dialect.quoteIdentifier(column.column_name);
}

/** The column as a timestamp (epoch numbers converted), for grains and time comparisons. */
export function temporalSql(
  column: DatasetColumnModel | undefined,
  sql: string,
  ctx: CompileContext,
): string {
  return column && isEpochFormat(column.python_date_format)
    ? ctx.dialect.epochToTimestamp(sql, column.python_date_format)
    : sql;
}

export function applyTimeGrain(sql: string, grain: string, ctx: CompileContext): string {
  const known = ctx.dialect.timeGrains;
  // Own keys only: `grain` is request text, and `in` would also find `toString` or `constructor`.
  if (known && !Object.hasOwn(known, grain)) {
    throw invalidPayload(`Unknown time grain "${grain}" for ${ctx.dialect.engine}`, { grain });
  }
  return ctx.dialect.timeGrainExpression(sql, grain);
}

/** The dataset column an adhoc column merely names (Superset's isColumnReference). */
export function referencedColumn(
  col: AdhocColumn,
  ctx: Pick<CompileContext, "columnsByName">,
): DatasetColumnModel | undefined {
  const name = col.sqlExpression.trim();
  const unquoted = /^"(.*)"$/s.exec(name)?.[1]?.replaceAll('""', '"');
  return (
    ctx.columnsByName.get(name) ?? (unquoted !== undefined ? ctx.columnsByName.get(unquoted) : undefined)
  );
}

/** Resolves a column reference, or returns undefined when the dataset has no such column. */
export function findColumn(col: QueryColumn, ctx: CompileContext): ResolvedColumn | undefined {
  const label = columnLabel(col);
  if (typeof col === "string") {
    const column = ctx.columnsByName.get(col);
    if (!column) return undefined;
    return {
      label,
      sql: datasetColumnSql(column, ctx),
      column,
      isTemporal: columnKind(column) === "temporal" || isEpochFormat(column.python_date_format),
    };
  }
  const column = referencedColumn(col, ctx);
  let resolved: ResolvedColumn;
  if (column) {
    resolved = {
      label,
      sql: datasetColumnSql(column, ctx),
      column,
      isTemporal: columnKind(column) === "temporal" || isEpochFormat(column.python_date_format),
    };
  } else if (col.isColumnReference) {
    return undefined;
  } else {
    const expression = validateSqlExpression(col.sqlExpression, {
      allowSubqueries: ctx.allowSubqueries,
      context: `column "${label}"`,
    });
    resolved = {
      label,
      sql: `(${expression})`,
      isTemporal: col.columnType === "BASE_AXIS" && (ctx.axisTypes?.get(col.sqlExpression) ?? true),
    };
  }
  // The grain truncates a temporal column only: a string or a number on the x-axis is grouped by
  // its own values, as in Superset (whose clients send the chart's grain with any x-axis). Custom
  // SQL naming no column is temporal on the x-axis if the database says it returns a time (the
  // caller asks it, as Superset does), and taken as one when it could not be asked.
  const grainable = resolved.column ? resolved.isTemporal || !!resolved.column.is_dttm : resolved.isTemporal;
  if (col.timeGrain && grainable) {
    resolved = {
      ...resolved,
      sql: applyTimeGrain(temporalSql(resolved.column, resolved.sql, ctx), col.timeGrain, ctx),
      isTemporal: true,
    };
  }
  return resolved;
}

/** Like findColumn, but an unknown column is an error (selected columns must exist). */
export function resolveColumn(col: QueryColumn, ctx: CompileContext): ResolvedColumn {
  const resolved = findColumn(col, ctx);
  if (!resolved) {
    const name = typeof col === "string" ? col : col.sqlExpression;
    throw columnNotFound(`Column "${name}" does not exist in this dataset`, { column: name });
  }
  return resolved;
}
