/**
 * The reply of `/superset/explore_json/` for a legacy viz type: Superset's `viz.py` payload. `data`
 * is in the shape of that viz type's `get_data` (null when the query returned no rows); other viz
 * types are answered with the chart-data item plus `form_data` instead.
 */
export interface ExploreJsonPayload<Data = unknown> {
  cache_key: string | null;
  cached_dttm: string | null;
  cache_timeout: number | null;
  error: string | null;
  errors: unknown[];
  form_data: Record<string, unknown>;
  is_cached: boolean;
  /** The SQL that ran; null for an embedded guest. */
  query: string | null;
  /** Epoch milliseconds of the query's time range. */
  from_dttm: number | null;
  to_dttm: number | null;
  status: string | null;
  stacktrace: string | null;
  rowcount: number;
  data: Data | null;
  applied_filters: unknown[];
  rejected_filters: unknown[];
  colnames?: string[];
}

/** deck.gl layers' `data` (deck_arc answers without `metricLabels`). */
export interface DeckLayerData {
  features: Record<string, unknown>[];
  mapboxApiKey: string;
  metricLabels?: string[];
}

/** deck_multi's `data`: the layers' saved charts, which the plugin then asks for one by one. */
export interface DeckMultiData {
  mapboxApiKey: string;
  slices: {
    slice_id: number;
    slice_name: string;
    slice_url: string;
    datasource: string;
    description: string | null;
    cache_timeout: number | null;
    certified_by: string | null;
    certification_details: string | null;
    is_managed_externally: boolean;
    form_data: Record<string, unknown>;
  }[];
}
