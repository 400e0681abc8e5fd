import * as v from "valibot";
import { ChartDataRequestSchema } from "./chart-data.ts";

/**
 * `POST /api/v1/chart/data/batch/`: the chart-data requests of many charts (a dashboard's) in one
 * HTTP request. Strata's own endpoint; `POST /api/v1/chart/data` stays the one clients speak.
 * Each item is answered exactly as that endpoint would answer it alone.
 */
export const CHART_DATA_BATCH_PATH = "/api/v1/chart/data/batch/";

/** More items than this is a 400: a page asks for at most this many charts at once. */
export const CHART_DATA_BATCH_MAX_ITEMS = 100;

export const ChartDataBatchItemSchema = v.strictObject({
  /** The body `POST /api/v1/chart/data` would get. */
  request: ChartDataRequestSchema,
  /** The chart the request is for (`?form_data={"slice_id":N}` of the single endpoint). */
  slice_id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  /** The dashboard it is shown on (`?dashboard_id=N`). */
  dashboard_id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type ChartDataBatchItem = v.InferOutput<typeof ChartDataBatchItemSchema>;
export type ChartDataBatchItemInput = v.InferInput<typeof ChartDataBatchItemSchema>;

export const ChartDataBatchRequestSchema = v.strictObject({
  items: v.pipe(
    v.array(ChartDataBatchItemSchema),
    v.minLength(1, "Give at least one item."),
    v.maxLength(
      CHART_DATA_BATCH_MAX_ITEMS,
      `Too many items: a batch holds at most ${CHART_DATA_BATCH_MAX_ITEMS} chart-data requests.`,
    ),
  ),
});
export type ChartDataBatchRequest = v.InferOutput<typeof ChartDataBatchRequestSchema>;
export type ChartDataBatchRequestInput = v.InferInput<typeof ChartDataBatchRequestSchema>;

/**
 * The reply is NDJSON (`application/x-ndjson`): one line per item, written as each item is ready
 * (so a slow chart never holds back the others), in completion order. `index` is the item's
 * position in the request; `status` and `body` are what the single endpoint would have answered:
 * 200 with `{"result": […]}`, 202 with the queued job, or an error status with Superset's error body.
 */
export interface ChartDataBatchLine {
  index: number;
  status: number;
  body: unknown;
}
export const CHART_DATA_BATCH_CONTENT_TYPE = "application/x-ndjson";
