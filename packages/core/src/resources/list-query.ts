import {
  DEFAULT_PAGE_SIZE,
  FILTER_OPERATORS,
  type FilterOperator,
  isEmptyFilterValue,
  type ListFilter,
  type ListQuery,
  type ListResponse,
} from "@strata/contracts";
import { badRequest } from "../errors.ts";

/** A list row: any fields, and an id. */
export type ListRow = Record<string, unknown> & { id: number };
type Row = ListRow;
export type NamedFilter<R> = (row: R, value: unknown) => boolean;

/** How one resource's rows may be filtered, sorted and projected. */
export interface ListSpec<R extends Row> {
  /** Columns the column operators may target. */
  filterColumns: string[];
  orderColumns: string[];
  defaultOrder?: { column: string; direction: "asc" | "desc" };
  /** Sort by another value than the column itself (e.g. *_humanized → the timestamp). */
  sortValue?: Record<string, (row: R) => unknown>;
  /** Named filters, used as `opr`. */
  named?: Record<string, NamedFilter<R>>;
}

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v)).toLowerCase();
/** A relation is `{id}`, a bare id, or a list of either. */
const idOf = (v: unknown) => (v && typeof v === "object" && "id" in v ? (v as { id: unknown }).id : v);
const looseEq = (a: unknown, b: unknown) => {
  const x = idOf(a);
  if (typeof x === "boolean" || typeof b === "boolean") return String(x) === String(b);
  if (typeof x === "number" || typeof b === "number") return Number(x) === Number(b);
  return text(x) === text(b);
};
/**
 * One collator for every comparison: `localeCompare` with a locale and options builds one per
 * call, which made sorting 1,500 charts for the chart list take some 35 ms. Same order.
 */
const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });
const compare = (a: unknown, b: unknown): number => {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
};

/**
 * The id an equality filter on `col` names, if the list has one (a number or digits): lists that
 * read by owner use it to read only that owner's records. The filter still applies as usual.
 */
export function idFilter(filters: readonly ListFilter[] | undefined, col: string): number | undefined {
  for (const f of filters ?? []) {
    if (f.col !== col || (f.opr !== "eq" && f.opr !== "rel_o_m")) continue;
    const id = typeof f.value === "string" && /^\d+$/.test(f.value) ? Number(f.value) : f.value;
    if (typeof id === "number" && Number.isSafeInteger(id) && id > 0) return id;
  }
  return undefined;
}

/** Date or date-time text as list filters send it (`2026-11-28`, `2026-11-28T10:00:00.000Z`). */
const DATE_TEXT = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?)?$/;
const DAY_MS = 86_400_000;

/**
 * A moment in ms from a timestamp, or from date text: a zone-less text is UTC, as the server keeps
 * its times. `end` reads a date alone as the last moment of its day, so that a range ending on a
 * day includes that day.
 */
function instant(x: unknown, end = false): number | undefined {
  if (typeof x === "number") return Number.isFinite(x) ? x : undefined;
  if (typeof x !== "string") return undefined;
  const m = DATE_TEXT.exec(x.trim());
  if (!m) return undefined;
  const ms = Date.parse(m[2] ? `${m[1]}T${m[2]}${m[3] ?? "Z"}` : `${m[1]}T00:00:00Z`);
  if (Number.isNaN(ms)) return undefined;
  return !m[2] && end ? ms + DAY_MS - 1 : ms;
}

/**
 * Compares as moments when one side is a timestamp in ms and the other date text (a query's
 * `start_time` filtered by the dates a range picker sends), or both are date text; otherwise
 * as values. Two numbers stay numbers: an id is no moment.
 */
function compareValues(actual: unknown, bound: unknown, end = false): number {
  if (typeof actual !== "number" || typeof bound !== "number") {
    const a = instant(actual);
    const b = instant(bound, end);
    if (a !== undefined && b !== undefined) return a - b;
  }
  return compare(actual, bound);
}

export function matchOperator(op: FilterOperator, actual: unknown, value: unknown): boolean {
  switch (op) {
    case "sw":
      return text(actual).startsWith(text(value));
    case "ew":
      return text(actual).endsWith(text(value));
    case "ct":
      return text(actual).includes(text(value));
    case "nsw":
      return !text(actual).startsWith(text(value));
    case "new":
      return !text(actual).endsWith(text(value));
    case "nct":
      return !text(actual).includes(text(value));
    case "eq":
      return Array.isArray(actual) ? actual.some((a) => looseEq(a, value)) : looseEq(actual, value);
    case "neq":
      return Array.isArray(actual) ? !actual.some((a) => looseEq(a, value)) : !looseEq(actual, value);
    case "gt":
      return actual !== null && actual !== undefined && compareValues(actual, value) > 0;
    case "lt":
      return actual !== null && actual !== undefined && compareValues(actual, value) < 0;
    case "rel_o_m":
      return looseEq(actual, value);
    case "rel_m_m":
      return Array.isArray(actual) && actual.some((a) => looseEq(a, value));
    case "between": {
      if (!Array.isArray(value) || value.length !== 2)
        throw badRequest("between needs a value of two bounds");
      if (actual === null || actual === undefined) return false;
      return compareValues(actual, value[0]) >= 0 && compareValues(actual, value[1], true) <= 0;
    }
    default: {
      const never: never = op;
      throw badRequest(`Unknown operator ${String(never)}`);
    }
  }
}

