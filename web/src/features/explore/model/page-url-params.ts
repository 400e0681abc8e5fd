import type { FormData } from "../../../components/charts";
import { pageUrlParams } from "../../../lib/page-url-params";

/**
 * The Explore page's own URL parameters (`/explore/?slice_id=1&region=EU` → `{ region: "EU" }`)
 * as the form data's `url_params`, so every request Explore sends (the chart, samples, results,
 * the query view, downloads) lets SQL templates read them with `url_param()`, as in Superset.
 * `url_params` is a transient key: it is never saved with the chart nor marks it as altered.
 */
export function withPageUrlParams(fd: FormData, search: string): FormData {
  const { url_params: _previous, ...rest } = fd;
  const params = pageUrlParams(search);
  // Explore's own parameter (the dashboard it was opened from) is not the user's.
  delete params.dashboard_id;
  return Object.keys(params).length ? { ...rest, url_params: params } : rest;
}
