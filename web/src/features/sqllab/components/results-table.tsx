import { type GridColumn, type GridRow, VirtualGrid } from "../../../components/charts/render/grid";
import type { ResultColumn } from "../model/types";

const NUMERIC = 0;

/** Results of a run in the shared virtualised grid (lazy chunk). */
export default function ResultsTable({
  rows,
  columns,
  height,
  fillHeight = false,
}: {
  rows: GridRow[];
  columns: ResultColumn[];
  /** The grid's height, or its first guess when it fills its box (`fillHeight`). */
  height: number;
  fillHeight?: boolean;
}) {
  const cols: GridColumn[] = columns.map((c) => ({
    key: c.column_name ?? c.name ?? "",
    label: c.column_name ?? c.name ?? "",
    numeric: c.type_generic === NUMERIC,
  }));
  return (
    <VirtualGrid
      columns={cols}
      rows={rows}
      height={height}
      fillHeight={fillHeight}
      columnMenu={{ fileName: "sqllab_results.csv" }}
      data-test="sqllab-results-grid"
    />
  );
}
