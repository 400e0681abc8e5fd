import * as v from "valibot";
import { DATASOURCE_TYPES } from "./datasource.ts";

const OptText = v.optional(v.nullable(v.string()));
const Int = v.pipe(v.number(), v.integer());
const JsonText = (field: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.check((s) => {
          try {
            JSON.parse(s);
            return true;
          } catch {
            return false;
          }
        }, `${field} must be valid JSON text`),
      ),
    ),
  );

const ChartFields = {
  slice_name: v.pipe(v.string(), v.trim(), v.minLength(1, "Chart name is required"), v.maxLength(250)),
  description: OptText,
  viz_type: v.pipe(
    v.string(),
    // Superset's keys are snake_case, but for a few plugin keys with hyphens (ag-grid-table).
    v.regex(/^[a-z0-9_-]{1,64}$/, "viz_type must be a visualization key like echarts_timeseries_bar"),
    // `constructor` and `__proto__` fit the pattern but would find Object's own members in every
    // table of visualisations keyed by this name (server and SPA).
    v.check(
      (key) => !Object.hasOwn(Object.prototype, key),
      "viz_type must be a visualization key like echarts_timeseries_bar",
    ),
  ),
  params: JsonText("params"),
  query_context: JsonText("query_context"),
  query_context_generation: v.optional(v.nullable(v.boolean())),
  datasource_id: v.pipe(Int, v.minValue(1)),
  datasource_type: v.picklist(DATASOURCE_TYPES),
  cache_timeout: v.optional(v.nullable(v.pipe(Int, v.minValue(0)))),
  owners: v.optional(v.array(Int)),
  dashboards: v.optional(v.array(Int)),
  certified_by: OptText,
  certification_details: OptText,
  is_managed_externally: v.optional(v.boolean()),
  external_url: OptText,
  uuid: OptText,
};

/** The chart save payload (002 §3). */
export const ChartPostSchema = v.strictObject(ChartFields);
export type ChartPost = v.InferOutput<typeof ChartPostSchema>;

export const ChartPutSchema = v.strictObject({
  ...ChartFields,
  slice_name: v.optional(ChartFields.slice_name),
  viz_type: v.optional(ChartFields.viz_type),
  datasource_id: v.optional(ChartFields.datasource_id),
  datasource_type: v.optional(ChartFields.datasource_type),
});
export type ChartPut = v.InferOutput<typeof ChartPutSchema>;
