import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithRouter } from "../../../test/render";
import type { FormData } from "../types";
import { ChartRenderer } from "./chart-renderer";

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
          results={[]}
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
