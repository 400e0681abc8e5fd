import type { ExploreJsonPayload } from "@strata/contracts";
import type { FormData } from "./viz.ts";

/**
 * The reply of Superset's legacy `viz.py` (`get_payload`): the query's cache and run facts, the
 * form data it was asked with, and `data` in the chart's own shape. `meta` is a chart-data item's
 * fields as the caller may read them.
 */
export function vizPayload(
  meta: Record<string, unknown>,
  formData: FormData,
  data: unknown,
): ExploreJsonPayload {
  const num = (v: unknown) => (typeof v === "number" ? v : null);
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  return {
    cache_key: text(meta.cache_key),
    cached_dttm: text(meta.cached_dttm),
    cache_timeout: num(meta.cache_timeout),
    error: null,
    errors: [],
    form_data: formData,
    is_cached: !!meta.is_cached,
    query: text(meta.query),
    from_dttm: num(meta.from_dttm),
    to_dttm: num(meta.to_dttm),
    status: text(meta.status) ?? "success",
    stacktrace: null,
    rowcount: num(meta.rowcount) ?? 0,
    data: data ?? null,
    applied_filters: Array.isArray(meta.applied_filters) ? meta.applied_filters : [],
    rejected_filters: Array.isArray(meta.rejected_filters) ? meta.rejected_filters : [],
    colnames: Array.isArray(meta.colnames) ? (meta.colnames as string[]) : [],
  };
}
