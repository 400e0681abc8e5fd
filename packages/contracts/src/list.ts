import * as v from "valibot";

/** Column filter operators of the generic list API (000 §3). */
export const FILTER_OPERATORS = [
  "sw",
  "ew",
  "ct",
  "eq",
  "nsw",
  "new",
  "nct",
  "neq",
  "gt",
  "lt",
  "rel_m_m",
  "rel_o_m",
  "between",
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Named filters: one per purpose, applied with `opr` set to the name. */
export const NAMED_FILTERS = [
  "title_or_slug",
  "name_or_description",
  "all_text",
  "chart_all_text",
  "dataset_is_null_or_empty",
  "is_favorite",
  "is_certified",
  "tags",
] as const;
export type NamedFilter = (typeof NAMED_FILTERS)[number];

const FilterValue = v.union([
  v.string(),
  v.number(),
  v.boolean(),
  v.null(),
  v.array(v.union([v.string(), v.number(), v.boolean(), v.null()])),
]);

export const ListFilterSchema = v.strictObject({
  col: v.string(),
  opr: v.string(),
  value: v.optional(FilterValue),
});
export type ListFilter = v.InferOutput<typeof ListFilterSchema>;

const NonNegativeInt = v.pipe(v.number(), v.integer(), v.minValue(0));

export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 25;

export const ListQuerySchema = v.strictObject({
  filters: v.optional(v.array(ListFilterSchema)),
  order_column: v.optional(v.string()),
  order_direction: v.optional(v.picklist(["asc", "desc"])),
  page: v.optional(NonNegativeInt),
  page_size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PAGE_SIZE))),
  select_columns: v.optional(v.array(v.string())),
  columns: v.optional(v.array(v.string())),
  keys: v.optional(v.array(v.string())),
});
export type ListQuery = v.InferOutput<typeof ListQuerySchema>;

/** `related/{column}` and `distinct/{column}` take `filter` (a search text) and paging. */
export const RelatedQuerySchema = v.strictObject({
  filter: v.optional(v.string()),
  page: v.optional(NonNegativeInt),
  page_size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PAGE_SIZE))),
  include_ids: v.optional(v.array(v.number())),
});
export type RelatedQuery = v.InferOutput<typeof RelatedQuerySchema>;

export const InfoQuerySchema = v.strictObject({
  keys: v.optional(v.array(v.string())),
});

/** `GET /api/v1/{resource}/_info?q=(keys:!(…))`: the keys asked for (both by default). */
export interface InfoReply {
  /** The caller's permissions on the resource (`can_read`, `can_write`, …). */
  permissions?: string[];
  /** The filterable columns and their operators. */
  filters?: Record<string, { name: string; operator: string }[]>;
}

/**
 * `?q=!(1,2,3)`: the ids of a bulk delete or a favourite-status question, each once, in the order
 * first given. A repeated id names the same item: a bulk delete that checked and deleted it twice
 * would find it gone the second time and report the whole request as not found.
 */
export const IdListSchema = v.pipe(
  v.array(v.pipe(v.number(), v.integer(), v.minValue(1))),
  v.transform((ids) => [...new Set(ids)]),
);

/** The list envelope Superset returns. */
export interface ListResponse<T> {
  count: number;
  ids: number[];
  result: T[];
  list_columns?: string[];
  order_columns?: string[];
  list_title?: string;
}

export interface RelatedItem {
  value: number | string;
  text: string;
  extra?: Record<string, unknown>;
}

/** Filters whose value is empty or null are dropped (000 §5). */
export function isEmptyFilterValue(value: unknown): boolean {
  return (
    value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)
  );
}
