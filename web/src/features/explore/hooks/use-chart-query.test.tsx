import type { ChartDataRequestInput } from "@strata/contracts";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ChartDataset, FormData } from "../../../components/charts";
import { useChartQuery } from "./use-chart-query";

// Each call answers after `delay` ms unless aborted first.
const calls: { request: ChartDataRequestInput; signal?: AbortSignal }[] = [];
let delay = 10;
vi.mock("../../../components/charts/data/fetch-chart-data", () => ({
  fetchChartData: vi.fn(
    (request: ChartDataRequestInput, signal?: AbortSignal) =>
      new Promise((resolve, reject) => {
        calls.push({ request, signal });
        const n = calls.length;
        signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
        setTimeout(() => resolve([{ rowcount: n, data: [], colnames: [], coltypes: [] }]), delay);
      }),
  ),
}));

const dataset = {
  id: 1,
  type: "table",
  table_name: "birth_names",
  columns: [{ column_name: "gender", type: "VARCHAR", is_dttm: false }],
  metrics: [{ metric_name: "count", expression: "COUNT(*)" }],
} as unknown as ChartDataset;
const formData: FormData = {
  datasource: "1__table",
  viz_type: "table",
  groupby: ["gender"],
  metrics: ["count"],
};

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
);

describe("useChartQuery", () => {
  beforeEach(() => {
    calls.length = 0;
    delay = 10;
  });

  it("is idle until run, then runs each press again, even unchanged, and reports the drawing", async () => {
    const { result } = renderHook(() => useChartQuery(dataset), { wrapper });
    expect(result.current.state.status).toBe("idle");
    act(() => result.current.run(formData));
    expect(result.current.state.status).toBe("loading");
    expect(result.current.state.queryFormData).toBe(formData);
    await waitFor(() => expect(result.current.state.status).toBe("success"));
    act(() => result.current.rendered());
    expect(result.current.state.status).toBe("rendered");
    act(() => result.current.run(formData, { force: true }));
    await waitFor(() => expect(result.current.state.status).toBe("success"));
    expect(calls).toHaveLength(2);
    expect(calls[1].request.force).toBe(true);
  });

  it("stops the running query, keeping what was drawn, and a drawing failure reads as failed", async () => {
    const { result } = renderHook(() => useChartQuery(dataset), { wrapper });
    act(() => result.current.run(formData));
    await waitFor(() => expect(result.current.state.status).toBe("success"));
    const drawn = result.current.state.results;
    delay = 10_000;
    act(() => result.current.run(formData));
    await waitFor(() => expect(calls).toHaveLength(2));
    act(() => result.current.stop());
    await waitFor(() => expect(result.current.state.status).toBe("stopped"));
    expect(calls[1].signal?.aborted).toBe(true);
    expect(result.current.state.results).toBe(drawn);
    delay = 10;
    act(() => result.current.run(formData));
    await waitFor(() => expect(result.current.state.status).toBe("success"));
    const error = new Error("cannot draw");
    act(() => result.current.renderFailed(error));
    expect(result.current.state).toMatchObject({ status: "failed", error });
  });
});
