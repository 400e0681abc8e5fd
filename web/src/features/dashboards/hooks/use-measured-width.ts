import { useLayoutEffect, useRef, useState } from "react";

/**
 * An element's width (its border box), known before its first paint and followed as it changes.
 *
 * Mantine's `useElementSize` reports nothing until its observer's first report, handed on a frame
 * later: two frames or more in which the dashboard laid its charts out for a guessed width. A
 * chart whose rows came back in that time (a warm dashboard's do) was drawn for the wrong width,
 * then drawn again, and its kept picture was of a size the page no longer had.
 */
export function useMeasuredWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Read as the element first lays out: React renders again before the browser paints.
    setWidth(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      const box = entry.borderBoxSize?.[0];
      setWidth(box ? box.inlineSize : entry.target.getBoundingClientRect().width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
