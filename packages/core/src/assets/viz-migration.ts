type FormData = Record<string, unknown>;

/**
 * Superset's legacy viz_type keys → the visualisation Strata draws for them, with the form data
 * moved the way Superset's own migrations (`MigrateViz`) move it. Keys not listed are kept as they
 * are: a type Strata draws already (the generic, smooth and step time series are drawn as such),
 * or one it shows as "not supported yet". The SPA reads the same legacy keys when they reach it
 * another way (web/src/components/charts/legacy-viz.ts).
 */
const TIMESERIES: Record<string, string> = {
  line: "echarts_timeseries_line",
  compare: "echarts_timeseries_line",
  bar: "echarts_timeseries_bar",
  area: "echarts_area",
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

/** Form data of the other charts in the same upload, by their id on the exporting server. */
export type SliceLookup = (sliceId: number) => { params: FormData; datasetUuid?: string } | undefined;

/**
 * Superset's dual_line (`MigrateDualLine`): a mixed chart whose first query draws `metric` on the
 * left axis and whose second draws `metric_2` on the right, both filtered alike.
 */
function migrateDualLine(params: FormData): MigratedChart {
  const {
    granularity_sqla: time,
    metric,
    metric_2,
    x_axis_format,
    y_axis_2_format,
    y_axis_2_bounds,
    ...rest
  } = temporalFilter(params);
  const fd: FormData = {
    ...rest,
    viz_type: "mixed_timeseries",
    metrics: metric === undefined || metric === null ? [] : [metric],
    metrics_b: metric_2 === undefined || metric_2 === null ? [] : [metric_2],
    adhoc_filters_b: list(temporalFilter(params).adhoc_filters),
    yAxisIndex: 0,
    yAxisIndexB: 1,
    truncateYAxis: true,
  };
  if (x_axis_format !== undefined) fd.x_axis_time_format = x_axis_format;
  if (y_axis_2_format !== undefined) fd.y_axis_format_secondary = y_axis_2_format;
  if (y_axis_2_bounds !== undefined) fd.y_axis_bounds_secondary = y_axis_2_bounds;
  if (typeof time === "string" && time && !fd.x_axis) fd.x_axis = time;
  return { vizType: "mixed_timeseries", params: fd, note: "dual_line → mixed_timeseries" };
}

/**
 * Superset's line_multi drew the lines of other line charts (`line_charts` on the left axis,
 * `line_charts_2` on the right). Their metrics, when those charts are in the upload on the same
 * dataset, become one line chart's metrics — or a mixed chart's two queries when the right
 * axis is used. Lines from charts not in the upload can't be recovered: said in the note.
 */
function migrateMultiLine(
  params: FormData,
  datasetUuid: string | undefined,
  lookup?: SliceLookup,
): MigratedChart {
  const left: unknown[] = [];
  const right: unknown[] = [];
  let missing = 0;
  const collect = (ids: unknown, into: unknown[]) => {
    for (const id of list(ids)) {
      const other = typeof id === "number" || typeof id === "string" ? lookup?.(Number(id)) : undefined;
      if (!other || other.datasetUuid !== datasetUuid) {
        missing++;
        continue;
      }
      const metrics =
        other.params.metrics !== undefined ? list(other.params.metrics) : list(other.params.metric);
      for (const m of metrics) if (!into.some((x) => JSON.stringify(x) === JSON.stringify(m))) into.push(m);
    }
  };
  collect(params.line_charts, left);
  collect(params.line_charts_2, right);
  const { granularity_sqla: time, line_charts: _l, line_charts_2: _r, ...rest } = temporalFilter(params);
  const both = right.length > 0;
  const target = both ? "mixed_timeseries" : "echarts_timeseries_line";
  const fd: FormData = { ...rest, viz_type: target, metrics: left };
  if (both) {
    Object.assign(fd, {
      metrics_b: right,
      adhoc_filters_b: list(fd.adhoc_filters),
      yAxisIndex: 0,
      yAxisIndexB: 1,
    });
  }
  if (typeof time === "string" && time && !fd.x_axis) fd.x_axis = time;
  const lost = missing
    ? `; ${missing} of its lines came from charts not in this upload (or on another dataset): add their metrics in Explore`
    : "";
  return { vizType: target, params: fd, note: `line_multi → ${target}${lost}` };
}

export function migrateChart(
  vizType: string,
  params: FormData,
  context: { datasetUuid?: string; lookup?: SliceLookup } = {},
): MigratedChart {
  if (vizType === "dual_line") return migrateDualLine(params);
  if (vizType === "line_multi") return migrateMultiLine(params, context.datasetUuid, context.lookup);
  // viz_type is the imported file's text: the tables are read by own keys only, or `toString`
  // would "migrate" to Object.prototype's method and leave the chart without a viz_type.
  if (Object.hasOwn(TIMESERIES, vizType)) {
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
  if (Object.hasOwn(RENAMED, vizType)) {
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
