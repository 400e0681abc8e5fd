/**
 * Query-string parameters Superset's pages use for themselves (filters state, permalinks, view
 * options); every other parameter of a dashboard's or chart's URL is a user's `url_params`,
 * which SQL templates read with `{{ url_param('name') }}`.
 */
const RESERVED = new Set([
  "standalone",
  "edit",
  "native_filters",
  "native_filters_key",
  "permalink_key",
  "preselect_filters",
  "show_filters",
  "expand_filters",
  "focused_chart",
  "slice_id",
  "form_data",
  "form_data_key",
  "dashboard_page_id",
  "datasource_id",
  "datasource_type",
  "save_action",
  "viz_type",
  "force",
  "height",
  "uiConfig",
  "show_title",
  "hide_title",
]);

/** The page's own `url_params` (Superset's `getUrlParams('regular')`), from `search`. */
export function pageUrlParams(search: string = globalThis.location?.search ?? ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) if (!RESERVED.has(key)) out[key] = value;
  return out;
}
