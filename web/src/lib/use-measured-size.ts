import { useLayoutEffect, useRef, useState } from "react";

interface Size {
  width: number;
  height: number;
}

/**
 * An element's border-box size, known before its first paint and followed as it changes.
 *
 * Mantine's `useElementSize` reports nothing until its observer's first report, handed on a frame
 * later: two frames or more in which a dashboard laid its charts out for a guessed width (a warm
 * chart whose rows came back in that time was drawn for the wrong width, then drawn again, and
 * its kept picture no longer matched the page), and a table drew its rows for an estimated
 * height, then again. Here the first measure is taken as the element first lays out, and React
 * renders again before the browser paints; a report of the same size changes nothing.
 * `measured` says that first measure has been taken (a box may measure 0 wide, as in jsdom): a
 * component whose children depend on the size renders them only then, once, at their size.
 */
export function useMeasuredSize<T extends HTMLElement>(
  /**
   * "width": a change of height alone is not reported (`height` is as measured with the width). The
   * dashboard's grid sizes its charts by its width, and its height grows as they mount: each growth
   * rendered every chart again.
   */
  follow: "size" | "width" = "size",
) {
  const ref = useRef<T>(null);
  const [size, setSize] = useState<Size & { measured: boolean }>({ width: 0, height: 0, measured: false });
  // biome-ignore lint/correctness/useExhaustiveDependencies: what a caller follows is fixed for its life
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // A report of the size already kept schedules nothing: the observer's first report always
    // repeats the measure above, and even an update that keeps the same state makes React render
    // the component once more (a dashboard's grid and each table chart did, as they loaded).
    let kept: Size | undefined;
    const keep = (width: number, height: number) => {
      if (kept?.width === width && (follow === "width" || kept.height === height)) return;
      kept = { width, height };
      setSize({ width, height, measured: true });
    };
    const box = element.getBoundingClientRect();
    keep(box.width, box.height);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      const border = entry.borderBoxSize?.[0];
      if (border) keep(border.inlineSize, border.blockSize);
      else {
        const rect = entry.target.getBoundingClientRect();
        keep(rect.width, rect.height);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, ...size };
}
