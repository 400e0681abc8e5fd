import { useEffect, useMemo, useRef } from "react";
import createPlotlyComponent from "react-plotly.js/factory";
import type { ChartRenderProps } from "../chart-render-props";
import { FIGURES } from "./figures";
import { withHighlight } from "./figures/highlight";
import Plotly from "./plotly-bundle";

const Plot = createPlotlyComponent(Plotly);

/** The mode bar (zoom, pan, download…) appears while the pointer is over the chart, as Superset's chart tools. */
const CONFIG = {
  displaylogo: false,
  responsive: true,
  displayModeBar: "hover" as const,
  modeBarButtonsToRemove: ["select2d", "lasso2d", "autoScale2d", "toggleSpikelines"],
};

/** Every Plotly-drawn visualisation: the figure builder of the viz, drawn by react-plotly.js. */
export default function PlotlyChart({
  formData,
  results,
  height,
  highlight,
  onPlotReady,
  onRenderSuccess,
  onRenderFailure,
}: ChartRenderProps) {
  const figure = useMemo(() => {
    const build = FIGURES[formData.viz_type];
    if (!build) throw new Error(`No renderer for visualization type "${formData.viz_type}"`);
    return build(formData, results);
  }, [formData, results]);
  const shown = useMemo(() => withHighlight(figure, highlight), [figure, highlight]);
  const box = useRef<HTMLDivElement>(null);
  // Plotly only follows window resizes; a chart resized in the dashboard builder (or a pane
  // dragged wider) changes its box alone, so the figure is laid out again when the box changes.
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const plot = element.querySelector<HTMLElement>(".js-plotly-plot");
        if (plot?.isConnected) void Plotly.Plots.resize(plot);
      });
    });
    observer.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);
  return (
    <div ref={box} data-test="plotly-chart" style={{ width: "100%", height }}>
      <Plot
        data={shown.data}
        layout={{ ...shown.layout, height }}
        config={CONFIG}
        useResizeHandler
        style={{ width: "100%", height }}
        onInitialized={(_fig, el) => {
          onPlotReady?.(el);
          onRenderSuccess?.();
        }}
        onUpdate={(_fig, el) => onPlotReady?.(el)}
        onPurge={() => onPlotReady?.(null)}
        onError={(err) => onRenderFailure?.(err)}
      />
    </div>
  );
}

/** Saves the drawn chart as a PNG (Plotly's own export, no screenshot service). */
export function downloadPlotImage(element: HTMLElement, filename: string) {
  return Plotly.downloadImage(element, { format: "png", filename });
}
