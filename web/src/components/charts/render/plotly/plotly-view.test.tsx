import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { renderWithRouter } from "../../../../test/render";
import type { ChartDataResult, FormData } from "../../types";
import type { PlotlyChartProps } from "./plotly-chart";
import PlotlyView from "./plotly-view";

// Plotly cannot draw in happy-dom: the live plot is a stand-in that "draws" two SVG layers the way
// a static Plotly plot does, tells its owner, and shows whether it was woken.
vi.mock("./plotly-chart", () => ({
  default: ({ figure, awake, height, onRenderSuccess, onStaticDraw }: PlotlyChartProps) => (
    <div
      data-testid="live-plot"
      data-awake={awake === undefined ? "no" : JSON.stringify(awake)}
      ref={(element) => {
        if (!element || element.dataset.drawn) return;
        element.dataset.drawn = "yes";
        const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        svg.setAttribute("class", "main-svg");
        svg.setAttribute("height", String(height));
        svg.innerHTML = `<text class="slicetext">${(figure.data[0].labels as string[]).join(",")}</text>`;
        element.appendChild(svg);
        Object.assign(element, {
          _fullLayout: { width: 400 },
          _context: { staticPlot: awake === undefined },
        });
        onRenderSuccess?.();
        if (awake === undefined) onStaticDraw?.(element);
      }}
    />
  ),
}));

// happy-dom lays nothing out: the chart's box is 400 px wide.
const original = HTMLElement.prototype.getBoundingClientRect;
beforeAll(() => {
  HTMLElement.prototype.getBoundingClientRect = () => ({ width: 400, height: 300 }) as DOMRect;
});
afterAll(() => {
  HTMLElement.prototype.getBoundingClientRect = original;
});

const formData = {
  datasource: "1__table",
  viz_type: "pie",
  metric: "count",
  groupby: ["gender"],
} as FormData;
const results = (boys: number) =>
  [
    {
      data: [
        { gender: "boy", count: boys },
        { gender: "girl", count: 5 },
      ],
      colnames: ["gender", "count"],
      coltypes: [1, 0],
      rowcount: 2,
    },
  ] as unknown as ChartDataResult[];

describe("PlotlyView", () => {
  it("draws with Plotly first, then shows the same figure from its picture, live once pointed at", async () => {
    const drawn = vi.fn();
    const first = renderWithRouter(
      <PlotlyView formData={formData} results={results(7)} height={300} onRenderSuccess={drawn} />,
    );
    expect((await screen.findByTestId("live-plot")).dataset.awake).toBe("no");
    expect(drawn).toHaveBeenCalledTimes(1);
    // The picture is kept when the page is idle.
    await waitFor(() =>
      expect(Object.keys(sessionStorage).some((k) => k.startsWith("strata.plot."))).toBe(true),
    );
    first.unmount();

    const shown = vi.fn();
    const plotReady = vi.fn();
    renderWithRouter(
      <PlotlyView
        formData={formData}
        results={results(7)}
        height={300}
        onRenderSuccess={shown}
        onPlotReady={plotReady}
      />,
    );
    // Before the page paints (once every chart measured its box): the picture, no Plotly plot,
    // and the chart counts as drawn.
    await act(() => Promise.resolve());
    const picture = document.querySelector<HTMLElement>("[data-picture]");
    expect(picture?.querySelector(".slicetext")?.textContent).toBe("boy,girl");
    expect(screen.queryByTestId("live-plot")).toBeNull();
    expect(shown).toHaveBeenCalledTimes(1);
    // Its owner gets the picture, with the figure an image download draws from.
    const element = plotReady.mock.calls[0][0] as HTMLElement & {
      plotFigure?: { layout: { width: number } };
    };
    expect(element.plotFigure?.layout.width).toBe(400);

    act(() => {
      fireEvent.pointerEnter(picture!.parentElement!, { clientX: 10, clientY: 20 });
    });
    expect((await screen.findByTestId("live-plot")).dataset.awake).toBe(JSON.stringify({ x: 10, y: 20 }));
    expect(document.querySelector("[data-picture]")).toBeNull();
  });

  it("draws with Plotly when the data differ from every picture", async () => {
    renderWithRouter(<PlotlyView formData={formData} results={results(8)} height={300} />);
    expect(document.querySelector("[data-picture]")).toBeNull();
    expect((await screen.findByTestId("live-plot")).dataset.awake).toBe("no");
  });
});
