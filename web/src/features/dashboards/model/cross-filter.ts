import type { QueryColumn } from "@strata/contracts";
import { type ChartDataset, type FormData, isTemporalColumn } from "../../../components/charts";
import { modernFormData } from "../../../components/charts/legacy-viz";
import { tableQueryMode } from "../../../components/charts/query/viz/tables";
import type { DashboardMetadata, DataMask, FilterScope } from "./dashboard-types";
import { chartsInScope } from "./filter-scope";
import type { Layout } from "./layout-types";

const BY_GROUP = new Set(["pie", "funnel", "radar"]);
const BY_X_AXIS = new Set([
  "echarts_timeseries_bar",
  "echarts_timeseries_line",
  "echarts_area",
  "echarts_timeseries_scatter",
  "echarts_timeseries",
  "echarts_timeseries_smooth",
  "echarts_timeseries_step",
]);

const columnName = (c: QueryColumn | undefined) => (typeof c === "string" ? c : undefined);

const temporalColumn = (name: string, dataset?: ChartDataset) =>
  isTemporalColumn(dataset?.columns.find((c) => c.column_name === name));

/** The column a click on this visualisation cross-filters by, if it emits cross filters. */
export function crossFilterColumn(form: FormData, dataset?: ChartDataset): string | null {
  const fd = modernFormData(form); // a legacy dist_bar emits as the bar chart it is drawn as
  if (BY_GROUP.has(fd.viz_type)) {
    const groupby = Array.isArray(fd.groupby) ? fd.groupby : fd.groupby ? [fd.groupby] : [];
    return columnName(groupby[0] as QueryColumn) ?? null;
  }
  if (BY_X_AXIS.has(fd.viz_type)) {
    const x = columnName(fd.x_axis as QueryColumn);
    if (!x) return null;
    const column = dataset?.columns.find((c) => c.column_name === x);
    return column && isTemporalColumn(column) ? null : x;
  }
  return null;
}

/**
 * The columns whose cells a click cross-filters by in a table chart: its physical group-by
 * columns in aggregate mode, temporal ones aside (their cells hold time-grain buckets). Raw
 * records emit nothing, as in Superset.
 */
export function crossFilterCellColumns(fd: FormData, dataset?: ChartDataset): string[] {
  // A word cloud's words filter by their series value; ag-grid-table emits as the table does.
  if (fd.viz_type === "word_cloud")
    return typeof fd.series === "string" && !temporalColumn(fd.series, dataset) ? [fd.series] : [];
  if ((fd.viz_type !== "table" && fd.viz_type !== "ag-grid-table") || tableQueryMode(fd) !== "aggregate")
    return [];
  const groupby = Array.isArray(fd.groupby) ? fd.groupby : fd.groupby ? [fd.groupby] : [];
  const temporal = (name: string) => isTemporalColumn(dataset?.columns.find((c) => c.column_name === name));
  return groupby
    .map((c) => columnName(c as QueryColumn))
    .filter((c): c is string => c !== undefined && !temporal(c));
}

export const crossFiltersEnabled = (metadata: DashboardMetadata) => metadata.cross_filters_enabled !== false;

type Scalar = string | number | boolean | null;

/**
 * Clicking a value filters the other charts by it; clicking the same value (of the same column)
 * again clears it; another value or column replaces it.
 */
export function crossFilterMask(
  chartId: number,
  column: string,
  value: Scalar,
  current?: DataMask,
): DataMask {
  const id = String(chartId);
  const selected = current?.filterState?.value;
  const sameColumn = (current?.filterState?.column ?? column) === column;
  if (sameColumn && Array.isArray(selected) && selected.length === 1 && selected[0] === value) {
    return { id, extraFormData: {}, filterState: { value: null } };
  }
  return {
    id,
    extraFormData: { filters: [{ col: column, op: "IN", val: [value] }] },
    filterState: { value: [value], label: String(value), column },
  };
}

/** Charts a chart's cross filters reach: its chart_configuration scope, else every other chart. */
export function crossFilterScope(
  metadata: DashboardMetadata,
  layout: Layout,
  emitterId: number,
): number[] | "all" {
  const config = (metadata.chart_configuration ?? {}) as Record<
    string,
    { crossFilters?: { scope?: unknown } }
  >;
  const scope = config[String(emitterId)]?.crossFilters?.scope;
  if (!scope || scope === "global" || typeof scope !== "object") return "all";
  return chartsInScope({ id: "cross", type: "NATIVE_FILTER", scope: scope as FilterScope }, layout).filter(
    (c) => c !== emitterId,
  );
}
