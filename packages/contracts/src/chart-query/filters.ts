import {
  ADHOC_FILTER_OPERATORS,
  type AdhocFilter,
  type AdhocFilterOperatorName,
  type QueryExtras,
  type QueryFilter,
  type QueryFilterOperator,
} from "../chart-data.ts";
import { NO_TIME_RANGE } from "../time-range.ts";
import type { ChartDataset } from "./types.ts";
import { findColumn } from "./labels.ts";

const SYMBOLS = new Set<string>(Object.values(ADHOC_FILTER_OPERATORS).filter(Boolean) as string[]);

/** The query operator of an adhoc filter (its 002 §3 id, or the symbol it already carries). */
export function filterOperator(filter: {
  operator?: string;
  operatorId?: string;
}): QueryFilterOperator | null {
  const id = (filter.operatorId ?? filter.operator) as AdhocFilterOperatorName | undefined;
  if (id && id in ADHOC_FILTER_OPERATORS) return ADHOC_FILTER_OPERATORS[id];
  if (filter.operator && SYMBOLS.has(filter.operator)) return filter.operator as QueryFilterOperator;
  if (filter.operator === "NOT LIKE") return "NOT LIKE";
  return null;
}

const NO_VALUE = new Set(["IS NULL", "IS NOT NULL", "IS TRUE", "IS FALSE"]);
const MULTI = new Set(["IN", "NOT IN"]);

const NUMERIC = /^(TINYINT|SMALLINT|INT|INTEGER|BIGINT|HUGEINT|DECIMAL|NUMERIC|REAL|FLOAT|DOUBLE|LONG)/i;

function typed(value: unknown, numeric: boolean): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "boolean") return value;
  const s = String(value);
  if (numeric && s.trim() !== "" && Number.isFinite(Number(s))) return Number(s);
  return s;
}

/** A SIMPLE adhoc filter as a query-object filter; null when it has no query form. */
export function simpleFilterClause(
  filter: Extract<AdhocFilter, { expressionType: "SIMPLE" }>,
  dataset?: ChartDataset,
): QueryFilter | null {
  const op = filterOperator(filter);
  if (!op) return null;
  if (NO_VALUE.has(op)) return { col: filter.subject, op };
  const column = typeof filter.subject === "string" ? findColumn(dataset, filter.subject) : undefined;
  const numeric = NUMERIC.test(column?.type ?? "");
  const comparator = filter.comparator;
  if (MULTI.has(op)) {
    const values = Array.isArray(comparator) ? comparator : comparator == null ? [] : [comparator];
    return { col: filter.subject, op, val: values.map((v) => typed(v, numeric)) };
  }
  const single = Array.isArray(comparator) ? comparator[0] : comparator;
  if (op === "TEMPORAL_RANGE")
    return { col: filter.subject, op, val: single == null ? NO_TIME_RANGE : String(single) };
  return { col: filter.subject, op, val: typed(single, numeric) };
}

/**
 * Superset's processFilters: SIMPLE WHERE filters become `filters`, custom SQL goes to
 * `extras.where` / `extras.having`, each wrapped in parentheses and joined with AND.
 */
export function processFilters(
  adhocFilters: AdhocFilter[] | undefined,
  dataset?: ChartDataset,
): { filters: QueryFilter[]; extras: Pick<QueryExtras, "where" | "having"> } {
  const filters: QueryFilter[] = [];
  const where: string[] = [];
  const having: string[] = [];
  for (const filter of adhocFilters ?? []) {
    if (filter.expressionType === "SIMPLE") {
      if ((filter.clause ?? "WHERE") !== "WHERE") continue;
      const clause = simpleFilterClause(filter, dataset);
      if (clause) filters.push(clause);
    } else if (filter.sqlExpression?.trim()) {
      ((filter.clause ?? "WHERE") === "WHERE" ? where : having).push(filter.sqlExpression.trim());
    }
  }
  const extras: Pick<QueryExtras, "where" | "having"> = {};
  if (where.length) extras.where = where.map((s) => `(${s})`).join(" AND ");
  if (having.length) extras.having = having.map((s) => `(${s})`).join(" AND ");
  return { filters, extras };
}

/**
 * A dashboard's extra filters (native and cross filters) as adhoc WHERE filters marked `isExtra`.
 * A column may be custom SQL (a deck.gl path or polygon cross filter): it stays the filter's
 * subject, and the query compiler checks the expression and binds the compared value.
 */
export function extraFiltersAsAdhoc(
  filters: readonly { col: unknown; op: string; val?: unknown }[],
): AdhocFilter[] {
  return filters.map(
    (f) =>
      ({
        expressionType: "SIMPLE",
        clause: "WHERE",
        subject: f.col,
        operator: f.op,
        comparator: f.val,
        isExtra: true,
      }) as AdhocFilter,
  );
}
