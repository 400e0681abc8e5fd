import { useVirtualizer } from "@tanstack/react-virtual";
import { type CSSProperties, useRef } from "react";
import { AUTOSIZE_SAMPLE, autosizeWidth, MIN_COLUMN_WIDTH, textMeasure } from "./autosize";
import { ColumnMenu, type ColumnMenuActions } from "./column-menu";
import { copyToClipboard } from "./grid-clipboard";
import { cellText, downloadCsv, toCsv, toTsv } from "./grid-csv";
import type { ColumnMenuOption, GridColumn, GridRow } from "./types";
import { useActiveCell } from "./use-active-cell";
import { type GridTableColumn, useGridTable } from "./use-grid-table";
import classes from "./virtual-grid.module.css";

export type { ColumnMenuOption, GridColumn, GridRow } from "./types";

/** Row height of the virtual table (001 §9: 39 px). */
export const ROW_HEIGHT = 39;
const ROW_NUMBER_WIDTH = 56;

function display(value: unknown): string {
  if (value === null || value === undefined) return "N/A";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** A cell's text as shown in the grid. */
const shownText = (column: GridColumn | undefined, value: unknown) =>
  column?.format ? column.format(value) : display(value);

/** Sticky offsets of a pinned column: after the row numbers and earlier left-pinned columns. */
function pinning(column: GridTableColumn): { style?: CSSProperties; side?: "left" | "right" } {
  const pinned = column.getIsPinned();
  if (pinned === "start")
    return { side: "left", style: { left: ROW_NUMBER_WIDTH + column.getStart("start") } };
  if (pinned === "end") return { side: "right", style: { right: column.getAfter("end") } };
  return {};
}

interface Props {
  columns: GridColumn[];
  rows: GridRow[];
  height: number;
  /**
   * The grid fills its box's height (a flex cell's), and `height` is only a first guess of it, for
   * the rows drawn before the box is laid out: its owner needs no measure of the box, and the
   * grid no second render once one is taken.
   */
  fillHeight?: boolean;
  /** Client-side sorting by header clicks (none → ascending → descending; Shift adds columns). */
  sortable?: boolean;
  /**
   * The column header menu (copy, CSV, autosize, hide/unhide, pin, reset), resizable columns and
   * focusable cells with Ctrl/Cmd+C. Off by default (the table chart has none).
   */
  columnMenu?: ColumnMenuOption;
  /**
   * Columns share the grid's width (never narrower than the minimum), so a table fits its card
   * without a clipped last column; beyond the minimum the grid scrolls sideways. Not with the
   * column menu, whose columns take the widths a user gives them.
   */
  fitWidth?: boolean;
  "data-test"?: string;
}

/**
 * A virtualised grid (TanStack Table + react-virtual): only the visible rows are in the DOM, so
 * 100k-row results scroll smoothly. A row-number column is pinned left.
 */
export function VirtualGrid({
  columns,
  rows,
  height,
  sortable = true,
  columnMenu,
  fitWidth = false,
  fillHeight = false,
  ...rest
}: Props) {
  const interactive = Boolean(columnMenu);
  const fileName = (typeof columnMenu === "object" && columnMenu.fileName) || "data.csv";
  const scrollRef = useRef<HTMLDivElement>(null);
  // Fitted columns share the box in CSS (flex, with the minimum width): the box is never measured
  // for them, and every cell renders once at its width instead of again after a measure.
  const fit = fitWidth && !interactive;
  const { table, byKey, visibleColumns, reset } = useGridTable(columns, rows, sortable, interactive);
  const model = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: model.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Rows drawn beyond the visible ones each way: enough for a wheel notch, few enough that a
    // dashboard of small tables does not draw twice the rows it shows.
    overscan: 4,
    // The box's height is known: the first render already has the rows in view, instead of none
    // until the scroller has been measured.
    initialRect: { width: 0, height },
  });
  const view = () => model.map((r) => r.original);
  const focus = useActiveCell({
    gridRef: scrollRef,
    rowCount: model.length,
    columns: visibleColumns.map((c) => c.key),
    onCopy: ({ row, col }) => {
      const column = byKey.get(col);
      if (column && model[row]) void copyToClipboard(cellText(column, model[row].original[col]));
    },
  });

  const actions: ColumnMenuActions = {
    copy: () => void copyToClipboard(toTsv(visibleColumns, view())),
    download: () => downloadCsv(fileName, toCsv(visibleColumns, view())),
    autosize: (key) => {
      const style = scrollRef.current ? getComputedStyle(scrollRef.current) : null;
      const measure = textMeasure(
        style?.fontSize ? `${style.fontSize} ${style.fontFamily}` : "14px sans-serif",
      );
      const sample = model.slice(0, AUTOSIZE_SAMPLE);
      const targets = key ? visibleColumns.filter((c) => c.key === key) : visibleColumns;
      const widths = Object.fromEntries(
        targets.map((c) => {
          const values = sample.map((r) => shownText(c, r.original[c.key]));
          return [c.key, autosizeWidth(c.label, values, measure)];
        }),
      );
      table.setColumnSizing((old) => ({ ...old, ...widths }));
    },
    hide: (key) => table.getColumn(key)?.toggleVisibility(false),
    show: (key) => (key ? table.getColumn(key)?.toggleVisibility(true) : table.resetColumnVisibility(true)),
    pin: (key, side) => table.getColumn(key)?.pin(side),
    reset,
  };
  const hidden = columns.filter((c) => !table.getColumn(c.key)?.getIsVisible());

  const width = fit
    ? `max(100%, ${ROW_NUMBER_WIDTH + visibleColumns.length * MIN_COLUMN_WIDTH}px)`
    : ROW_NUMBER_WIDTH + table.getTotalSize();
  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      style={{
        height: fillHeight ? "100%" : height,
        ...(fit && ({ "--grid-min-column": `${MIN_COLUMN_WIDTH}px` } as CSSProperties)),
      }}
      data-test={rest["data-test"] ?? "virtual-grid"}
      data-fit={fit || undefined}
      role="grid"
      aria-rowcount={model.length + 1}
      onKeyDown={interactive ? focus.onKeyDown : undefined}
      onFocus={interactive ? focus.onFocus : undefined}
    >
      <div className={classes.header} style={{ width }} role="row">
        <div className={`${classes.cell} ${classes.rowNumber}`} style={{ width: ROW_NUMBER_WIDTH }}>
          #
        </div>
        {table.getHeaderGroups()[0]?.headers.map((header) => {
          const sorted = header.column.getIsSorted();
          const column = byKey.get(header.column.id);
          const pin = pinning(header.column);
          if (!column) return null;
          return (
            <div
              key={header.id}
              role="columnheader"
              aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none"}
              className={`${classes.cell} ${pin.side ? classes.pinned : ""}`}
              data-pinned={pin.side}
              data-col={column.key}
              style={{
                ...pin.style,
                width: fit ? undefined : header.getSize(),
                justifyContent: column.numeric ? "flex-end" : undefined,
              }}
            >
              {/* Plain elements, not Mantine's: a dashboard draws a header per table, again on resize. */}
              <button
                type="button"
                className={`${classes.headerButton} mantine-focus-auto`}
                style={{ justifyContent: column.numeric ? "flex-end" : undefined }}
                onClick={sortable ? header.column.getToggleSortingHandler() : undefined}
                title={column.label}
              >
                <span className={classes.headerLabel}>{column.label}</span>
                {sorted && <span aria-hidden>{sorted === "asc" ? " ▲" : " ▼"}</span>}
              </button>
              {interactive && (
                <>
                  <ColumnMenu
                    column={column}
                    pinned={header.column.getIsPinned()}
                    canHide={visibleColumns.length > 1}
                    hidden={hidden}
                    actions={actions}
                  />
                  {/* Drag to resize; double-click autosizes (the menu offers the same from the keyboard). */}
                  <div
                    aria-hidden
                    className={classes.resizer}
                    data-resizing={header.column.getIsResizing() || undefined}
                    onMouseDown={header.getResizeHandler()}
                    onTouchStart={header.getResizeHandler()}
                    onDoubleClick={() => actions.autosize(column.key)}
                  />
                </>
              )}
            </div>
          );
        })}
      </div>
      <div style={{ height: virtualizer.getTotalSize(), width, position: "relative" }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = model[item.index];
          return (
            <div
              key={row.id}
              role="row"
              aria-rowindex={item.index + 2}
              className={classes.row}
              style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)`, width }}
              data-test="grid-row"
            >
              <div className={`${classes.cell} ${classes.rowNumber}`} style={{ width: ROW_NUMBER_WIDTH }}>
                {item.index + 1}
              </div>
              {row.getVisibleCells().map((cell) => {
                const column = byKey.get(cell.column.id);
                const value = cell.getValue();
                const text = shownText(column, value);
                const pin = pinning(cell.column);
                return (
                  <div
                    key={cell.id}
                    role="gridcell"
                    className={`${classes.cell} ${pin.side ? classes.pinned : ""}`}
                    data-pinned={pin.side}
                    style={{
                      ...pin.style,
                      width: fit ? undefined : cell.column.getSize(),
                      justifyContent: column?.numeric ? "flex-end" : undefined,
                    }}
                    title={text}
                    {...(interactive && {
                      "data-row": item.index,
                      "data-col": cell.column.id,
                      "data-active": focus.isActive(item.index, cell.column.id) || undefined,
                      tabIndex: focus.tabIndexOf(item.index, cell.column.id),
                    })}
                  >
                    {column?.decorate?.(value)}
                    {/* A plain span, not a Mantine Box: a grid shows hundreds of cells at once. */}
                    <span className={classes.value} data-missing={value == null || undefined}>
                      {text}
                    </span>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
