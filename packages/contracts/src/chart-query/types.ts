import type { AdhocFilter, QueryColumn, QueryMetric } from "../chart-data.ts";
import type { DatasetColumn, DatasetMetric } from "../dataset.ts";
import type { ExploreDataset } from "../explore.ts";

/** A dataset column as Explore sees it (GET /api/v1/explore/ → dataset.columns). */
export type ChartColumn = Pick<
  DatasetColumn,
  | "column_name"
  | "type"
  | "type_generic"
  | "is_dttm"
  | "groupby"
  | "filterable"
  | "expression"
  | "verbose_name"
>;

/** A saved metric of a dataset. */
export type ChartMetric = Pick<DatasetMetric, "metric_name" | "expression" | "verbose_name" | "d3format">;

/**
 * The datasource of a chart (Explore's `dataset`, or a dashboard's datasets): the fields charts
 * read, most of them optional since a dataset detail without Explore's additions also does.
 */
export interface ChartDataset extends Pick<ExploreDataset, "id" | "type" | "table_name"> {
  datasource_name?: string | null;
  schema?: string | null;
  database?: { id: number; database_name: string; backend?: string | null } | null;
  columns: ChartColumn[];
  metrics: ChartMetric[];
  main_dttm_col?: string | null;
  time_grain_sqla?: [string, string][] | null;
  verbose_map?: Record<string, string> | null;
}

/**
 * Chart form data (000 §3): `datasource` is `{id}__table`, `viz_type` a Superset key; every
 * visualisation adds its own control values.
 */
export interface FormData {
  datasource: string;
  viz_type: string;
  slice_id?: number | null;
  adhoc_filters?: AdhocFilter[];
  metrics?: QueryMetric[];
  metric?: QueryMetric | null;
  /** Most visualisations group by a list; heatmap and waterfall keep a single column. */
  groupby?: QueryColumn[] | QueryColumn;
  row_limit?: number | string | null;
  time_range?: string | null;
  granularity_sqla?: string | null;
  time_grain_sqla?: string | null;
  [control: string]: unknown;
}

/** Per-chart state a renderer owns and a query reads (table server pagination). */
export interface OwnState {
  currentPage?: number;
  pageSize?: number;
}
