/**
 * `GET /dynamic-plugins/api/read`: Superset's dynamic visualisation plugins, in the shape of
 * Flask-AppBuilder's model-view read API (the SPA reads `result[].key` and `bundle_url`).
 * Strata's visualisations are built in, so the list is always empty.
 */
export interface DynamicPlugin {
  id: number;
  name: string;
  key: string;
  bundle_url: string;
}

export interface DynamicPluginsReply {
  count: number;
  label_columns: Record<string, string>;
  list_columns: string[];
  modelview_name: string;
  order_columns: string[];
  page: number | null;
  page_size: number | null;
  pks: number[];
  result: DynamicPlugin[];
}
