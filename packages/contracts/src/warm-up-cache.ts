import * as v from "valibot";
import { QueryFilterSchema } from "./chart-data.ts";

/**
 * Filters a warm-up adds to a chart's queries, as Superset's clients send them: a JSON text of
 * `[{col, op, val}]`. Bounded: a warm-up runs the chart's real queries with them.
 */
const ExtraFiltersSchema = v.pipe(
  v.string(),
  v.maxLength(20_000, "extra_filters can be at most 20,000 characters."),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(dataset.value);
    } catch {
      addIssue({
        message:
          'extra_filters must be a JSON list of filters, such as [{"col": "state", "op": "==", "val": "CA"}].',
      });
      return NEVER;
    }
    const filters = v.safeParse(v.pipe(v.array(QueryFilterSchema), v.maxLength(50)), parsed);
    if (!filters.success) {
      addIssue({
        message: `extra_filters: each filter needs a column ("col"), an operator ("op") and its value ("val"), at most 50 of them (${filters.issues[0].message}).`,
      });
      return NEVER;
    }
    return filters.output;
  }),
);

const Id = v.pipe(v.number(), v.integer(), v.minValue(1));

/** `PUT /api/v1/chart/warm_up_cache`: one chart's queries run again, their answers cached. */
export const ChartWarmUpSchema = v.object({
  chart_id: Id,
  /** The dashboard whose filters (their defaults) the chart is shown with. */
  dashboard_id: v.optional(v.nullable(Id)),
  extra_filters: v.optional(v.nullable(ExtraFiltersSchema)),
});
export type ChartWarmUp = v.InferOutput<typeof ChartWarmUpSchema>;

/** `PUT /api/v1/dataset/warm_up_cache`: every chart on a dataset, named by database and table. */
export const DatasetWarmUpSchema = v.object({
  db_name: v.pipe(v.string(), v.minLength(1), v.maxLength(250)),
  table_name: v.pipe(v.string(), v.minLength(1), v.maxLength(250)),
  dashboard_id: v.optional(v.nullable(Id)),
  extra_filters: v.optional(v.nullable(ExtraFiltersSchema)),
});
export type DatasetWarmUp = v.InferOutput<typeof DatasetWarmUpSchema>;

/** One chart's outcome: `viz_status` "success", or "failed" with the reason in `viz_error`. */
export interface WarmUpResult {
  chart_id: number;
  viz_error: string | null;
  viz_status: string | null;
}
