import type { ChartRenderProps } from "../chart-render-props";

type Owner = Pick<ChartRenderProps, "onPlotReady" | "onRenderSuccess" | "onRenderFailure">;

/**
 * react-plotly's lifecycle props wired to a chart's owner: it learns of every new plot element
 * (to attach its click and hover listeners), and of the first draw's success or failure.
 */
export function plotCallbacks({ onPlotReady, onRenderSuccess, onRenderFailure }: Owner) {
  return {
    onInitialized: (_figure: unknown, element: HTMLElement) => {
      onPlotReady?.(element);
      onRenderSuccess?.();
    },
    onUpdate: (_figure: unknown, element: HTMLElement) => onPlotReady?.(element),
    onPurge: () => onPlotReady?.(null),
    onError: (error: Error) => onRenderFailure?.(error),
  };
}
