import { GenericDataType } from "@strata/contracts";
import { type ChartColumn, type ChartDataset, isTemporalColumn } from "../../../components/charts";
import type { ControlConfig } from "./control-types";

const NUMERIC =
  /^(TINYINT|SMALLINT|INT|INTEGER|BIGINT|HUGEINT|DECIMAL|NUMERIC|REAL|FLOAT|DOUBLE|LONG|UBIGINT|UINTEGER)/i;

/** The dataset columns a column control offers (temporal, numeric, group-by or all). */
export function columnsFor(dataset: ChartDataset, filter: ControlConfig["columnFilter"]): ChartColumn[] {
  return dataset.columns.filter((c) => {
    if (filter === "temporal") return isTemporalColumn(c);
    if (filter === "numeric") return NUMERIC.test(c.type ?? "") || c.type_generic === GenericDataType.NUMERIC;
    if (filter === "groupby") return c.groupby !== false;
    return true;
  });
}
