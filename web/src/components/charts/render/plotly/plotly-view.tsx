import { Center, Loader } from "@mantine/core";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { t } from "../../../../lib/i18n";
import { lazyPart, useLazyPart } from "../../../../lib/lazy-part";
import type { ChartRenderProps } from "../chart-render-props";
import { FIGURES } from "./figures";
import { withHighlight } from "./figures/highlight";
import {
  hasPictures,
  type PictureElement,
  readPicture,
  keepPicture,
  showPicture,
  pictureKey,
} from "./plot-pictures";
import type { WakePoint } from "./plotly-chart";
import classes from "./plotly-view.module.css";
import { observeResize } from "./shared-resize";

/** Plotly itself (~1.3 MB): loaded only when a chart has to be drawn, not shown from its picture. */
const LIVE_PLOT = lazyPart(() => import("./plotly-chart"));

/**
 * Starts loading Plotly ahead of the chart's rows if this tab has no pictures: every chart will
 * need it. With pictures, a chart whose picture is kept needs none; Plotly then loads when idle.
 */
export function preloadDrawing(): void {
  if (!hasPictures()) LIVE_PLOT.load().catch(() => undefined);
}

function whenIdle(run: () => void) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

/**
 * Pictures waiting for an idle moment to be kept. A page left before that moment came (a reload,
 * a link followed straight after the charts drew) keeps them as it goes.
 */
const waitingToKeep = new Set<() => void>();
function keepWhenIdle(keep: () => void) {
  waitingToKeep.add(keep);
  whenIdle(() => {
    if (waitingToKeep.delete(keep)) keep();
  });
}
if (typeof window !== "undefined")
  window.addEventListener("pagehide", () => {
    for (const keep of waitingToKeep) keep();
    waitingToKeep.clear();
  });

/** What Plotly leaves on a plot element that says how it was drawn. */
type DrawnPlot = HTMLElement & { _fullLayout?: { width?: number }; _context?: { staticPlot?: boolean } };
/** The key of each plot's latest static draw: a picture is kept only of what the plot still shows. */
const lastStaticDraw = new WeakMap<HTMLElement, string>();

/**
 * Pictures are put in once every chart of the commit has measured its box: a picture put in
 * between two measures would make the second one lay the page out again.
 */
const toPutIn: (() => void)[] = [];
function afterMeasuring(putIn: () => void) {
  if (toPutIn.push(putIn) === 1)
    queueMicrotask(() => {
      for (const work of toPutIn.splice(0)) work();
    });
}

/** `plot` with `overPicture`: woken from a picture, which stays in view until Plotly has drawn. */
type Mode =
  | { kind: "deciding" }
  | { kind: "picture" }
  | { kind: "plot"; awake?: WakePoint; overPicture?: boolean };

/**
 * Every Plotly-drawn visualisation: the viz's figure, shown as the picture this tab kept of the
 * same figure at the same size if there is one (see plot-pictures.ts), drawn by Plotly if not.
 * A picture becomes a live plot when the pointer or the focus reaches it, or its box resizes;
 * a live plot stays live.
 */
