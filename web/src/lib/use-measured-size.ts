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
export function useMeasuredSize<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [size, setSize] = useState<Size & { measured: boolean }>({ width: 0, height: 0, measured: false });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const keep = (width: number, height: number) =>
      setSize((old) =>
        old.measured && old.width === width && old.height === height
          ? old
          : { width, height, measured: true },
      );
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
