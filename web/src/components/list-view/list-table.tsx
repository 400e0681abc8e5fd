import "mantine-datatable/styles.css";
import { DataTable, type DataTableColumn } from "mantine-datatable";
import type { ListColumn, SortState } from "./types";

interface Props<T> {
  rows: T[];
  columns: ListColumn<T>[];
  loading: boolean;
  rowKey: (row: T) => string | number;
  sort: SortState;
  onSortChange: (sort: SortState) => void;
  bulkSelect: boolean;
  selected: T[];
  onSelectedChange: (rows: T[]) => void;
}

/** Table mode of the list view: server-sorted headers, optional row selection. */
export function ListTable<T>({
  rows,
  columns,
  loading,
  rowKey,
  sort,
  onSortChange,
  bulkSelect,
  selected,
  onSelectedChange,
}: Props<T>) {
  const tableColumns: DataTableColumn<T>[] = columns
    .filter((c) => !c.hidden)
    .map((c) => ({
      accessor: c.id,
      title: c.header ?? c.id,
      sortable: c.sortable ?? false,
      width: c.width,
      textAlign: c.textAlign,
      render: c.render
        ? (row: T) => c.render!(row)
        : (row: T) => String((row as Record<string, unknown>)[c.id] ?? ""),
    }));
  const selection = bulkSelect
    ? { selectedRecords: selected, onSelectedRecordsChange: onSelectedChange }
    : {};
  return (
    <DataTable<T>
      withTableBorder
      borderRadius="sm"
      highlightOnHover
      minHeight={rows.length === 0 ? 160 : undefined}
      records={rows}
      columns={tableColumns}
      idAccessor={(row) => rowKey(row)}
      fetching={loading}
      sortStatus={{ columnAccessor: sort.id, direction: sort.desc ? "desc" : "asc" }}
      onSortStatusChange={(s) => {
        const id = String(s.columnAccessor);
        // The table keeps the current direction when another column's header is clicked, so a
        // list sorted by "Recently modified" sorted a name column Z→A first. As in Superset, a
        // new column starts ascending; clicking it again flips it.
        onSortChange({ id, desc: id === sort.id && s.direction === "desc" });
      }}
      customRowAttributes={() => ({ "data-test": "table-row" })}
      data-test="listview-table"
      {...selection}
    />
  );
}
