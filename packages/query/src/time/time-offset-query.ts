import type { QueryObject } from "@strata/contracts";
import { toNaiveIso } from "./calendar.ts";
import { parseTimeRange, TIME_RANGE_SEPARATOR } from "./time-range.ts";
import { shiftTimeRange } from "./time-shift.ts";

/**
 * The query to run for one time comparison (`time_offsets: ["1 year ago"]`): the same query with
 * every time range (TEMPORAL_RANGE filters, time_range) moved back by the offset and written as
 * explicit dates, without offsets or post-processing. Its result is joined to the main result
 * with joinTimeOffset (post-processing/time-offset-join.ts).
 */
export function timeOffsetQueryObject(
  query: QueryObject,
  offset: string,
  options: { now: Date },
): QueryObject {
  const rangeOptions = {
    now: options.now,
    relativeStart: query.extras?.relative_start,
    relativeEnd: query.extras?.relative_end,
  };
  const shift = (text: string): string => {
    const bounds = parseTimeRange(text, rangeOptions);
    if (!bounds.since && !bounds.until) return text;
    const shifted = shiftTimeRange(bounds, offset);
    return `${shifted.since ? toNaiveIso(shifted.since) : ""}${TIME_RANGE_SEPARATOR}${shifted.until ? toNaiveIso(shifted.until) : ""}`;
  };
  return {
    ...query,
    filters: (query.filters ?? []).map((filter) =>
      filter.op === "TEMPORAL_RANGE" && typeof filter.val === "string"
        ? { ...filter, val: shift(filter.val) }
        : filter,
    ),
    ...(query.time_range ? { time_range: shift(query.time_range) } : {}),
    time_offsets: [],
    post_processing: [],
    is_rowcount: false,
  };
}
