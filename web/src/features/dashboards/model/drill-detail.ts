import {
  type ChartDataRequestInput,
  NO_TIME_RANGE,
  type QueryColumn,
  type QueryFilter,
  type QueryObject,
} from "@strata/contracts";

/** Rows per page of the drill-to-detail modal. */
export const DRILL_DETAIL_PAGE_SIZE = 50;

type Scalar = string | number | boolean | null;

/** A value the user drilled by (a clicked slice or bar): an equality filter on its column. */
export interface DrillByValue {
  column: string;
  value: Scalar;
}

/** The filters a chart's own query applies (adhoc, native and cross filters, time range). */
export interface DrillFilters {
  filters: QueryFilter[];
  where?: string;
  time_range?: string | null;
  granularity?: string | null;
}

/** The current filters of a dashboard chart, read from the chart-data request it sends. */
export function chartDrillFilters(request: ChartDataRequestInput): DrillFilters {
  const query: QueryObject = request.queries[0] ?? {};
  const where = query.extras?.where?.trim();
  return {
    filters: [...(query.filters ?? [])],
    ...(where ? { where } : {}),
    ...(query.time_range ? { time_range: query.time_range } : {}),
    ...(query.granularity ? { granularity: query.granularity } : {}),
  };
}

/**
 * `POST /api/v1/chart/data` for one page of a chart's underlying rows: one raw query object
 * (no columns, no metrics) with the chart's filters, plus the drilled value, `drill_detail` rows.
 */
export function drillDetailRequest(
  chart: ChartDataRequestInput,
  page: number,
  by?: DrillByValue | null,
): ChartDataRequestInput {
  const current = chartDrillFilters(chart);
  const filters: QueryFilter[] = [...current.filters];
  if (by) filters.push({ col: by.column, op: "==", val: by.value });
  const query: QueryObject = {
    columns: [],
    metrics: null,
    filters,
    row_limit: DRILL_DETAIL_PAGE_SIZE,
    row_offset: Math.max(0, page) * DRILL_DETAIL_PAGE_SIZE,
    time_range: current.time_range ?? null,
    granularity: current.granularity ?? null,
    ...(current.where ? { extras: { where: current.where } } : {}),
  };
  const fd = (chart.form_data ?? {}) as Record<string, unknown>;
  return {
    datasource: chart.datasource,
    force: false,
    queries: [query],
    form_data: {
      ...(fd.slice_id !== undefined ? { slice_id: fd.slice_id } : {}),
      ...(fd.dashboardId !== undefined ? { dashboardId: fd.dashboardId } : {}),
      ...(fd.datasource !== undefined ? { datasource: fd.datasource } : {}),
      viz_type: fd.viz_type,
    },
    result_format: "json",
    result_type: "drill_detail",
  };
}

function columnText(col: QueryColumn): string {
  return typeof col === "string" ? col : col.label || col.sqlExpression;
}

function valueText(val: QueryFilter["val"]): string {
  if (val === undefined) return "";
  if (Array.isArray(val)) return val.map((v) => String(v)).join(", ");
  return String(val);
}

/** Chip labels of the applied filters ("gender IN girl", "Time range: Last week"). */
export function drillFilterLabels(filters: DrillFilters, by?: DrillByValue | null): string[] {
  const labels = filters.filters.map((f) => {
    const value = valueText(f.val);
    return value ? `${columnText(f.col)} ${f.op} ${value}` : `${columnText(f.col)} ${f.op}`;
  });
  if (filters.where) labels.push(`WHERE ${filters.where}`);
  if (filters.time_range && filters.time_range !== NO_TIME_RANGE) {
    const hasTemporal = filters.filters.some((f) => f.op === "TEMPORAL_RANGE");
    if (!hasTemporal) labels.push(`${filters.granularity ?? "Time range"}: ${filters.time_range}`);
  }
  if (by) labels.push(`${by.column} == ${String(by.value)}`);
  return labels;
}
