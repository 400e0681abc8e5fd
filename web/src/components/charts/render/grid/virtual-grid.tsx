import { Box, Text, UnstyledButton } from "@mantine/core";
import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  type SortingState,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useMemo, useRef, useState } from "react";
import classes from "./virtual-grid.module.css";

export type GridRow = Record<string, unknown>;

export interface GridColumn {
  key: string;
  label: string;
  numeric?: boolean;
  format?: (value: unknown) => string;
  /** Extra cell content (e.g. cell bars) drawn behind the value. */
  decorate?: (value: unknown) => ReactNode;
}

/** Row height of the virtual table (001 §9: 39 px). */
export const ROW_HEIGHT = 39;
const COLUMN_WIDTH = 160;
const ROW_NUMBER_WIDTH = 56;

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
});
const helper = createColumnHelper<typeof features, GridRow>();

function display(value: unknown): string {
  if (value === null || value === undefined) return "N/A";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

interface Props {
  columns: GridColumn[];
  rows: GridRow[];
  height: number;
  /** Client-side sorting by header clicks (none → ascending → descending; Shift adds columns). */
  sortable?: boolean;
  "data-test"?: string;
}

/**
 * A virtualised grid (TanStack Table + react-virtual): only the visible rows are in the DOM, so
 * 100k-row results scroll smoothly. A row-number column is pinned left.
 */
export function VirtualGrid({ columns, rows, height, sortable = true, ...rest }: Props) {
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
  });
  const model = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: model.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const width = ROW_NUMBER_WIDTH + columns.length * COLUMN_WIDTH;
  const byKey = new Map(columns.map((c) => [c.key, c]));
  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      style={{ height }}
      data-test={rest["data-test"] ?? "virtual-grid"}
      role="grid"
      aria-rowcount={model.length + 1}
    >
      <div className={classes.header} style={{ width }} role="row">
        <div className={`${classes.cell} ${classes.rowNumber}`} style={{ width: ROW_NUMBER_WIDTH }}>
          #
        </div>
        {table.getHeaderGroups()[0]?.headers.map((header) => {
          const sorted = header.column.getIsSorted();
          const column = byKey.get(header.column.id);
          return (
            <div
              key={header.id}
              role="columnheader"
              aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none"}
              className={classes.cell}
              style={{ width: COLUMN_WIDTH, justifyContent: column?.numeric ? "flex-end" : undefined }}
            >
              <UnstyledButton
                className={classes.headerButton}
                onClick={sortable ? header.column.getToggleSortingHandler() : undefined}
                title={column?.label}
              >
                <Text size="sm" fw={600} truncate>
                  {column?.label}
                </Text>
                {sorted && <span aria-hidden>{sorted === "asc" ? " ▲" : " ▼"}</span>}
              </UnstyledButton>
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
              {row.getAllCells().map((cell) => {
                const column = byKey.get(cell.column.id);
                const value = cell.getValue();
                const text = column?.format ? column.format(value) : display(value);
                return (
                  <div
                    key={cell.id}
                    role="gridcell"
                    className={classes.cell}
                    style={{ width: COLUMN_WIDTH, justifyContent: column?.numeric ? "flex-end" : undefined }}
                    title={text}
                  >
                    {column?.decorate?.(value)}
                    <Box component="span" className={classes.value} c={value == null ? "dimmed" : undefined}>
                      {text}
                    </Box>
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
