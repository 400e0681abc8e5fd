import {
  ADHOC_FILTER_OPERATORS,
  type AdhocFilter,
  type AdhocFilterOperatorName,
  type FilterValue,
  QUERY_FILTER_OPERATORS,
  type QueryFilter,
  type QueryFilterOperator,
} from "@strata/contracts";
import { invalidPayload } from "../errors.ts";

export interface ConvertedAdhocFilters {
  /** SIMPLE filters (WHERE and HAVING; a HAVING subject names a metric, which compiles to HAVING). */
  filters: QueryFilter[];
  /** SQL WHERE filters, each parenthesised, joined with AND ("" when none). */
  where: string;
  /** SQL HAVING filters, likewise. */
  having: string;
}

const UNARY: ReadonlySet<QueryFilterOperator> = new Set(["IS NULL", "IS NOT NULL", "IS TRUE", "IS FALSE"]);

/** 002 §3 names (EQUALS …) and SQL symbols (==) both map to the query-object operator. */
export function toQueryOperator(operator: string, operatorId?: string): QueryFilterOperator {
  const name = operatorId ?? operator;
  // Own keys only: the operator is request text, and `in` would also find `toString`.
  if (Object.hasOwn(ADHOC_FILTER_OPERATORS, name)) {
    const symbol = ADHOC_FILTER_OPERATORS[name as AdhocFilterOperatorName];
    if (symbol === null) throw invalidPayload(`The ${name} filter operator is not supported by this engine`);
    return symbol;
  }
  if ((QUERY_FILTER_OPERATORS as readonly string[]).includes(operator))
    return operator as QueryFilterOperator;
  throw invalidPayload(`Unknown filter operator: ${operator}`);
}

function isEmptyComparator(value: FilterValue | undefined): boolean {
  return (
    value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)
  );
}

/**
 * Form data's adhoc filters → query-object filters and extras, as Superset's clients build them:
 * SIMPLE filters become `{col, op, val}` (incomplete ones — no comparator — are dropped, as the
 * explore view never sends them), SQL filters are ANDed into extras.where / extras.having.
 * Custom SQL is validated later, when the query compiles.
 */
export function convertAdhocFilters(
  adhocFilters: readonly AdhocFilter[] | null | undefined,
): ConvertedAdhocFilters {
  const filters: QueryFilter[] = [];
  const where: string[] = [];
  const having: string[] = [];
  for (const filter of adhocFilters ?? []) {
    if (filter.expressionType === "SQL") {
      (filter.clause === "HAVING" ? having : where).push(`(${filter.sqlExpression.trim()})`);
      continue;
    }
    const op = toQueryOperator(filter.operator, filter.operatorId);
    if (UNARY.has(op)) {
      filters.push({ col: filter.subject, op });
      continue;
    }
    if (isEmptyComparator(filter.comparator)) continue;
    const val =
      (op === "IN" || op === "NOT IN") && !Array.isArray(filter.comparator)
        ? [filter.comparator ?? null]
        : filter.comparator;
    filters.push({ col: filter.subject, op, val, ...(filter.isExtra ? { isExtra: true } : {}) });
  }
  return { filters, where: where.join(" AND "), having: having.join(" AND ") };
}