export default function PlotlyView({
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
  // The figure's text, taken before Plotly (which writes into the objects it draws) sees it.
  const figureText = useMemo(() => JSON.stringify(shown), [shown]);
  const box = useRef<HTMLDivElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<Mode>({ kind: "deciding" });
  const LivePlot = useLazyPart(LIVE_PLOT, mode.kind === "plot")?.default;
  const live = mode.kind === "plot" && LivePlot;
  const pictured = mode.kind === "picture" || (mode.kind === "plot" && !live && mode.overPicture === true);

  // The key of the picture in the layer, if one is shown.
  const shownKey = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    if (mode.kind === "plot") return;
    const element = box.current;
    const target = layer.current;
    if (!element || !target) return;
    const width = element.getBoundingClientRect().width;
    const key = pictureKey(figureText, width, height);
    if (key === shownKey.current) return;
    const markup = width > 0 ? readPicture(key) : undefined;
    if (markup) {
      shownKey.current = key;
      setMode({ kind: "picture" });
      afterMeasuring(() => {
        if (shownKey.current !== key || showPicture(target, markup)) return;
        shownKey.current = undefined; // not a picture after all: drawn by Plotly
        setMode({ kind: "plot" });
      });
      const picture: PictureElement = Object.assign(target, {
        plotFigure: { data: shown.data, layout: { ...shown.layout, width, height } },
      });
      onPlotReady?.(picture);
      onRenderSuccess?.();
      // Plotly is wanted as soon as the pointer arrives: loaded while nothing else runs.
      whenIdle(() => LIVE_PLOT.load().catch(() => undefined));
    } else {
      shownKey.current = undefined;
      target.replaceChildren();
      setMode({ kind: "plot" });
    }
  }, [figureText, shown, height, mode.kind, onPlotReady, onRenderSuccess]);

  // A picture is of one size: a box resized is drawn by Plotly at its new size.
  useEffect(() => {
    const element = box.current;
    if (mode.kind !== "picture" || !element) return;
    return observeResize(element, () => {
      shownKey.current = undefined;
      layer.current?.replaceChildren();
      setMode({ kind: "plot" });
    });
  }, [mode.kind]);

  const wake = (event: React.PointerEvent | React.FocusEvent) => {
    if (mode.kind !== "picture") return;
    const awake = "clientX" in event ? { x: event.clientX, y: event.clientY } : null;
    // Drawn in this event when Plotly is in: a click right after the pointer arrives finds the plot.
    flushSync(() => setMode({ kind: "plot", awake, overPicture: true }));
  };
  // A click on the picture while Plotly is still loading (a click straight after the page opened)
  // is made again on the live plot once drawn: a slice clicked is a cross filter, as ever.
  const clickBeforeLive = (event: React.MouseEvent) => {
    if (live || mode.kind === "deciding") return;
    const overPicture = mode.kind === "picture" || (mode.kind === "plot" && mode.overPicture);
    setMode({ kind: "plot", awake: { x: event.clientX, y: event.clientY, click: true }, overPicture });
  };

  const keep = useCallback(
    (plot: HTMLElement) => {
      const width = (plot as DrawnPlot)._fullLayout?.width;
      if (!width) return;
      const key = pictureKey(figureText, width, height);
      lastStaticDraw.set(plot, key);
      keepWhenIdle(() => {
        // Kept only if the plot still shows that draw: not redrawn since with other data, at
        // another size, or woken (an interactive plot's layers are not a static picture).
        const now = plot as DrawnPlot;
        if (
          plot.isConnected &&
          lastStaticDraw.get(plot) === key &&
          now._context?.staticPlot &&
          Math.round(now._fullLayout?.width ?? 0) === Math.round(width)
        )
          keepPicture(key, plot);
      });
    },
    [figureText, height],
  );

  return (
    <div
      ref={box}
      className={classes.box}
      style={{ height }}
      onPointerEnter={wake}
      // A pointer already inside when a menu or dialog over the chart closed enters nothing.
      onPointerMove={wake}
      onFocusCapture={wake}
      onClick={clickBeforeLive}
    >
      {live ? (
        <LivePlot
          figure={shown}
          awake={mode.awake}
          height={height}
          onPlotReady={onPlotReady}
          onRenderSuccess={onRenderSuccess}
          onRenderFailure={onRenderFailure}
          onStaticDraw={keep}
        />
      ) : (
        // The picture's layer: its SVG is put in by hand (showPicture), React only owns the box.
        <div
          ref={layer}
          className={classes.picture}
          data-test={pictured ? "plotly-chart" : undefined}
          data-picture={pictured || undefined}
        />
      )}
      {/* Woken from a picture, the picture stays until Plotly is in; otherwise a loader. */}
      {mode.kind === "plot" && !pictured && !LivePlot && (
        <Center h={height} className={classes.loading}>
          <Loader aria-label={t("Loading chart")} />
        </Center>
      )}
    </div>
  );
}
