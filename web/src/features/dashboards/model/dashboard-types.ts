import type { DashboardChartRow as ChartRowReply, DashboardDetail, QueryFilter } from "@strata/contracts";
import type { ChartDataset, FormData } from "../../../components/charts";
import type { Owner } from "../../../components/owner-avatars";

/**
 * The fields of `GET /api/v1/dashboard/{id_or_slug}` the page reads; css and json_metadata may be
 * null (read as empty).
 */
export type DashboardResponse = Pick<
  DashboardDetail,
  | "id"
  | "dashboard_title"
  | "slug"
  | "url"
  | "published"
  | "position_json"
  | "certified_by"
  | "certification_details"
  | "last_modified_time"
> &
  Partial<Pick<DashboardDetail, "roles" | "changed_on" | "version">> & {
    css: string | null;
    json_metadata: string | null;
    owners: Owner[];
  };

/**
 * The fields of a chart row the dashboard reads (`GET /api/v1/dashboard/{id}/charts`, or
 * `GET /api/v1/chart/{id}` for a chart just added); the form data comes parsed or as params.
 */
export type DashboardChartRow = Pick<ChartRowReply, "id" | "slice_name" | "viz_type" | "datasource_id"> &
  Partial<Pick<ChartRowReply, "params" | "datasource_type" | "description" | "url">> & {
    form_data?: Partial<FormData> | null;
  };

/** A chart as the dashboard draws it. */
export interface DashboardChart {
  id: number;
  sliceName: string;
  vizType: string;
  datasourceId: number;
  formData: FormData;
  description?: string | null;
}

export interface FilterScope {
  rootPath?: string[];
  excluded?: number[];
}

export type NativeFilterType =
  | "filter_select"
  | "filter_range"
  | "filter_time"
  | "filter_timecolumn"
  | "filter_timegrain";

export interface FilterTarget {
  datasetId?: number;
  column?: { name: string };
}

/** 001 §3 native filter (and divider) of `native_filter_configuration`. */
export interface NativeFilter {
  id: string;
  type: "NATIVE_FILTER" | "DIVIDER";
  name?: string;
  title?: string;
  description?: string;
  filterType?: NativeFilterType;
  targets?: FilterTarget[];
  adhoc_filters?: unknown[];
  time_range?: string;
  granularity_sqla?: string;
  controlValues?: {
    enableEmptyFilter?: boolean;
    defaultToFirstItem?: boolean;
    multiSelect?: boolean;
    inverseSelection?: boolean;
    sortAscending?: boolean;
    [key: string]: unknown;
  };
  requiredFirst?: boolean;
  defaultDataMask?: Partial<DataMask>;
  cascadeParentIds?: string[];
  scope?: FilterScope;
  chartsInScope?: number[];
  tabsInScope?: string[];
  sortMetric?: string | null;
  [key: string]: unknown;
}

export interface ExtraFormData {
  filters?: QueryFilter[];
  time_range?: string;
  granularity_sqla?: string;
  time_grain_sqla?: string;
  adhoc_filters?: unknown[];
  [key: string]: unknown;
}

export interface FilterState {
  value?: unknown;
  label?: string;
  validateStatus?: "error" | "warning";
  validateMessage?: string;
  [key: string]: unknown;
}

/** 001 §3 data mask, per filter or chart. */
export interface DataMask {
  id: string;
  extraFormData: ExtraFormData;
  filterState: FilterState;
  ownState?: Record<string, unknown>;
}

export type DataMaskMap = Record<string, DataMask>;

/** 001 §3 dashboard metadata (json_metadata). */
export interface DashboardMetadata {
  native_filter_configuration?: NativeFilter[];
  chart_configuration?: Record<string, unknown>;
  global_chart_configuration?: Record<string, unknown>;
  cross_filters_enabled?: boolean;
  filter_bar_orientation?: "VERTICAL" | "HORIZONTAL";
  color_scheme?: string;
  color_namespace?: string;
  color_scheme_domain?: string[];
  label_colors?: Record<string, string>;
  shared_label_colors?: string[] | Record<string, string>;
  map_label_colors?: Record<string, string>;
  refresh_frequency?: number;
  stagger_refresh?: boolean | string;
  stagger_time?: number;
  timed_refresh_immune_slices?: number[];
  expanded_slices?: Record<string, boolean>;
  default_filters?: string;
  filter_scopes?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface DashboardInfo {
  id: number;
  title: string;
  slug: string | null;
  css: string;
  published: boolean;
  owners: Owner[];
  certifiedBy: string | null;
  certificationDetails: string | null;
  lastModifiedTime: number;
  url: string;
}

export type DatasetMap = Record<number, ChartDataset>;