function toPredicate<R extends Row>(f: ListFilter, spec: ListSpec<R>): ((row: R) => boolean) | undefined {
  if (isEmptyFilterValue(f.value)) return undefined; // 000 §5: empty or null filters are dropped
  // `opr` is request text: only the spec's own named filters count, never Object.prototype's
  // methods (`constructor` would match every row, `hasOwnProperty` throw on the row).
  const named = spec.named && Object.hasOwn(spec.named, f.opr) ? spec.named[f.opr] : undefined;
  if (named) return (row) => named(row, f.value);
  if (!(FILTER_OPERATORS as readonly string[]).includes(f.opr)) {
    throw badRequest(`Filter operator ${f.opr} is not supported on ${f.col}`);
  }
  if (!spec.filterColumns.includes(f.col)) throw badRequest(`Filter column: ${f.col} not allowed to filter`);
  const op = f.opr as FilterOperator;
  if (op === "between" && (!Array.isArray(f.value) || f.value.length !== 2)) {
    throw badRequest("between needs a value of two bounds");
  }
  return (row) => matchOperator(op, row[f.col], f.value);
}

/** Filters, sorts, pages and projects in-memory rows the way Superset's list endpoints do. */
export function applyListQuery<R extends Row>(
  rows: R[],
  q: ListQuery,
  spec: ListSpec<R>,
): ListResponse<Partial<R>> {
  const predicates = (q.filters ?? []).map((f) => toPredicate(f, spec)).filter((p) => p !== undefined);
  const kept = rows.filter((row) => predicates.every((p) => p(row)));

  const column = q.order_column ?? spec.defaultOrder?.column;
  if (column !== undefined) {
    if (!spec.orderColumns.includes(column)) throw badRequest(`Order column ${column} is not allowed`);
    const fallback = q.order_column === undefined ? spec.defaultOrder?.direction : "asc";
    const dir = (q.order_direction ?? fallback ?? "asc") === "desc" ? -1 : 1;
    const value = spec.sortValue?.[column] ?? ((row: R) => row[column]);
    kept.sort((a, b) => {
      const av = value(a);
      const bv = value(b);
      const byValue =
        av === null || av === undefined || bv === null || bv === undefined
          ? compare(av, bv)
          : dir * compare(av, bv);
      return byValue || a.id - b.id;
    });
  }

  const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
  const page = q.page ?? 0;
  const slice = kept.slice(page * pageSize, page * pageSize + pageSize);
  const select = q.select_columns ?? q.columns;
  const result = select?.length ? slice.map((row) => project(row, select)) : slice;
  return { count: kept.length, ids: slice.map((r) => r.id), result };
}

/** `select_columns` may name nested fields (`database.database_name`). */
function project<R extends Row>(row: R, columns: string[]): Partial<R> {
  const out: Record<string, unknown> = {};
  // Column names are request text: only a row's own fields are read, so `constructor` or
  // `__proto__.x` select nothing rather than Object.prototype's members.
  const own = (o: Record<string, unknown>, key: string) => (Object.hasOwn(o, key) ? o[key] : undefined);
  for (const col of columns) {
    const [head, ...rest] = col.split(".");
    if (!Object.hasOwn(row, head)) continue;
    const value = row[head];
    if (rest.length === 0 || value === null || typeof value !== "object") {
      out[head] = value;
      continue;
    }
    const field = rest.join(".");
    const pick = (v: Record<string, unknown>) => ({ ...(out[head] as object), [field]: own(v, field) });
    out[head] = Array.isArray(value)
      ? value.map((v) => ({ [field]: v && typeof v === "object" ? own(v, field) : undefined }))
      : pick(value as Record<string, unknown>);
  }
  return out as Partial<R>;
}

/** Pages `{value, text}` options for related/distinct endpoints with a case-insensitive search. */
export function pageOptions<T extends { text: string }>(
  items: T[],
  filter = "",
  page = 0,
  pageSize = DEFAULT_PAGE_SIZE,
) {
  const needle = filter.trim().toLowerCase();
  const kept = needle ? items.filter((i) => i.text.toLowerCase().includes(needle)) : items;
  return { count: kept.length, result: kept.slice(page * pageSize, page * pageSize + pageSize) };
}
