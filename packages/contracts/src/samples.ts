import * as v from "valibot";

const Scalar = v.union([v.string(), v.number(), v.boolean(), v.null()]);

/** `POST /datasource/samples`: the body narrowing which raw rows come back. */
export const SamplesPayloadSchema = v.strictObject({
  filters: v.optional(
    v.array(
      v.strictObject({
        col: v.string(),
        op: v.picklist(["==", "!=", ">", "<", ">=", "<=", "IN", "NOT IN", "IS NULL", "IS NOT NULL"]),
        val: v.optional(v.union([Scalar, v.array(Scalar)])),
      }),
    ),
  ),
  granularity: v.optional(v.nullable(v.string())),
  time_range: v.optional(v.nullable(v.string())),
  extras: v.optional(v.looseObject({})),
});
export type SamplesPayload = v.InferOutput<typeof SamplesPayloadSchema>;
