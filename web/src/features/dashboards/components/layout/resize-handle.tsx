import { t } from "../../../../lib/i18n";
import { GRID_BASE_UNIT, GUTTER } from "../../model/layout-types";
import classes from "./layout.module.css";

export interface ResizeSize {
  width: number;
  height: number;
}

interface Props {
  size: ResizeSize;
  columnWidth: number;
  adjustWidth: boolean;
  adjustHeight: boolean;
  onResize: (size: ResizeSize) => void;
  onResizeStop: (size: ResizeSize) => void;
}

/** Corner handle: width snaps to grid columns, height to grid units (8 px). */
export function ResizeHandle({
  size,
  columnWidth,
  adjustWidth,
  adjustHeight,
  onResize,
  onResizeStop,
}: Props) {
  const onPointerDown = (event: React.PointerEvent) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const start = { x: event.clientX, y: event.clientY };
    let last = size;
    const compute = (e: PointerEvent): ResizeSize => ({
      width: adjustWidth
        ? size.width + Math.round((e.clientX - start.x) / (columnWidth + GUTTER))
        : size.width,
      height: adjustHeight ? size.height + Math.round((e.clientY - start.y) / GRID_BASE_UNIT) : size.height,
    });
    const move = (e: PointerEvent) => {
      last = compute(e);
      onResize(last);
    };
    const up = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      document.body.style.userSelect = "";
      onResizeStop(last);
    };
    document.body.style.userSelect = "none";
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  };
  return (
    <div
      className={
        adjustWidth && adjustHeight
          ? classes.resizeCorner
          : adjustWidth
            ? classes.resizeRight
            : classes.resizeBottom
      }
      onPointerDown={onPointerDown}
      role="separator"
      aria-label={t("Resize")}
      data-test="resize-handle"
    />
  );
}
