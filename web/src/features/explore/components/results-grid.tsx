import { GenericDataType } from "@strata/contracts";
import { VirtualGrid } from "../../../components/charts/render/grid";
import type { GridColumn, GridRow } from "../../../components/charts/render/grid";
import { timeFormatter } from "../../../components/charts";

/** Rows of a chart-data result (results and samples) in the virtualised grid with its column menu (lazy chunk). */
export default function ResultsGrid({
  rows,
  colnames,
  coltypes,
  height,
}: {
  rows: GridRow[];
  colnames: string[];
  coltypes?: number[];
  height: number;
}) {
  const time = timeFormatter();
  const columns: GridColumn[] = colnames.map((key, i) => ({
    key,
    label: key,
    numeric: coltypes?.[i] === GenericDataType.NUMERIC,
    format: coltypes?.[i] === GenericDataType.TEMPORAL ? time : undefined,
  }));
  return (
    <VirtualGrid
      columns={columns}
      rows={rows}
      height={height}
      columnMenu={{ fileName: "explore_data.csv" }}
      data-test="results-grid"
    />
  );
}
