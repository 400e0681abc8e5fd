import type { ChartDataRequestInput } from "@strata/contracts";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type ChartDataScope, newChartDataScope } from "./chart-data-scope";
import { useChartData } from "./use-chart-data";

const calls: { request: ChartDataRequestInput; signal?: AbortSignal }[] = [];
vi.mock("./fetch-chart-data", () => ({
  fetchChartData: vi.fn(
    (request: ChartDataRequestInput, signal?: AbortSignal) =>
      new Promise((resolve, reject) => {
        calls.push({ request, signal });
        const n = calls.length;
        signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
        setTimeout(() => resolve([{ rowcount: n }]), 10);
      }),
  ),
}));

const request = (sliceId: number, col = "gender"): ChartDataRequestInput => ({
  datasource: { id: 1, type: "table" },
  force: false,
  queries: [{ columns: [col], metrics: ["count"] }],
  form_data: { slice_id: sliceId, viz_type: "table", datasource: "1__table" },
  result_format: "json",
  result_type: "full",
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
);

/** Three charts of one view; `rounds` is each chart's refresh round. */
function renderCharts(scope: ChartDataScope, requests: ChartDataRequestInput[], rounds = [0, 0, 0]) {
  return renderHook(
    ({ rounds }: { rounds: number[] }) =>
      requests.map((r, i) => useChartData(r, { scope, round: rounds[i] })),
    { wrapper, initialProps: { rounds } },
  );
}

describe("useChartData", () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it("runs identical queries of different charts once", async () => {
    const scope = newChartDataScope(true);
    const { result } = renderCharts(scope, [request(1), request(2), request(3, "state")]);
    await waitFor(() => expect(result.current.every((s) => s.status === "success")).toBe(true));
    const [a, b, c] = result.current;
    expect(calls).toHaveLength(2);
    expect(a.results).toBe(b.results);
    expect(c.results).not.toBe(a.results);
  });

  it("forces a refresh once per round, shared by identical queries", async () => {
    const scope = newChartDataScope(true);
    const { result, rerender } = renderCharts(scope, [request(1), request(2)], [0, 0]);
    await waitFor(() => expect(result.current.every((s) => s.status === "success")).toBe(true));
    expect(calls).toHaveLength(1);
    rerender({ rounds: [1, 1] });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].request.force).toBe(true);
    await waitFor(() => expect(result.current.every((s) => s.status === "success")).toBe(true));
    expect(result.current[0].results).toBe(result.current[1].results);
    rerender({ rounds: [1, 2] });
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2].request.force).toBe(true);
  });

  it("keeps the previous results while a new request runs", async () => {
    const { result, rerender } = renderHook(({ r }) => useChartData(r), {
      wrapper,
      initialProps: { r: request(1) },
    });
    await waitFor(() => expect(result.current.status).toBe("success"));
    const first = result.current.results;
    rerender({ r: request(1, "state") });
    expect(result.current.status).toBe("loading");
    expect(result.current.results).toBe(first);
    await waitFor(() => expect(result.current.status).toBe("success"));
    expect(result.current.results).not.toBe(first);
  });

  it("aborts its own request when the chart goes away", async () => {
    const { unmount } = renderHook(() => useChartData(request(1)), { wrapper });
    await waitFor(() => expect(calls).toHaveLength(1));
    unmount();
    // The hook aborts a tick after the last user leaves (React's development double mount).
    await waitFor(() => expect(calls[0].signal?.aborted).toBe(true));
  });

  it("stops its running request on demand, keeping the previous results, and runs again per revision", async () => {
    const { result, rerender } = renderHook(({ revision }) => useChartData(request(1), { revision }), {
      wrapper,
      initialProps: { revision: 1 },
    });
    await waitFor(() => expect(result.current.status).toBe("success"));
    const first = result.current.results;
    rerender({ revision: 2 });
    await waitFor(() => expect(calls).toHaveLength(2));
    act(() => result.current.stop());
    expect(calls[1].signal?.aborted).toBe(true);
    await waitFor(() => expect(result.current.status).toBe("stopped"));
    expect(result.current.results).toBe(first);
    rerender({ revision: 3 });
    await waitFor(() => expect(result.current.status).toBe("success"));
    expect(calls).toHaveLength(3);
    expect(result.current.results).not.toBe(first);
  });
});
