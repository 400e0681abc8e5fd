import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithRouter } from "../../../test/render";
import { buildQueries } from "@strata/contracts/chart-query";
import type { FormData } from "../types";
import { isSupportedVizType } from "../viz-types";
import { ChartRenderer } from "./chart-renderer";

const fd = (viz_type: string) => ({ datasource: "1__table", viz_type, metrics: ["count"] }) as FormData;

describe("a visualisation type Strata cannot draw", () => {
  it("is told apart from registered, query-built and legacy keys", () => {
    expect(isSupportedVizType("table")).toBe(true);
    expect(isSupportedVizType("pie")).toBe(true);
    expect(isSupportedVizType("dist_bar")).toBe(true);
    for (const key of ["acme_sparkle_chart", "", null, undefined, "constructor", "__proto__"])
      expect(isSupportedVizType(key)).toBe(false);
  });

  it("asks for no data (never a table query in its place)", () => {
    expect(buildQueries(fd("acme_sparkle_chart"))).toEqual([]);
    expect(buildQueries(fd("table")).length).toBeGreaterThan(0);
  });

  it("draws Superset's placeholder with the key, and counts as drawn", async () => {
    const drawn = vi.fn();
    renderWithRouter(
      <ChartRenderer formData={fd("acme_sparkle_chart")} results={[]} height={200} onRenderSuccess={drawn} />,
    );
    const placeholder = await screen.findByText("This visualization type is not supported.");
    expect(placeholder.closest('[data-test="viz-unsupported"]')?.getAttribute("data-viz-type")).toBe(
      "acme_sparkle_chart",
    );
    expect(screen.getByText("Visualization type: acme_sparkle_chart")).toBeInTheDocument();
    expect(drawn).toHaveBeenCalledTimes(1);
  });
});
