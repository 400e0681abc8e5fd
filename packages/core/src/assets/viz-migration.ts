type FormData = Record<string, unknown>;

/**
 * Superset's legacy viz_type keys → the visualisation Strata draws for them, with the form data
 * moved the way Superset's own migrations (`MigrateViz`) move it. Keys not listed are kept as they
 * are: a type Strata draws already, or one it shows as "not supported yet".
 */
const TIMESERIES: Record<string, string> = {
  line: "echarts_timeseries_line",
  echarts_timeseries: "echarts_timeseries_line",
  compare: "echarts_timeseries_line",
  bar: "echarts_timeseries_bar",
  area: "echarts_area",
  echarts_timeseries_step: "echarts_timeseries_line",
  echarts_timeseries_smooth: "echarts_timeseries_line",
};
const RENAMED: Record<string, string> = {
  treemap: "treemap_v2",
  sunburst: "sunburst_v2",
  heatmap: "heatmap_v2",
  histogram: "histogram_v2",
  pivot_table: "pivot_table_v2",
};

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value == null ? [] : [value]);

/** A legacy time range moves into an adhoc TEMPORAL_RANGE filter on the time column, as Superset migrates it. */
function temporalFilter(fd: FormData): FormData {
  const column = fd.granularity_sqla;
  if (typeof column !== "string" || !column) return fd;
  const filters = list(fd.adhoc_filters) as Record<string, unknown>[];
  const hasRange = filters.some((f) => f?.operator === "TEMPORAL_RANGE");
  const range = typeof fd.time_range === "string" && fd.time_range ? fd.time_range : "No filter";
  return {
    ...fd,
    adhoc_filters: hasRange
      ? filters
      : [
          ...filters,
          {
            clause: "WHERE",
            subject: column,
            operator: "TEMPORAL_RANGE",
            comparator: range,
            expressionType: "SIMPLE",
          },
        ],
  };
}

export interface MigratedChart {
  vizType: string;
  params: FormData;
  /** Set when the type changed: said in the import's warnings. */
  note?: string;
}

export function migrateChart(vizType: string, params: FormData): MigratedChart {
  if (vizType in TIMESERIES) {
    const target = TIMESERIES[vizType];
    const { granularity_sqla: time, ...rest } = temporalFilter(params);
    const fd: FormData = { ...rest, viz_type: target };
    if (typeof time === "string" && time && !fd.x_axis) fd.x_axis = time;
    if (vizType === "bar" || vizType === "area")
      fd.stack = params.bar_stacked ?? params.stacked_style ?? fd.stack;
    return { vizType: target, params: fd, note: `${vizType} → ${target}` };
  }
  if (vizType === "dist_bar") {
    const groupby = list(params.groupby);
    const columns = list(params.columns);
    const { granularity_sqla: _time, ...rest } = temporalFilter(params);
    const fd: FormData = {
      ...rest,
      viz_type: "echarts_timeseries_bar",
      x_axis: groupby[0],
      groupby: [...groupby.slice(1), ...columns],
      columns: undefined,
      orientation: "vertical",
      stack: params.bar_stacked ? "Stack" : null,
    };
    if (fd.x_axis === undefined) delete fd.x_axis;
    delete fd.columns;
    return { vizType: "echarts_timeseries_bar", params: fd, note: "dist_bar → echarts_timeseries_bar" };
  }
  if (vizType in RENAMED) {
    const target = RENAMED[vizType];
    const fd: FormData = { ...params, viz_type: target };
    if (vizType === "pivot_table") {
      fd.groupbyRows = params.groupby ?? [];
      fd.groupbyColumns = params.columns ?? [];
      delete fd.groupby;
      delete fd.columns;
    }
    return { vizType: target, params: fd, note: `${vizType} → ${target}` };
  }
  return { vizType, params };
}

/** A filter box's filters as native filters on the dashboard (the filter box itself is not imported). */
export function nativeFiltersFromFilterBox(
  params: FormData,
  datasetId: number,
  chartName: string,
  makeId: () => string,
): Record<string, unknown>[] {
  const scope = { rootPath: ["ROOT_ID"], excluded: [] };
  const common = {
    type: "NATIVE_FILTER",
    cascadeParentIds: [],
    scope,
    description: "",
    defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
  };
  const out: Record<string, unknown>[] = [];
  if (params.date_filter) {
    out.push({
      ...common,
      id: `NATIVE_FILTER-${makeId()}`,
      name: `${chartName}: time range`,
      filterType: "filter_time",
      targets: [{}],
      controlValues: {},
    });
  }
  for (const raw of list(params.filter_configs) as Record<string, unknown>[]) {
    const column = typeof raw?.column === "string" ? raw.column : undefined;
    if (!column) continue;
    const label = typeof raw.label === "string" && raw.label ? raw.label : column;
    const defaultValue = raw.defaultValue ?? raw.default_value;
    const values = Array.isArray(defaultValue) ? defaultValue : defaultValue ? [defaultValue] : [];
    out.push({
      ...common,
      id: `NATIVE_FILTER-${makeId()}`,
      name: label,
      filterType: "filter_select",
      targets: [{ datasetId, column: { name: column } }],
      controlValues: {
        enableEmptyFilter: false,
        defaultToFirstItem: false,
        multiSelect: raw.multiple !== false,
        searchAllOptions: Boolean(raw.searchAllOptions),
        inverseSelection: false,
      },
      defaultDataMask: values.length
        ? {
            extraFormData: { filters: [{ col: column, op: "IN", val: values }] },
            filterState: { value: values },
            ownState: {},
          }
        : common.defaultDataMask,
    });
  }
  return out;
}
