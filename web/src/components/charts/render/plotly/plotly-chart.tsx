import { useEffect, useMemo, useRef, useState } from "react";
import createPlotlyComponent from "react-plotly.js/factory";
import type { ChartRenderProps } from "../chart-render-props";
import type { Figure } from "./figures/types";
import type { PictureElement } from "./plot-pictures";
import { plotCallbacks } from "./plot-callbacks";
import Plotly from "./plotly-bundle";
import classes from "./plotly-chart.module.css";
import { observeResize } from "./shared-resize";

const Plot = createPlotlyComponent(Plotly);

type PlotElement = HTMLElement & { data?: unknown[]; layout?: unknown };
/** Plotly's purge and newPlot (the bundle's typings name only what else we use). */
const PlotlyApi = Plotly as unknown as {
  purge(root: HTMLElement): void;
  newPlot(root: HTMLElement, data: unknown, layout: unknown, config: unknown): Promise<unknown>;
};

/**
 * Where the pointer reached a chart (its hover is shown once drawn), or null: reached by focus.
 * `click`: the chart was clicked there before it was drawn live; the click is made again on it.
 */
export type WakePoint = { x: number; y: number; click?: boolean } | null;

export interface PlotlyChartProps
  extends Pick<ChartRenderProps, "height" | "onPlotReady" | "onRenderSuccess" | "onRenderFailure"> {
  /** The figure to draw, highlight applied. */
  figure: Figure;
  /** Drawn interactive from the start: the pointer or the focus already reached the chart. */
  awake?: WakePoint;
  /** After each static draw, with the plot: its picture can be kept (see plot-pictures.ts). */
  onStaticDraw?: (plot: HTMLElement) => void;
}

/** The mode bar (zoom, pan, download…) appears while the pointer is over the chart, as Superset's chart tools. */
const CONFIG = {
  displaylogo: false,
  displayModeBar: "hover" as const,
  modeBarButtonsToRemove: ["select2d", "lasso2d", "autoScale2d", "toggleSpikelines"],
};
/**
 * Until the pointer or the focus first reaches it, a chart is drawn static: Plotly then skips its
 * drag layers, hover machinery and mode bar, which is much of the cost of a dashboard of many
 * charts. Reaching it redraws it interactive at once (see `wake`). Window and box resizes are
 * followed by the one shared observer below, not by Plotly's per-plot window listeners.
 */
const STATIC_CONFIG = { ...CONFIG, staticPlot: true };

/** A figure drawn by react-plotly.js, static until the pointer or the focus reaches it. */
export default function PlotlyChart({
  figure,
  awake,
  height,
  onPlotReady,
  onRenderSuccess,
  onRenderFailure,
  onStaticDraw,
}: PlotlyChartProps) {
  // A new layout object is a redraw for react-plotly: made only when the figure or height change.
  const layout = useMemo(() => ({ ...figure.layout, height }), [figure, height]);
  const box = useRef<HTMLDivElement>(null);
  // Plotly only follows window resizes; a chart resized in the dashboard builder (or a pane
  // dragged wider) changes its box alone, so the figure is laid out again when the box changes.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    return observeResize(element, () => {
      const plot = element.querySelector<HTMLElement>(".js-plotly-plot");
      if (plot?.isConnected) void Plotly.Plots.resize(plot);
    });
  }, []);
  const [interactive, setInteractive] = useState(awake !== undefined);
  // Where the pointer came in: once interactive, the hover it asked for is shown without waiting
  // for the pointer to move again.
  const pointer = useRef<WakePoint>(awake ?? null);
  const wake = (event: React.PointerEvent | React.FocusEvent) => {
    if (interactive) return;
    pointer.current = "clientX" in event ? { x: event.clientX, y: event.clientY } : null;
    setInteractive(true);
    // Shapes stop taking the pointer now, not at React's next commit: the replayed hover must reach
    // Plotly's drag layer above them.
    box.current?.classList.remove(classes.static);
    const plot = box.current?.querySelector<PlotElement>(".js-plotly-plot");
    if (!plot?.data) return;
    // Drawn again from scratch, now: a redraw over a static plot keeps the shapes it made without
    // pointer events, and a click right after the pointer arrives needs the drag layers in place.
    // The config prop follows (setInteractive), so later updates keep it interactive.
    const { data, layout } = plot;
    PlotlyApi.purge(plot);
    void PlotlyApi.newPlot(plot, data, layout, CONFIG).then(() => {
      onPlotReady?.(plot); // a new plot has no listeners: the owner attaches its own again
      replayHover(plot);
    });
  };
  const replayHover = (el: HTMLElement) => {
    const at = pointer.current;
    pointer.current = null;
    if (!at) return;
    const target = document.elementFromPoint(at.x, at.y);
    if (!target || !el.contains(target)) return;
    const init = { bubbles: true, cancelable: true, clientX: at.x, clientY: at.y, button: 0 };
    // Pie-like traces hover on their shapes' mouseover, cartesian ones on the drag layer's mousemove.
    for (const type of ["mouseover", "mousemove"]) target.dispatchEvent(new MouseEvent(type, init));
    if (!at.click) return;
    // Pie-like traces take a click on the shape; cartesian ones a press and release on the drag layer.
    target.dispatchEvent(new MouseEvent("mousedown", { ...init, buttons: 1 }));
    target.dispatchEvent(new MouseEvent("mouseup", init));
    target.dispatchEvent(new MouseEvent("click", init));
  };
  const callbacks = plotCallbacks({ onPlotReady, onRenderSuccess, onRenderFailure });
  const drawn = (element: HTMLElement) => {
    if (interactive) replayHover(element);
    else onStaticDraw?.(element);
  };
  return (
    <div
      ref={box}
      data-test="plotly-chart"
      data-interactive={interactive || undefined}
      className={interactive ? undefined : classes.static}
      style={{ width: "100%", height }}
      onPointerEnter={wake}
      // A pointer already inside when a menu or dialog over the chart closed enters nothing.
      onPointerMove={wake}
      onFocusCapture={wake}
    >
      <Plot
        data={figure.data}
        layout={layout}
        config={interactive ? CONFIG : STATIC_CONFIG}
        style={{ width: "100%", height }}
        {...callbacks}
        onInitialized={(drawnFigure: unknown, element: HTMLElement) => {
          callbacks.onInitialized(drawnFigure, element);
          drawn(element);
        }}
        onUpdate={(drawnFigure: unknown, element: HTMLElement) => {
          callbacks.onUpdate(drawnFigure, element);
          drawn(element);
        }}
      />
    </div>
  );
}

/**
 * Saves the drawn chart as a PNG (Plotly's own export, no screenshot service). A chart shown as
 * its picture has no plot: Plotly draws the figure it carries off-screen for the image.
 */
export function downloadPlotImage(element: HTMLElement, filename: string) {
  const figure = (element as PictureElement).plotFigure;
  // A copy: Plotly writes into the traces it draws, and these are the picture's live figure's.
  return Plotly.downloadImage(figure ? structuredClone(figure) : element, { format: "png", filename });
}
