import { useElementSize } from "@mantine/hooks";
import type { MouseEvent as ReactMouseEvent } from "react";
import type { QueryEditor } from "../model/types";

type SplitPercents = Pick<QueryEditor, "northPercent" | "southPercent">;

/**
 * The editor/results split of a tab: put `splitRef` on the column, size the editor with `northPx` and the
 * results with `southPx`, and start a drag with `startDrag` on the handle (a direct child of the column).
 * Dragging reports the new percentages (kept between 15% and 85%) through `onResize`.
 */
export function useSplitDrag(northPercent: number, onResize: (percents: SplitPercents) => void) {
  const { ref: splitRef, height: splitHeight } = useElementSize();

  const northPx = Math.max(120, Math.round((splitHeight * northPercent) / 100));
  const southPx = Math.max(160, splitHeight - northPx - 48);

  const startDrag = (e: ReactMouseEvent) => {
    e.preventDefault();
    const el = (e.currentTarget.parentElement as HTMLElement).getBoundingClientRect();
    const move = (ev: MouseEvent) => {
      const pct = Math.min(85, Math.max(15, ((ev.clientY - el.top) / el.height) * 100));
      onResize({ northPercent: Math.round(pct), southPercent: 100 - Math.round(pct) });
    };
    const up = () => {
      window.removeEventListener("mousemove", move);
      window.removeEventListener("mouseup", up);
    };
    window.addEventListener("mousemove", move);
    window.addEventListener("mouseup", up);
  };

  return { splitRef, northPx, southPx, startDrag };
}
