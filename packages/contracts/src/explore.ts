import * as v from "valibot";
import type { DatasetDetail } from "./resource-rows.ts";

/** Explore's key-value state: `/api/v1/explore/form_data/…`. */

const Id = v.pipe(v.number(), v.integer(), v.minValue(1));

/** `POST` and `PUT /api/v1/explore/form_data/`: the form data (JSON text) of one dataset or chart. */
export const ExploreFormDataSchema = v.strictObject({
  datasource_id: Id,
  datasource_type: v.picklist(["table"]),
  form_data: v.pipe(v.string(), v.maxLength(1_000_000)),
  chart_id: v.optional(v.nullable(Id)),
});
export type ExploreFormDataRequest = v.InferOutput<typeof ExploreFormDataSchema>;

/** `GET /api/v1/explore/?…`: how the page names what to open. */
export interface ExploreStateQuery {
  form_data_key?: string;
  permalink_key?: string;
  slice_id?: number;
  datasource_id?: number;
}

/** `GET /api/v1/explore/` dataset: its detail with the names and time grains Explore reads. */
export interface ExploreDataset extends DatasetDetail {
  type: "table";
  uid: string;
  datasource_name: string;
  /** `[grain, expression]` pairs of the dataset's engine. */
  time_grain_sqla: [string, string][];
  verbose_map: Record<string, string>;
}

/** `GET /api/v1/explore/` slice: the saved chart Explore opens, when one is named. */
export interface ExploreSlice {
  slice_id: number;
  slice_name: string;
  description?: string | null;
  cache_timeout?: number | null;
  form_data?: Record<string, unknown> | null;
  owners: number[];
  dashboards?: number[];
  viz_type?: string;
}

/** `GET /api/v1/explore/` result. */
export interface ExploreReply {
  dataset: ExploreDataset;
  form_data: Record<string, unknown>;
  slice: ExploreSlice | null;
  message?: string | null;
}
