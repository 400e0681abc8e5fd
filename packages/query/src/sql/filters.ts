import type { QueryFilter } from "@strata/contracts";
import { isTrinoLike, type SqlDialect } from "../dialect.ts";
import { invalidPayload } from "../errors.ts";
import { type ColumnKind, columnKind, isEpochFormat } from "../model.ts";
import { toNaiveIso } from "../time/calendar.ts";
import { parseTimeRange, type TimeBounds } from "../time/time-range.ts";
import { columnLabel, findColumn, type ResolvedColumn } from "./columns.ts";
import type { CompileContext } from "./context.ts";
import type { ResolvedMetric } from "./metrics.ts";
import { asList, type FilterScalar, formatDate, normalizeFilterScalar, requireScalar } from "./values.ts";

export type FilterResult =
  | { status: "applied"; clause: "WHERE" | "HAVING"; column: string; sql: string | null; bounds?: TimeBounds }
  | { status: "rejected"; column: string; reason: "not_in_datasource" };

/** What a filter compares: a dataset column (WHERE) or a metric of the query or dataset (HAVING). */
interface FilterTarget {
  clause: "WHERE" | "HAVING";
  sql: string;
  kind: ColumnKind;
  column?: ResolvedColumn;
}

function findTarget(
  filter: QueryFilter,
  ctx: CompileContext,
  metrics: ResolvedMetric[],
): FilterTarget | undefined {
  // Filters compare raw values: a grain on an adhoc column does not apply here.
  const col = typeof filter.col === "string" ? filter.col : { ...filter.col, timeGrain: undefined };
  const column = findColumn(col, ctx);
  if (column) {
    const kind = column.column ? columnKind(column.column) : column.isTemporal ? "temporal" : "unknown";
    return { clause: "WHERE", sql: column.sql, kind, column };
  }
  if (typeof filter.col !== "string") return undefined;
  const metric = metrics.find((m) => m.label === filter.col);
  if (metric) return { clause: "HAVING", sql: metric.sql, kind: "numeric" };
  const saved = ctx.metricsByName.get(filter.col);
  if (saved) return { clause: "HAVING", sql: `(${saved.expression.trim()})`, kind: "numeric" };
  return undefined;
}

function bindScalar(value: FilterScalar, target: FilterTarget, ctx: CompileContext): string {
  if (value instanceof Date) return bindTemporal(value, target, ctx);
  return ctx.params.bind(value);
}

/** A date compared with the target column in the column's own representation. */
function bindTemporal(date: Date, target: FilterTarget, ctx: CompileContext): string {
  const column = target.column?.column;
  const format = column?.python_date_format;
  if (isEpochFormat(format))
    return ctx.params.bind(format === "epoch_ms" ? date.getTime() : date.getTime() / 1000);
  if (column && /CHAR|TEXT|STRING/i.test(column.type ?? "")) {
    return ctx.params.bind(formatDate(date, format || "%Y-%m-%d %H:%M:%S"));
  }
  const isDate = (column?.type ?? "").trim().toUpperCase() === "DATE";
  return ctx.params.bindDatetime(toNaiveIso(date), isDate ? "DATE" : "TIMESTAMP");
}

function inList(target: FilterTarget, values: FilterScalar[], negate: boolean, ctx: CompileContext): string {
  const hasNull = values.some((v) => v === null);
  const present = values.filter((v) => v !== null);
  const list = present.map((v) => bindScalar(v, target, ctx)).join(", ");
  const x = target.sql;
  if (!negate) {
    if (!present.length) return hasNull ? `${x} IS NULL` : "1 = 0";
    return hasNull ? `(${x} IN (${list}) OR ${x} IS NULL)` : `${x} IN (${list})`;
  }
  if (!present.length) return hasNull ? `${x} IS NOT NULL` : "1 = 1";
  return hasNull ? `(${x} NOT IN (${list}) AND ${x} IS NOT NULL)` : `${x} NOT IN (${list})`;
}

