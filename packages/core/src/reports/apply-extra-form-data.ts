import {
  ADHOC_FILTER_OPERATORS,
  type QueryFilter,
  QUERY_FILTER_OPERATORS,
  type QueryObject,
} from "@strata/contracts";
import type { AdhocFilterLike, ExtraFormData } from "./native-filters.ts";

/**
 * Puts a dashboard's native filter state into one saved query, as the dashboard page does before
 * it asks for a chart's data: value filters are added, a time range replaces the chart's own (on
 * its time column, or the column the filter names), a time column or grain overrides the chart's,
 * and custom SQL filters are added to WHERE or HAVING. The query compiler still checks every
 * piece (columns exist, custom SQL is one expression), so the report runs no SQL the page could not.
 */

const OPERATORS = new Set<string>(QUERY_FILTER_OPERATORS);

/** A form-data operator (`IN`, `EQUALS`, `==`) as the query object's. */
function queryOperator(op: string | undefined): QueryFilter["op"] | undefined {
  if (!op) return undefined;
  if (OPERATORS.has(op)) return op as QueryFilter["op"];
  // Own keys only: the operator is stored user text, and `constructor` would find Object's.
  if (!Object.hasOwn(ADHOC_FILTER_OPERATORS, op)) return undefined;
  const mapped = (ADHOC_FILTER_OPERATORS as Record<string, QueryFilter["op"] | null>)[op];
  return mapped ?? undefined;
}

const and = (a: string | undefined, b: string | undefined) => (a && b ? `(${a}) AND (${b})` : a || b);

/** Simple adhoc filters become query filters; custom SQL ones become WHERE / HAVING text. */
function adhocParts(adhoc: AdhocFilterLike[]) {
  const filters: QueryFilter[] = [];
  let where: string | undefined;
  let having: string | undefined;
  for (const f of adhoc) {
    if (f.expressionType === "SQL") {
      const sql = typeof f.sqlExpression === "string" ? f.sqlExpression.trim() : "";
      if (!sql) continue;
      if (String(f.clause).toUpperCase() === "HAVING") having = and(having, sql);
      else where = and(where, sql);
      continue;
    }
    const op = queryOperator(f.operator);
    if (typeof f.subject !== "string" || !op) continue;
    filters.push({ col: f.subject, op, val: f.comparator as QueryFilter["val"], isExtra: true });
  }
  return { filters, where, having };
}

/**
 * One query with the extra form data applied. `temporalColumn` is the chart's time column when
 * the query has no time filter of its own (its form data's, else its dataset's main one).
 */
export function applyExtraFormData(
  query: QueryObject,
  extra: ExtraFormData,
  temporalColumn: string | undefined,
): QueryObject {
  const out: QueryObject = { ...query, extras: { ...(query.extras ?? {}) } };
  let filters: QueryFilter[] = [...(query.filters ?? [])];
  if (extra.granularity_sqla) out.granularity = extra.granularity_sqla;
  if (extra.time_grain_sqla) {
    out.extras = { ...out.extras, time_grain_sqla: extra.time_grain_sqla };
    // The x axis of a time-series chart carries its own grain; the filter's wins, as on screen.
    out.columns = query.columns?.map((c) =>
      typeof c === "object" && c.columnType === "BASE_AXIS" ? { ...c, timeGrain: extra.time_grain_sqla } : c,
    );
  }
  if (extra.time_range) {
    out.time_range = extra.time_range;
    let replaced = false;
    filters = filters.map((f) => {
      if (f.op !== "TEMPORAL_RANGE") return f;
      if (extra.granularity_sqla && f.col !== extra.granularity_sqla) return f;
      replaced = true;
      return { ...f, val: extra.time_range };
    });
    const col = extra.granularity_sqla ?? temporalColumn;
    if (!replaced && col) filters.push({ col, op: "TEMPORAL_RANGE", val: extra.time_range, isExtra: true });
  }
  filters.push(...(extra.filters ?? []).map((f) => ({ ...f, isExtra: true })));
  const adhoc = adhocParts(extra.adhoc_filters ?? []);
  filters.push(...adhoc.filters);
  const where = and(and(out.extras?.where || undefined, extra.extras?.where), adhoc.where);
  const having = and(and(out.extras?.having || undefined, extra.extras?.having), adhoc.having);
  if (where) out.extras = { ...out.extras, where };
  if (having) out.extras = { ...out.extras, having };
  out.filters = filters;
  return out;
}
