import { Paper, Text } from "@mantine/core";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import { t } from "../../../../lib/i18n";
import {
  checkDrop,
  type DropCheck,
  dropTargetOf,
  getDropPosition,
  type Rect,
  resolveDrop,
} from "../../model/drop-rules";
import { depthMap, descendantIds, parentMap } from "../../model/layout-tree";
import type { DragItem, DropResult, Layout } from "../../model/layout-types";

interface Indicator {
  rect: Rect;
  drop: DropResult;
  check: DropCheck;
}

interface DndContextValue {
  startDrag: (item: DragItem, label: string, event: React.PointerEvent) => void;
  draggingId: string | null;
  draggingType: string | null;
}

const DndContext = createContext<DndContextValue>({
  startDrag: () => {},
  draggingId: null,
  draggingType: null,
});
export const useDnd = () => useContext(DndContext);

const START_DISTANCE = 5;

/** The innermost component under the pointer that takes the item, with where it lands. */
function findDrop(layout: Layout, item: DragItem, x: number, y: number): Indicator | null {
  const depths = depthMap(layout);
  const parents = parentMap(layout);
  const own = new Set(layout[item.id] ? descendantIds(layout, item.id) : []);
  const under = document.elementsFromPoint(x, y);
  const seen = new Set<Element>();
  for (const start of under) {
    let el: Element | null = start.closest("[data-dnd-id]");
    while (el && !seen.has(el)) {
      seen.add(el);
      const id = el.getAttribute("data-dnd-id")!;
      const target = own.has(id) ? null : dropTargetOf(layout, id, depths, parents);
      if (target) {
        const box = el.getBoundingClientRect();
        const rect = { top: box.top, left: box.left, right: box.right, bottom: box.bottom };
        const hit = getDropPosition(item.type, target, { x, y }, rect);
        const drop = hit ? resolveDrop(layout, item, id, hit) : null;
        if (drop) {
          const check = checkDrop(layout, drop);
          if (check.ok || check.message) return { rect, drop, check };
        }
      }
      el = el.parentElement?.closest("[data-dnd-id]") ?? null;
    }
    if (seen.size > 0) break;
  }
  return null;
}

function IndicatorLine({ indicator }: { indicator: Indicator }) {
  const { rect, drop, check } = indicator;
  const color = check.ok ? "var(--mantine-color-blue-6)" : "var(--mantine-color-red-6)";
  const p = drop.position ?? "bottom";
  const thickness = 4;
  const style: React.CSSProperties = {
    position: "fixed",
    background: color,
    zIndex: 1000,
    pointerEvents: "none",
    borderRadius: 2,
  };
  if (p === "top" || p === "bottom") {
    Object.assign(style, {
      left: rect.left,
      width: rect.right - rect.left,
      height: thickness,
      top: (p === "top" ? rect.top : rect.bottom) - thickness / 2,
    });
  } else {
    Object.assign(style, {
      top: rect.top,
      height: rect.bottom - rect.top,
      width: thickness,
      left: (p === "left" ? rect.left : rect.right) - thickness / 2,
    });
  }
  return <div style={style} data-test="drop-indicator" data-drop-ok={check.ok} />;
}

/**
 * Pointer-driven drag and drop of layout components (edit mode): a drag handle starts it, the
 * drop rules pick the target under the pointer, an indicator shows where it lands.
 */
export function DndProvider({
  layout,
  onDrop,
  children,
}: {
  layout: Layout;
  onDrop: (drop: DropResult, check: DropCheck) => void;
  children: ReactNode;
}) {
  const [draggingId, setDraggingId] = useState<string | null>(null);
  const [draggingType, setDraggingType] = useState<string | null>(null);
  const [indicator, setIndicator] = useState<Indicator | null>(null);
  const [ghost, setGhost] = useState<{ x: number; y: number; label: string } | null>(null);
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  const onDropRef = useRef(onDrop);
  onDropRef.current = onDrop;

  const startDrag = useCallback((item: DragItem, label: string, event: React.PointerEvent) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const origin = { x: event.clientX, y: event.clientY };
    let started = false;
    let current: Indicator | null = null;
    const move = (e: PointerEvent) => {
      if (!started) {
        if (Math.hypot(e.clientX - origin.x, e.clientY - origin.y) < START_DISTANCE) return;
        started = true;
        setDraggingId(item.id);
        setDraggingType(item.type);
        document.body.style.userSelect = "none";
      }
      setGhost({ x: e.clientX, y: e.clientY, label });
      current = findDrop(layoutRef.current, item, e.clientX, e.clientY);
      setIndicator(current);
    };
    const finish = (commit: boolean) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("keydown", key);
      document.body.style.userSelect = "";
      setDraggingId(null);
      setDraggingType(null);
      setIndicator(null);
      setGhost(null);
      if (commit && started && current) onDropRef.current(current.drop, current.check);
    };
    const up = () => finish(true);
    const key = (e: KeyboardEvent) => {
      if (e.key === "Escape") finish(false);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("keydown", key);
  }, []);

  const value = useMemo(
    () => ({ startDrag, draggingId, draggingType }),
    [startDrag, draggingId, draggingType],
  );
  return (
    <DndContext.Provider value={value}>
      {children}
      {indicator && <IndicatorLine indicator={indicator} />}
      {ghost && (
        <Paper
          shadow="md"
          px="xs"
          py={4}
          withBorder
          style={{
            position: "fixed",
            left: ghost.x + 12,
            top: ghost.y + 12,
            zIndex: 1001,
            pointerEvents: "none",
            opacity: 0.9,
          }}
          data-test="drag-ghost"
        >
          <Text size="xs">{ghost.label || t("Component")}</Text>
        </Paper>
      )}
    </DndContext.Provider>
  );
}
