import createPlotlyComponent from "react-plotly.js/factory";
import { useMemo } from "react";
import type { ChartRenderProps } from "../chart-render-props";
import { FIGURES } from "./figures";
import Plotly from "./plotly-bundle";

const Plot = createPlotlyComponent(Plotly);

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
  onPlotReady,
  onRenderSuccess,
  onRenderFailure,
}: ChartRenderProps) {
  const figure = useMemo(() => {
    const build = FIGURES[formData.viz_type];
    if (!build) throw new Error(`No renderer for visualization type "${formData.viz_type}"`);
    return build(formData, results);
  }, [formData, results]);
  return (
    <div data-test="plotly-chart" style={{ width: "100%", height }}>
      <Plot
        data={figure.data}
        layout={{ ...figure.layout, height }}
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
