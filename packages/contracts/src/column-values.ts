import * as v from "valibot";

/**
 * `GET /api/v1/datasource/{type}/{id}/column/{column}/values/`: the distinct values of one column
 * (Superset's filter value suggestions).
 */

/** Superset's FILTER_SELECT_ROW_LIMIT: at most this many distinct values come back. */
export const FILTER_SELECT_ROW_LIMIT = 10_000;

const flag = v.pipe(
  v.picklist(["true", "false", "1", "0"]),
  v.transform((s) => s === "true" || s === "1"),
);

/** The query string: `q` narrows to values containing it (case-insensitive), `force` skips the cache. */
export const ColumnValuesQuerySchema = v.strictObject({
  q: v.optional(v.pipe(v.string(), v.maxLength(1000))),
  force: v.optional(flag),
});
export type ColumnValuesQuery = v.InferOutput<typeof ColumnValuesQuerySchema>;

const Value = v.union([v.string(), v.number(), v.boolean(), v.null()]);
export type ColumnValue = v.InferOutput<typeof Value>;

export const ColumnValuesResponseSchema = v.object({
  result: v.array(Value),
  limit: v.optional(v.number()),
});
export type ColumnValuesResponse = v.InferOutput<typeof ColumnValuesResponseSchema>;

export function columnValuesPath(datasetId: number, column: string, type = "table"): string {
  return `/api/v1/datasource/${type}/${datasetId}/column/${encodeURIComponent(column)}/values/`;
}
