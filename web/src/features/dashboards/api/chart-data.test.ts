import type { ChartDataRequestInput } from "@strata/contracts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ChartDataCache } from "./chart-data";

const calls: ChartDataRequestInput[] = [];
vi.mock("../../explore/api/chart-data", () => ({
  fetchChartData: vi.fn(async (request: ChartDataRequestInput) => {
    calls.push(request);
    return [{ rowcount: calls.length }];
  }),
}));

const request = (sliceId: number, col = "gender"): ChartDataRequestInput => ({
  datasource: { id: 1, type: "table" },
  force: false,
  queries: [{ columns: [col], metrics: ["count"] }],
  form_data: { slice_id: sliceId, viz_type: "table", datasource: "1__table" },
  result_format: "json",
  result_type: "full",
});

describe("dashboard chart data", () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it("runs identical queries of different charts once", async () => {
    const cache = new ChartDataCache();
    const [a, b, c] = await Promise.all([
      cache.fetch(request(1)),
      cache.fetch(request(2)),
      cache.fetch(request(3, "state")),
    ]);
    expect(calls).toHaveLength(2);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it("forces a refresh once per round, shared by identical queries", async () => {
    const cache = new ChartDataCache();
    await cache.fetch(request(1));
    await Promise.all([cache.fetch(request(1), { round: 1 }), cache.fetch(request(2), { round: 1 })]);
    expect(calls).toHaveLength(2);
    expect(calls[1].force).toBe(true);
    await cache.fetch(request(2), { round: 1 });
    expect(calls).toHaveLength(2);
    await cache.fetch(request(2), { round: 2 });
    expect(calls).toHaveLength(3);
  });
});
