import {
  type Column,
  columnPinningFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  type SortingState,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { useEffect, useMemo, useRef, useState } from "react";
import { MIN_COLUMN_WIDTH } from "./autosize";
import type { GridColumn, GridRow } from "./types";

export const COLUMN_WIDTH = 160;
const MAX_RESIZE_WIDTH = 1200;

const features = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  columnPinningFeature,
  columnSizingFeature,
  columnResizingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
});
const helper = createColumnHelper<typeof features, GridRow>();

export type GridTableColumn = Column<typeof features, GridRow, unknown>;

/**
 * The grid's TanStack table: sorting (none → ascending → descending, Shift adds columns) and, when
 * `interactive`, per-column visibility, pinning and widths (dragged or autosized), with a reset.
 */
export function useGridTable(
  columns: GridColumn[],
  rows: GridRow[],
  sortable: boolean,
  interactive: boolean,
) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const defs = useMemo(
    () =>
      helper.columns(
        columns.map((c) =>
          helper.accessor((row) => row[c.key] as string | number | null, {
            id: c.key,
            header: c.label,
            sortDescFirst: false,
            sortFn: c.numeric ? "basic" : "alphanumeric",
            sortUndefined: "last",
            size: COLUMN_WIDTH,
            minSize: MIN_COLUMN_WIDTH,
            maxSize: MAX_RESIZE_WIDTH,
          }),
        ),
      ),
    [columns],
  );
  const table = useTable({
    features,
    columns: defs,
    data: rows,
    state: { sorting },
    onSortingChange: setSorting,
    enableSorting: sortable,
    enableHiding: interactive,
    enableColumnPinning: interactive,
    enableColumnResizing: interactive,
    columnResizeMode: "onChange",
  });
  const byKey = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);
  /** The grid columns as shown: visible only, pinned left first, pinned right last. */
  const visibleColumns = [
    ...table.getStartVisibleLeafColumns(),
    ...table.getCenterVisibleLeafColumns(),
    ...table.getEndVisibleLeafColumns(),
  ]
    .map((c) => byKey.get(c.id))
    .filter((c): c is GridColumn => c !== undefined);
  const resetColumns = () => {
    table.resetColumnVisibility(true);
    table.resetColumnPinning(true);
    table.resetColumnSizing(true);
  };
  const reset = () => {
    setSorting([]);
    resetColumns();
  };
  // Another set of columns (a new query's result) starts with fresh column settings; sorting is
  // kept as before (a sort on a column that is gone does nothing).
  const signature = columns.map((c) => c.key).join("\n");
  const seen = useRef(signature);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the set of columns changes
  useEffect(() => {
    if (seen.current === signature) return;
    seen.current = signature;
    resetColumns();
  }, [signature]);
  return { table, byKey, visibleColumns, reset };
}

export type GridTable = ReturnType<typeof useGridTable>["table"];
