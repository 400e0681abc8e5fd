import { type TimeRangeResult, TimeRangeReplySchema } from "@strata/contracts";
import useSWR from "swr";
import * as v from "valibot";
import { apiGet } from "./api-client";
import type { ApiError } from "./api-error";
import { withRisonQuery } from "./rison-query";

/**
 * `GET /api/v1/time_range/?q=[(timeRange:…)]`: the server evaluates a time range with the same
 * parser its queries use, so the dates shown under a picker are the dates a chart filters by.
 */
export function timeRangeKey(timeRange: string): string {
  return withRisonQuery("/api/v1/time_range/", [{ timeRange }]);
}

const fetchTimeRange = async (key: string): Promise<TimeRangeResult> => {
  const reply = v.parse(TimeRangeReplySchema, await apiGet<unknown>(key));
  const first = reply.result[0];
  if (!first) throw new Error("The server evaluated no time range");
  return first;
};

/** The evaluated range of `timeRange` (null: nothing to evaluate). Bad text gives the server's 400. */
export function useTimeRange(timeRange: string | null) {
  return useSWR<TimeRangeResult, ApiError>(
    timeRange === null ? null : timeRangeKey(timeRange),
    fetchTimeRange,
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      keepPreviousData: true,
    },
  );
}
