import * as v from "valibot";
import type { SavedQueryRow } from "./resource-rows.ts";

/** `/api/v1/saved_query/…`: a saved SQL Lab query. */

const Text = v.optional(v.nullable(v.string()));
const Fields = {
  label: v.pipe(v.string(), v.trim(), v.minLength(1, "A saved query needs a name"), v.maxLength(256)),
  description: Text,
  db_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  schema: Text,
  catalog: Text,
  sql: v.pipe(v.string(), v.maxLength(1_000_000)),
  template_parameters: Text,
  extra_json: Text,
};
export const SavedQueryPostSchema = v.strictObject(Fields);
export const SavedQueryPutSchema = v.strictObject({
  ...Fields,
  label: v.optional(Fields.label),
  db_id: v.optional(Fields.db_id),
  sql: v.optional(Fields.sql),
});
export type SavedQueryCreate = v.InferOutput<typeof SavedQueryPostSchema>;
export type SavedQueryChanges = v.InferOutput<typeof SavedQueryPutSchema>;

/** `GET /api/v1/saved_query/{id}` (`result`): the list's row plus the editor's fields. */
export type SavedQueryDetail = SavedQueryRow & {
  db_id: number;
  template_parameters: string | null;
  extra_json: string | null;
};
