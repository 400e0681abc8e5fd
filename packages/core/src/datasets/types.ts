import type { Entity } from "../store/meta-store.ts";

export interface ColumnData {
  id: number;
  column_name: string;
  type: string | null;
  advanced_data_type: string | null;
  verbose_name: string | null;
  description: string | null;
  expression: string | null;
  filterable: boolean;
  groupby: boolean;
  is_active: boolean;
  is_dttm: boolean;
  python_date_format: string | null;
  uuid: string;
  extra: string | null;
}

export interface MetricData {
  id: number;
  metric_name: string;
  expression: string;
  description: string | null;
  metric_type: string | null;
  d3format: string | null;
  currency: unknown;
  verbose_name: string | null;
  warning_text: string | null;
  uuid: string;
  extra: string | null;
}

export interface DatasetData {
  table_name: string;
  database_id: number;
  schema: string | null;
  catalog: string | null;
  sql: string | null;
  description: string | null;
  main_dttm_col: string | null;
  filter_select_enabled: boolean;
  fetch_values_predicate: string | null;
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
  offset: number;
  default_endpoint: string | null;
  cache_timeout: number | null;
  is_sqllab_view: boolean;
  template_params: string | null;
  extra: string | null;
  is_managed_externally: boolean;
  external_url: string | null;
  owners: number[];
  uuid: string;
  columns: ColumnData[];
  metrics: MetricData[];
}
export type DatasetEntity = Entity<DatasetData>;
export const DATASET = "dataset";

/** Certification lives in `extra` JSON: {"certification": {"certified_by", "details"}, "warning_markdown"}. */
export function certificationOf(extra: string | null): {
  certified_by: string | null;
  certification_details: string | null;
} {
  try {
    const parsed = extra
      ? (JSON.parse(extra) as { certification?: { certified_by?: string; details?: string } })
      : {};
    return {
      certified_by: parsed.certification?.certified_by ?? null,
      certification_details: parsed.certification?.details ?? null,
    };
  } catch {
    return { certified_by: null, certification_details: null };
  }
}
