import {
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
  useLayoutEffect,
  useRef,
  useState,
} from "react";

/** A cell by its row's index in the current (sorted) view and its column key. */
export interface ActiveCell {
  row: number;
  col: string;
}

const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

const clamp = (n: number, max: number) => Math.min(Math.max(n, 0), max);

function cellOf(target: EventTarget): ActiveCell | null {
  const el = (target as HTMLElement).closest?.<HTMLElement>('[role="gridcell"][data-col]');
  if (!el?.dataset.col || el.dataset.row === undefined) return null;
  return { row: Number(el.dataset.row), col: el.dataset.col };
}

/**
 * The focused cell of the grid: click or Tab focuses a cell (roving tabindex: one cell is in the
 * tab order), arrow keys move, Ctrl/Cmd+C copies the cell. `columns` are the visible column keys
 * in display order.
 */
export function useActiveCell({
  gridRef,
  rowCount,
  columns,
  onCopy,
}: {
  gridRef: RefObject<HTMLElement | null>;
  rowCount: number;
  columns: string[];
  onCopy: (cell: ActiveCell) => void;
}) {
  const [active, setActive] = useState<ActiveCell | null>(null);
  const pendingFocus = useRef(false);
  // The tab stop: the active cell while it still exists, else the first cell.
  const current =
    active && active.row < rowCount && columns.includes(active.col)
      ? active
      : rowCount > 0 && columns.length > 0
        ? { row: 0, col: columns[0] }
        : null;

  // Focus the cell a key moved to once it has rendered as the tab stop. A one-step move stays
  // within the virtualiser's overscan, so the row is in the DOM; focusing scrolls it into view.
  useLayoutEffect(() => {
    if (!pendingFocus.current || !current) return;
    pendingFocus.current = false;
    const row = gridRef.current?.querySelector(`[aria-rowindex="${current.row + 2}"]`);
    const cell = Array.from(row?.querySelectorAll<HTMLElement>('[role="gridcell"]') ?? []).find(
      (el) => el.dataset.col === current.col,
    );
    cell?.focus();
  });

  const onFocus = (event: FocusEvent) => {
    const cell = cellOf(event.target);
    if (cell && (cell.row !== active?.row || cell.col !== active?.col)) setActive(cell);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const cell = cellOf(event.target);
    if (!cell) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "c") {
      // With text selected inside the grid, let the browser copy the selection.
      const selection = window.getSelection();
      if (selection && !selection.isCollapsed && selection.toString()) return;
      event.preventDefault();
      onCopy(cell);
      return;
    }
    const move = MOVES[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const row = clamp(cell.row + move[0], rowCount - 1);
    const col = columns[clamp(columns.indexOf(cell.col) + move[1], columns.length - 1)];
    pendingFocus.current = true;
    setActive({ row, col });
  };

  const tabIndexOf = (row: number, col: string) => (current?.row === row && current.col === col ? 0 : -1);
  const isActive = (row: number, col: string) => active?.row === row && active.col === col;
  return { tabIndexOf, isActive, onFocus, onKeyDown };
}
