import { describe, expect, it } from "vitest";
import type { FormData } from "../types.ts";
import { buildQueries } from "../build-query.ts";
import { popOffsets } from "./echarts-extra.ts";
import { customShift, filteredTimeRange, inheritedShift, rangeBounds } from "./pop-kpi-range.ts";

const range = (comparator: string) => ({
  expressionType: "SIMPLE" as const,
  clause: "WHERE" as const,
  subject: "ds",
  operator: "TEMPORAL_RANGE" as const,
  comparator,
});
const fd = (extra: Partial<FormData> = {}): FormData => ({
  datasource: "1__table",
  viz_type: "pop_kpi",
  metric: "count",
  adhoc_filters: [range("2005-01-01 : 2006-01-01")],
  ...extra,
});
const NOW = new Date("2026-11-26T10:00:00Z");

describe("pop_kpi comparison range (Superset's getTimeOffset)", () => {
  it("inherits the filtered range: shifted back by its own length in days", () => {
    const [q] = buildQueries(fd({ time_comparison: "r" }));
    expect(q.time_offsets).toEqual(["365 days ago"]);
    expect(buildQueries(fd({ time_compare: ["inherit"] }))[0].time_offsets).toEqual(["365 days ago"]);
    expect(buildQueries(fd({ time_compare: "inherit" }))[0].time_offsets).toEqual(["365 days ago"]);
  });

  it("follows a dashboard's time filter: its time_range, or the time-range filter it replaced", () => {
    // The dashboard's time range lands in time_range (and replaces the filter's comparator).
    expect(popOffsets(fd({ time_comparison: "r", time_range: "2005-03-01 : 2005-04-01" }))).toEqual([
      "31 days ago",
    ]);
    expect(
      popOffsets(fd({ time_comparison: "r", adhoc_filters: [range("2004-01-01 : 2004-01-08")] })),
    ).toEqual(["7 days ago"]);
    // "No filter" as time_range means the filter's own range still applies.
    expect(filteredTimeRange(fd({ time_range: "No filter" }))).toBe("2005-01-01 : 2006-01-01");
  });

  it("counts relative ranges from today and compares nothing for an unbounded or empty range", () => {
    expect(inheritedShift(fd({ adhoc_filters: [range("Last week")] }), NOW)).toBe("7 days ago");
    expect(inheritedShift(fd({ adhoc_filters: [range("30 days ago : today")] }), NOW)).toBe("30 days ago");
    expect(inheritedShift(fd({ adhoc_filters: [range("2005-01-01 : ")] }), NOW)).toBeNull();
    expect(inheritedShift(fd({ adhoc_filters: [range("No filter")] }), NOW)).toBeNull();
    expect(inheritedShift(fd({ adhoc_filters: [] }), NOW)).toBeNull();
    expect(rangeBounds("2005 : 2006-06")).toEqual([Date.UTC(2005, 0, 1), Date.UTC(2006, 5, 1)]);
    const [q] = buildQueries(fd({ time_comparison: "r", adhoc_filters: [] }));
    expect(q.time_offsets).toBeUndefined();
  });

  it("custom: from the chosen start to the range's start; a later start compares nothing", () => {
    expect(customShift(fd({ start_date_offset: "2004-12-01" }))).toBe("31 days ago");
    expect(
      popOffsets(fd({ time_comparison: "c", adhoc_custom: [range("2004-06-01 : 2005-01-01")] })),
    ).toEqual(["214 days ago"]);
    expect(popOffsets(fd({ time_compare: ["custom"], start_date_offset: "2005-02-01" }))).toEqual([]);
  });

  it("keeps the fixed shifts, and groups by `cols` as Superset's buildQuery does", () => {
    expect(buildQueries(fd({ time_comparison: "y" }))[0].time_offsets).toEqual(["1 year ago"]);
    expect(buildQueries(fd({ time_compare: ["28 days ago"] }))[0].time_offsets).toEqual(["28 days ago"]);
    expect(buildQueries(fd({ time_comparison: "w", cols: ["gender"] }))[0]).toMatchObject({
      columns: ["gender"],
      time_offsets: ["1 week ago"],
    });
  });
});
