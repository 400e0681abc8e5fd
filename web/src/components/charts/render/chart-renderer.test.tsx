import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithRouter } from "../../../test/render";
import type { ChartDataResult, FormData } from "../types";
import { ChartRenderer } from "./chart-renderer";
import { hasNoResults } from "./no-results";

/** A chart-data result holding only these rows (what the renderer reads here). */
const rows = (data?: Record<string, unknown>[]) => ({ data }) as ChartDataResult;

// A renderer that fails while drawing, as a visualisation meeting data it cannot handle would.
vi.mock("./table/table-chart", () => ({
  default: () => {
    throw new Error("cannot read the rows");
  },
  preloadDrawing: undefined,
}));

describe("ChartRenderer's error boundary", () => {
  it("says the visualisation failed to render, with the error's message", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      renderWithRouter(
        <ChartRenderer
          formData={{ datasource: "1__table", viz_type: "table" } as FormData}
          results={[rows([{ name: "Aaron" }])]}
          height={200}
        />,
      );
      const alert = await screen.findByRole("alert");
      expect(alert.textContent).toBe(
        "An error occurred while rendering the visualization: cannot read the rows",
      );
    } finally {
      quiet.mockRestore();
    }
  });
});

describe("ChartRenderer without rows", () => {
  const draw = (vizType: string, results: ChartDataResult[], height = 300) => {
    const onRenderSuccess = vi.fn();
    renderWithRouter(
      <ChartRenderer
        formData={{ datasource: "1__table", viz_type: vizType } as FormData}
        results={results}
        height={height}
        onRenderSuccess={onRenderSuccess}
      />,
    );
    return onRenderSuccess;
  };

  it("shows Superset's empty state with its hint, and counts as drawn", async () => {
    const drawn = draw("table", [rows([])]);
    const title = await screen.findByText("No results were returned for this query");
    const state = title.closest('[data-test="chart-no-results"]');
    expect(state).not.toBeNull();
    expect(state?.querySelector('[data-test="chart-no-results-hint"]')?.textContent).toBe(
      "Make sure that the controls are configured properly and the datasource contains data for the selected time range",
    );
    // The failing table renderer above is never reached: nothing is drawn from no rows.
    expect(screen.queryByRole("alert")).toBeNull();
    expect(drawn).toHaveBeenCalled();
  });

  it("keeps only the title in a small box, the hint as its tooltip", async () => {
    draw("pie", [rows([])], 100);
    const title = await screen.findByText("No results were returned for this query");
    const state = title.closest('[data-test="chart-no-results"]');
    expect(state?.getAttribute("title")).toContain("Make sure that the controls");
    expect(state?.querySelector('[data-test="chart-no-results-hint"]')).toBeNull();
  });

  it("reads the chart's own queries only: helpers' rows do not count, both of a mixed chart do", () => {
    const empty = rows([]);
    const row = rows([{ rowcount: 0 }]);
    // A table's row-count query answers a row even when the table has none.
    expect(hasNoResults("table", [empty, row])).toBe(true);
    expect(hasNoResults("table", [row])).toBe(false);
    expect(hasNoResults("pie", [rows()])).toBe(true);
    expect(hasNoResults("pie", [])).toBe(true);
    // The mixed chart draws two queries: one with rows is something to draw.
    expect(hasNoResults("mixed_timeseries", [empty, row])).toBe(false);
    expect(hasNoResults("mixed_timeseries", [empty, empty])).toBe(true);
    // A row of NULLs (an aggregate over no rows) is a result: the chart says "No data" itself.
    expect(hasNoResults("big_number_total", [rows([{ sum__num: null }])])).toBe(false);
  });
});