function temporalRange(filter: QueryFilter, target: FilterTarget, ctx: CompileContext) {
  const text = requireScalar(filter.val ?? null, filter.op, columnLabel(filter.col));
  if (text !== null && typeof text !== "string")
    throw invalidPayload("TEMPORAL_RANGE needs a time range text");
  const bounds = parseTimeRange(text, {
    now: ctx.now,
    relativeStart: ctx.relativeStart,
    relativeEnd: ctx.relativeEnd,
  });
  const temporalTarget = { ...target, kind: "temporal" as const };
  const parts: string[] = [];
  if (bounds.since) parts.push(`${target.sql} >= ${bindTemporal(bounds.since, temporalTarget, ctx)}`);
  if (bounds.until) parts.push(`${target.sql} < ${bindTemporal(bounds.until, temporalTarget, ctx)}`);
  return { sql: parts.length ? parts.join(" AND ") : null, bounds };
}

const COMPARISONS = { "==": "=", "!=": "<>", ">": ">", "<": "<", ">=": ">=", "<=": "<=" } as const;

function condition(filter: QueryFilter, target: FilterTarget, ctx: CompileContext): string {
  const x = target.sql;
  const label = columnLabel(filter.col);
  const one = () => normalizeFilterScalar(requireScalar(filter.val, filter.op, label), target.kind);
  const trino = isTrinoLike(ctx.dialect);
  switch (filter.op) {
    case "==":
    case "!=":
    case ">":
    case "<":
    case ">=":
    case "<=": {
      const value = one();
      if (value === null) {
        if (filter.op === "==") return `${x} IS NULL`;
        if (filter.op === "!=") return `${x} IS NOT NULL`;
        throw invalidPayload(`Filter "${label} ${filter.op}" needs a non-null value`);
      }
      return `${x} ${COMPARISONS[filter.op]} ${bindScalar(value, target, ctx)}`;
    }
    case "IN":
    case "NOT IN":
      return inList(
        target,
        asList(filter.val).map((v) => normalizeFilterScalar(v, target.kind)),
        filter.op === "NOT IN",
        ctx,
      );
    case "LIKE":
    case "NOT LIKE":
    case "ILIKE": {
      const pattern = normalizeFilterScalar(requireScalar(filter.val, filter.op, label), "string");
      if (typeof pattern !== "string")
        throw invalidPayload(`Filter "${label} ${filter.op}" needs a text pattern`);
      const bound = ctx.params.bind(likePattern(pattern, ctx.dialect));
      if (filter.op === "ILIKE") return trino ? `LOWER(${x}) LIKE LOWER(${bound})` : `${x} ILIKE ${bound}`;
      return `${x} ${filter.op} ${bound}`;
    }
    case "IS NULL":
      return `${x} IS NULL`;
    case "IS NOT NULL":
      return `${x} IS NOT NULL`;
    case "IS TRUE":
      return trino ? `${x} = TRUE` : `${x} IS TRUE`;
    case "IS FALSE":
      return trino ? `${x} = FALSE` : `${x} IS FALSE`;
    case "TEMPORAL_RANGE":
      throw new Error("TEMPORAL_RANGE is handled by temporalRange");
    default: {
      const never: never = filter.op;
      throw invalidPayload(`Unsupported filter operator ${String(never)}`);
    }
  }
}

/**
 * One query-object filter → a WHERE or HAVING condition with its values bound. A filter on a
 * column the dataset lacks is rejected (reported, not applied), as Superset does for dashboard
 * filters that reach charts of other datasets.
 */
export function compileFilter(
  filter: QueryFilter,
  ctx: CompileContext,
  metrics: ResolvedMetric[],
): FilterResult {
  const column = columnLabel(filter.col);
  const target = findTarget(filter, ctx, metrics);
  if (!target) return { status: "rejected", column, reason: "not_in_datasource" };
  if (filter.op === "TEMPORAL_RANGE") {
    const { sql, bounds } = temporalRange(filter, target, ctx);
    return { status: "applied", clause: target.clause, column, sql, bounds };
  }
  return { status: "applied", clause: target.clause, column, sql: condition(filter, target, ctx) };
}

/**
 * PostgreSQL reads a backslash in a LIKE pattern as an escape and refuses a pattern that ends in
 * one with nothing to escape ("LIKE pattern must not end with escape character"). Such a trailing
 * backslash can only have meant itself, so it is doubled; every other pattern, escapes included,
 * is the user's as written. The other engines have no default escape character.
 */
export function likePattern(pattern: string, dialect: SqlDialect): string {
  if (dialect.engine !== "postgresql") return pattern;
  const trailing = pattern.length - pattern.replace(/\\+$/, "").length;
  return trailing % 2 === 1 ? `${pattern}\\` : pattern;
}
