import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithRouter } from "../../../test/render";
import type { ChartDataResult, FormData } from "../types";
import { ChartRenderer } from "./chart-renderer";
import { preloadRenderer, rendererChunk } from "./renderer-chunks";

// Stand-ins for two renderer chunks: the pivot table draws its row count; the first two loads of the
// word cloud's chunk fail, as a chunk lost to the network would, and the third arrives. Each declares
// the whole module surface `preloadRenderer` reads (vitest's mocks throw on an undeclared export, and
// that throw would surface after the test as an unhandled rejection).
vi.mock("./pivot/pivot-table-chart", () => ({
  default: ({ results }: { results: unknown[] }) => <p data-testid="pivot-drawn">{results.length} result</p>,
  preloadDrawing: undefined,
}));
const loads = vi.hoisted(() => ({ cloud: 0 }));
vi.mock("./wordcloud/word-cloud-chart", () => {
  loads.cloud += 1;
  if (loads.cloud < 3) throw new Error("chunk lost");
  return { default: () => <p data-testid="cloud-drawn">cloud</p>, preloadDrawing: undefined };
});

const pivot = { datasource: "1__table", viz_type: "pivot_table_v2" } as FormData;
const cloud = { datasource: "1__table", viz_type: "word_cloud" } as FormData;
// A result with a row: one without rows draws the shared empty state, not the renderer.
const ROWS = [{ data: [{ name: "Aaron", count: 1 }] } as ChartDataResult];

describe("renderer chunks", () => {
  it("draws in the first render once preloaded: no loader, nothing held back", async () => {
    preloadRenderer(pivot);
    await rendererChunk(pivot).load();
    renderWithRouter(<ChartRenderer formData={pivot} results={ROWS} height={200} />);
    // Synchronously there, not after a tick: React never saw anything suspend.
    expect(screen.getByTestId("pivot-drawn").textContent).toBe("1 result");
    expect(screen.queryByLabelText("Loading chart")).toBeNull();
  });

  it("shows a loader while the chunk loads and reports a chunk that fails, then loads it again", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const first = renderWithRouter(<ChartRenderer formData={cloud} results={ROWS} height={200} />);
      expect(screen.getByLabelText("Loading chart")).toBeTruthy();
      // (vitest wraps the module's error in its own words; the boundary shows whatever came)
      expect((await screen.findByRole("alert")).textContent).toContain(
        "An error occurred while rendering the visualization",
      );
      first.unmount();
      // A failed load is forgotten: the next chart asks again (and this time it arrives).
      await expect(rendererChunk(cloud).load()).rejects.toThrow();
      renderWithRouter(<ChartRenderer formData={cloud} results={ROWS} height={200} />);
      expect(await screen.findByTestId("cloud-drawn")).toBeTruthy();
      expect(loads.cloud).toBe(3);
    } finally {
      quiet.mockRestore();
    }
  });
});
