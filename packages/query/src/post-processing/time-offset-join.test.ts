import { describe, expect, it } from "vitest";
import type { ColumnarFrame } from "./frame.ts";
import { joinTimeOffset } from "./time-offset-join.ts";

describe("time offset join without a time column", () => {
  it("matches a big number's single row with the shifted one (period over period KPI)", () => {
    const now: ColumnarFrame = { columns: ["count"], data: [[120]] };
    const before: ColumnarFrame = { columns: ["count"], data: [[100]] };
    // The query has no columns, so there is no time column to name.
    const joined = joinTimeOffset(now, before, { offset: "1 year ago", metrics: ["count"] });
    expect(joined.columns).toEqual(["count", "count__1 year ago"]);
    expect(joined.data).toEqual([[120], [100]]);
  });
});
