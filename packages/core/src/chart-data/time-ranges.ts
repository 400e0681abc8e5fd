import type { TimeRangeEntry, TimeRangeResult } from "@strata/contracts";
import { isQueryValidationError, parseTimeRange, shiftTimeRange, toNaiveIso } from "@strata/query";
import { badRequest } from "../errors.ts";
import { type Principal, requireUser } from "../security/principal.ts";

/**
 * Evaluates time ranges with the same parser the chart-data compiler uses, so the dates a
 * picker shows are the dates a query filters by (Superset's `/api/v1/time_range/`).
 */
export class TimeRanges {
  constructor(private readonly now: () => Date = () => new Date()) {}

  evaluate(p: Principal, entries: TimeRangeEntry[]): TimeRangeResult[] {
    // Any signed-in user or embedded guest (dashboards' time filters) may ask.
    if (!p.guest) requireUser(p);
    const now = this.now();
    return entries.map(({ timeRange, shift }) => {
      try {
        const bounds = parseTimeRange(timeRange, { now });
        const shifted = shift ? shiftTimeRange(bounds, shift) : bounds;
        return {
          since: shifted.since ? toNaiveIso(shifted.since) : "",
          until: shifted.until ? toNaiveIso(shifted.until) : "",
          timeRange,
          shift: shift ?? null,
        };
      } catch (e) {
        if (isQueryValidationError(e)) throw badRequest(`Unexpected time range: ${e.message}`);
        throw e;
      }
    });
  }
}
