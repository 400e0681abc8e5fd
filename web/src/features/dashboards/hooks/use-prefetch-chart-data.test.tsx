import { renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { newChartDataScope } from "../../../components/charts/data/chart-data-scope";
import { sampleHydrated } from "../model/test-layouts";
import { initialDashboardState } from "../state/dashboard-reducer";
import { usePrefetchChartData } from "./use-prefetch-chart-data";

const sent = vi.hoisted(() => ({ requests: [] as unknown[][], renderers: [] as unknown[] }));
vi.mock("../../../components/charts/data/chart-data-scope", async (original) => ({
  ...(await original<object>()),
  prefetchChartData: (_scope: unknown, requests: unknown[]) => sent.requests.push([...requests]),
}));
vi.mock("../../../components/charts/render/renderer-chunks", () => ({
  preloadRenderer: (formData: unknown) => sent.renderers.push(formData),
}));

const chart = (id: number, vizType: string) => ({
  id,
  sliceName: `Chart ${id}`,
  vizType,
  datasourceId: 7,
  formData: { viz_type: vizType, datasource: "7__table", metric: "count" },
});

/** Charts 1 and 2 sit in the grid, 3 under the first tab, 4 under the second (not shown). */
const hydrated = () =>
  sampleHydrated({
    charts: { 1: chart(1, "pie"), 2: chart(2, "table"), 3: chart(3, "big_number_total"), 4: chart(4, "pie") },
  });

beforeEach(() => {
  sent.requests.length = 0;
  sent.renderers.length = 0;
});

describe("usePrefetchChartData", () => {
  it("sends the shown charts' data and asks for their renderers in the first render, once", () => {
    const state = initialDashboardState(hydrated());
    const scope = newChartDataScope(true, true);
    const { rerender } = renderHook(() => usePrefetchChartData(state, scope));
    rerender();
    expect(sent.requests).toHaveLength(1);
    expect(sent.requests[0]).toHaveLength(3);
    const vizTypes = sent.renderers.map((f) => (f as { viz_type: string }).viz_type);
    expect(vizTypes).toEqual(["pie", "table", "big_number_total"]);
  });
});
