import type { AdhocFilter, QueryMetric } from "@strata/contracts";
import type { ChartDataset, FormData } from "../../../components/charts";

type Scalar = string | number | boolean | null;

/** One level of a drill by: the column grouped by, and the value of the previous level clicked. */
export interface DrillByStep {
  column: string;
  /** The value (of the previous level's dimension) this level is narrowed to, if one was clicked. */
  filter?: { column: string; value: Scalar };
}

const SINGLE_DIMENSION = new Set(["pie", "funnel", "treemap_v2", "sunburst_v2"]);
const X_AXIS = new Set([
  "echarts_timeseries_line",
  "echarts_timeseries_bar",
  "echarts_area",
  "echarts_timeseries_scatter",
]);

/** Columns a chart can be drilled by: the dataset's groupable columns. */
export function drillByColumns(dataset: ChartDataset | undefined): string[] {
  return (dataset?.columns ?? []).filter((c) => c.groupby !== false).map((c) => c.column_name);
}

const metricsOf = (fd: FormData): QueryMetric[] => {
  if (Array.isArray(fd.metrics) && fd.metrics.length) return fd.metrics;
  return fd.metric ? [fd.metric] : ["count"];
};

const equals = (column: string, value: Scalar): AdhocFilter =>
  value === null
    ? { expressionType: "SIMPLE", clause: "WHERE", subject: column, operator: "IS NULL" }
    : { expressionType: "SIMPLE", clause: "WHERE", subject: column, operator: "==", comparator: value };

/**
 * The chart's form data grouped by the last step's column, narrowed by every clicked value on
 * the way. Visualisations with a dimension keep their type with that dimension swapped; the rest
 * (big numbers, gauges…) are shown as a table of their metrics by the column, as they have no
 * dimension to swap.
 */
export function drillByFormData(fd: FormData, steps: DrillByStep[]): FormData {
  const last = steps[steps.length - 1];
  if (!last) return fd;
  const filters = steps.flatMap((s) => (s.filter ? [equals(s.filter.column, s.filter.value)] : []));
  const base: FormData = {
    ...fd,
    adhoc_filters: [...(fd.adhoc_filters ?? []), ...filters],
  };
  const column = last.column;
  if (SINGLE_DIMENSION.has(fd.viz_type)) return { ...base, groupby: [column], columns: [] };
  if (X_AXIS.has(fd.viz_type)) return { ...base, x_axis: column, groupby: [], time_grain_sqla: null };
  if (fd.viz_type === "pivot_table_v2") return { ...base, groupbyRows: [column], groupbyColumns: [] };
  return {
    ...base,
    viz_type: "table",
    query_mode: "aggregate",
    groupby: [column],
    metrics: metricsOf(fd),
    all_columns: [],
    percent_metrics: [],
    server_pagination: false,
  };
}
