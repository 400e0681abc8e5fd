import * as v from "valibot";

/** Superset's time range for no bounds at all (the picker's "No filter"). */
export const NO_TIME_RANGE = "No filter";
/** Between the two sides of a custom or advanced range: `2024-01-01 : now`. */
export const TIME_RANGE_SEPARATOR = " : ";

/**
 * `GET /api/v1/time_range/?q=` (Superset's time-range evaluation): `q` is one time range in
 * Superset's time-range language as a rison string, or a list of `{timeRange, shift}`.
 */
const MAX_TIME_RANGES = 20;
const TimeRangeText = v.pipe(v.string(), v.maxLength(1000));

export const TimeRangeEntrySchema = v.strictObject({
  timeRange: TimeRangeText,
  shift: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
});
export type TimeRangeEntry = v.InferOutput<typeof TimeRangeEntrySchema>;

export const TimeRangeQuerySchema = v.union([
  TimeRangeText,
  v.pipe(v.array(TimeRangeEntrySchema), v.minLength(1), v.maxLength(MAX_TIME_RANGES)),
]);

/** One evaluated range: naive ISO datetimes, `""` for an unbounded side. */
export const TimeRangeResultSchema = v.object({
  since: v.string(),
  until: v.string(),
  timeRange: v.string(),
  shift: v.optional(v.nullable(v.string())),
});
export type TimeRangeResult = v.InferOutput<typeof TimeRangeResultSchema>;

export const TimeRangeReplySchema = v.object({ result: v.array(TimeRangeResultSchema) });
