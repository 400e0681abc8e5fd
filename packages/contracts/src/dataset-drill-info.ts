import * as v from "valibot";

/**
 * `GET /api/v1/dataset/{id}/drill_info/`: what drill-by and drill-to-detail need of a dataset,
 * and no more (no SQL, no database), so a dashboard's viewer can ask for it.
 */

/** `?q=(dashboard_id:…)`: the dashboard the drill starts from (Superset's client always sends it). */
export const DrillInfoQuerySchema = v.strictObject({
  dashboard_id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});

/** A person named on the dataset: names only, never an email. */
export interface DrillInfoUser {
  first_name: string;
  last_name: string;
}

export interface DrillInfoColumn {
  column_name: string;
  verbose_name: string | null;
}

export interface DrillInfoMetric {
  metric_name: string;
  verbose_name: string | null;
}

/** The whole reply's `result`; an embedded guest gets `id` and `columns` only. */
export interface DatasetDrillInfo {
  id: number;
  /** The columns a chart may be grouped by: the ones drill-by offers. */
  columns: DrillInfoColumn[];
  metrics?: DrillInfoMetric[];
  table_name?: string;
  owners?: DrillInfoUser[];
  created_by?: DrillInfoUser | null;
  created_on_humanized?: string;
  changed_by?: DrillInfoUser | null;
  changed_on_humanized?: string;
}
