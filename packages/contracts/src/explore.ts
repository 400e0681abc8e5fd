import * as v from "valibot";

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
