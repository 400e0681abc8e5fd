import type { ChartDataRequestInput } from "@strata/contracts";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { describe, expect, it, vi } from "vitest";
import { newChartDataScope, prefetchChartData } from "./chart-data-scope";
import { useChartData } from "./use-chart-data";

// The batch transport: each asked request answers with its slice id; `sent` counts the batches
// sent at once (sendChartDataBatchNow) rather than at the end of the turn.
const asked: ChartDataRequestInput[] = [];
const sentNow = vi.hoisted(() => ({ count: 0 }));
vi.mock("./fetch-chart-data-batch", () => ({
  fetchChartDataBatched: vi.fn(async (request: ChartDataRequestInput) => {
    asked.push(request);
    return [{ rowcount: (request.form_data as { slice_id: number }).slice_id }];
  }),
  sendChartDataBatchNow: vi.fn(() => {
    sentNow.count += 1;
  }),
}));

const request = (sliceId: number): ChartDataRequestInput => ({
  datasource: { id: 1, type: "table" },
  force: false,
  queries: [{ columns: ["gender"], metrics: ["count"], row_limit: sliceId }],
  form_data: { slice_id: sliceId, viz_type: "table", datasource: "1__table" },
  result_format: "json",
  result_type: "full",
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
);

describe("chart data sent ahead of the charts", () => {
  it("sends the requests at once, and the charts asking them later take those answers", async () => {
    const scope = newChartDataScope(true, true);
    prefetchChartData(scope, [request(1), request(2)]);
    expect(asked.map((r) => r.form_data?.slice_id)).toEqual([1, 2]);
    expect(sentNow.count).toBe(1);
    prefetchChartData(scope, [request(1)]); // the same query again: nothing more
    expect(asked).toHaveLength(2);

    const { result } = renderHook(
      () => [
        useChartData(request(1), { scope }),
        useChartData(request(2), { scope }),
        useChartData(request(3), { scope }),
      ],
      { wrapper },
    );
    await waitFor(() =>
      expect(result.current.map((d) => d.status)).toEqual(["success", "success", "success"]),
    );
    expect(result.current.map((d) => d.results?.[0]?.rowcount)).toEqual([1, 2, 3]);
    // Only the chart nobody sent ahead asked on its own.
    expect(asked.map((r) => r.form_data?.slice_id)).toEqual([1, 2, 3]);
  });

  it("sends nothing ahead for a view without a batch scope", () => {
    const before = asked.length;
    prefetchChartData(newChartDataScope(true, false), [request(9)]);
    prefetchChartData(newChartDataScope(false), [request(9)]);
    expect(asked).toHaveLength(before);
  });
});
