import type { FormData } from "./types.ts";

/**
 * Superset's legacy viz_type keys read as the modern types Strata draws, moving the form data the
 * way Superset's own migrations do (superset/migrations/shared/migrate_viz/processors.py): renamed
 * keys, removed keys, and the legacy time column + range turned into an x-axis and a
 * TEMPORAL_RANGE filter. Pure: charts saved with old keys (imports, old permalinks, API clients)
 * draw and open in Explore as their modern type; anything else is returned unchanged (same object).
 */

type Data = Record<string, unknown>;

interface Migration {
  target: string | ((fd: Data) => string);
  rename?: Record<string, string>;
  remove?: string[];
  /** The legacy time column becomes the x-axis (time-series charts). */
  xAxisFromTime?: boolean;
  /** Changes made before the renames (Superset's `_pre_action`). */
  pre?: (fd: Data) => void;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value == null ? [] : [value]);

const TIMESERIES_RENAME: Record<string, string> = {
  bottom_margin: "x_axis_title_margin",
  left_margin: "y_axis_title_margin",
  show_controls: "show_extra_controls",
  x_axis_label: "x_axis_title",
  x_axis_format: "x_axis_time_format",
  x_axis_showminmax: "truncateXAxis",
  x_ticks_layout: "xAxisLabelRotation",
  y_axis_label: "y_axis_title",
  y_axis_showminmax: "truncateYAxis",
  y_log_scale: "logAxis",
};
const TIMESERIES_REMOVE = [
  "contribution",
  "line_interpolation",
  "reduce_x_ticks",
  "show_brush",
  "show_markers",
];

/** Superset's TimeseriesChart._pre_action, shared by line, area, bar and dist_bar. */
function timeseriesPre(fd: Data): void {
  fd.contributionMode = fd.contribution ? "row" : null;
  fd.zoomable = fd.show_brush === "yes";
  fd.markerEnabled = fd.show_markers || false;
  fd.y_axis_showminmax = true;
  if (fd.x_axis_label && (!fd.bottom_margin || fd.bottom_margin === "auto")) fd.bottom_margin = 30;
  if (fd.y_axis_label && (!fd.left_margin || fd.left_margin === "auto")) fd.left_margin = 30;
  if (fd.rolling_type === "None") delete fd.rolling_type;
  if (fd.time_compare)
    fd.time_compare = list(fd.time_compare)
      .filter(Boolean)
      .map((v) => `${v} ago`);
  const comparison = (fd.comparison_type as string) || "values";
  fd.comparison_type = comparison === "absolute" ? "difference" : comparison;
  if (fd.x_ticks_layout) fd.x_ticks_layout = fd.x_ticks_layout === "45°" ? 45 : 0;
}

const timeseries = (target: string | ((fd: Data) => string), pre?: (fd: Data) => void): Migration => ({
  target,
  rename: { ...TIMESERIES_RENAME },
  remove: [...TIMESERIES_REMOVE],
  xAxisFromTime: true,
  pre: (fd) => {
    timeseriesPre(fd);
    pre?.(fd);
  },
});

const STACKED: Record<string, string> = { expand: "Expand", stack: "Stack", stream: "Stream" };
const PIVOT_AGGREGATES: Record<string, string> = {
  sum: "Sum",
  mean: "Average",
  median: "Median",
  min: "Minimum",
  max: "Maximum",
  std: "Sample Standard Deviation",
  var: "Sample Variance",
};

const MIGRATIONS: Record<string, Migration> = {
  line: timeseries(
    (fd) =>
      fd.line_interpolation === "cardinal"
        ? "echarts_timeseries_smooth"
        : fd.line_interpolation === "step-before" || fd.line_interpolation === "step-after"
          ? "echarts_timeseries_step"
          : "echarts_timeseries_line",
    (fd) => {
      if (fd.line_interpolation === "step-before") fd.seriesType = "start";
      if (fd.line_interpolation === "step-after") fd.seriesType = "end";
    },
  ),
  area: {
    ...timeseries("echarts_area", (fd) => {
      fd.stack = STACKED[String(fd.stacked_style || "stack")] ?? "Stack";
      fd.opacity = 0.7;
    }),
    remove: [...TIMESERIES_REMOVE, "stacked_style"],
  },
  bar: {
    ...timeseries("echarts_timeseries_bar", (fd) => {
      fd.stack = fd.bar_stacked ? "Stack" : null;
    }),
    rename: { ...TIMESERIES_RENAME, show_bar_value: "show_value" },
    remove: [...TIMESERIES_REMOVE, "bar_stacked"],
  },
  dist_bar: {
    ...timeseries("echarts_timeseries_bar", (fd) => {
      const groupby = list(fd.groupby);
      const columns = list(fd.columns);
      if (groupby.length > 0) fd.x_axis = groupby[0];
      fd.groupby = [...groupby.slice(1), ...columns];
      fd.stack = fd.bar_stacked ? "Stack" : null;
      fd.x_ticks_layout = 45;
    }),
    rename: { ...TIMESERIES_RENAME, show_bar_value: "show_value" },
    remove: [...TIMESERIES_REMOVE, "columns", "bar_stacked"],
    xAxisFromTime: false,
  },
  treemap: {
    target: "treemap_v2",
    remove: ["metrics"],
    rename: { order_desc: "sort_by_metric" },
    pre: (fd) => {
      const metrics = list(fd.metrics);
      if (metrics.length > 0) fd.metric = metrics[0];
    },
  },
  sunburst: { target: "sunburst_v2", rename: { groupby: "columns" } },
  heatmap: {
    target: "heatmap_v2",
    rename: {
      all_columns_x: "x_axis",
      all_columns_y: "groupby",
      y_axis_bounds: "value_bounds",
      show_perc: "show_percentage",
    },
    remove: ["sort_by_metric", "canvas_image_rendering"],
    pre: (fd) => {
      fd.legend_type = "continuous";
    },
  },
  histogram: {
    target: "histogram_v2",
    rename: { x_axis_label: "x_axis_title", y_axis_label: "y_axis_title", normalized: "normalize" },
    remove: ["all_columns_x", "link_length", "queryFields"],
    pre: (fd) => {
      const columns = list(fd.all_columns_x);
      if (columns.length > 0) fd.column = columns[0];
      fd.bins = fd.link_length ? Number.parseInt(String(fd.link_length), 10) || 5 : 5;
      if (!fd.groupby) fd.groupby = [];
    },
  },
  bubble: {
    target: "bubble_v2",
    rename: {
      bottom_margin: "x_axis_title_margin",
      left_margin: "y_axis_title_margin",
      limit: "row_limit",
      x_axis_format: "xAxisFormat",
      x_log_scale: "logXAxis",
      x_ticks_layout: "xAxisLabelRotation",
      y_axis_showminmax: "truncateYAxis",
      y_log_scale: "logYAxis",
    },
    remove: ["x_axis_showminmax"],
    pre: (fd) => {
      if (fd.x_axis_label && (!fd.bottom_margin || fd.bottom_margin === "auto")) fd.bottom_margin = 30;
      if (fd.x_ticks_layout) fd.x_ticks_layout = fd.x_ticks_layout === "45°" ? 45 : 0;
      fd.y_axis_showminmax = true;
    },
  },
  pivot_table: {
    target: "pivot_table_v2",
    rename: {
      columns: "groupbyColumns",
      combine_metric: "combineMetric",
      groupby: "groupbyRows",
      number_format: "valueFormat",
      pandas_aggfunc: "aggregateFunction",
      row_limit: "series_limit",
      timeseries_limit_metric: "series_limit_metric",
      transpose_pivot: "transposePivot",
    },
    remove: ["pivot_margins"],
    pre: (fd) => {
      if (fd.pivot_margins) {
        fd.colTotals = fd.pivot_margins;
        fd.colSubTotals = fd.pivot_margins;
      }
      if (fd.pandas_aggfunc)
        fd.pandas_aggfunc = PIVOT_AGGREGATES[String(fd.pandas_aggfunc)] ?? fd.pandas_aggfunc;
      fd.rowOrder = "value_z_to_a";
    },
  },
  sankey: {
    target: "sankey_v2",
    remove: ["groupby"],
    pre: (fd) => {
      const groupby = list(fd.groupby);
      if (groupby.length > 1) {
        fd.source = groupby[0];
        fd.target = groupby[1];
      }
    },
  },
  dual_line: {
    target: "mixed_timeseries",
    xAxisFromTime: true,
    rename: {
      x_axis_format: "x_axis_time_format",
      y_axis_2_format: "y_axis_format_secondary",
      y_axis_2_bounds: "y_axis_bounds_secondary",
    },
    remove: ["metric", "metric_2"],
    pre: (fd) => {
      fd.yAxisIndex = 0;
      fd.yAxisIndexB = 1;
      fd.adhoc_filters_b = fd.adhoc_filters;
      fd.truncateYAxis = true;
      fd.metrics = [fd.metric];
      fd.metrics_b = [fd.metric_2];
    },
  },
};

/** The legacy keys this module reads (besides v1-shaped big numbers, which keep their key). */
export const LEGACY_VIZ_TYPES: readonly string[] = Object.keys(MIGRATIONS);

/** Superset's `_migrate_temporal_filter`: the time column and range become a TEMPORAL_RANGE filter. */
function moveTimeFilter(fd: Data, xAxisFromTime: boolean): void {
  const column = fd.granularity_sqla;
  const range = (fd.time_range as string) || "No filter";
  delete fd.granularity_sqla;
  delete fd.time_range;
  if (!column) return;
  if (xAxisFromTime) {
    fd.x_axis = column;
    fd.time_grain_sqla = fd.time_grain_sqla || "P1D";
  }
  const filter: Data =
    typeof column === "object"
      ? {
          clause: "WHERE",
          subject: (column as Data).label,
          operator: "TEMPORAL_RANGE",
          comparator: null,
          expressionType: "SQL",
          sqlExpression: (column as Data).sqlExpression,
        }
      : {
          clause: "WHERE",
          subject: column,
          operator: "TEMPORAL_RANGE",
          comparator: range,
          expressionType: "SIMPLE",
        };
  fd.adhoc_filters = [...list(fd.adhoc_filters), filter];
  if (fd.viz_type === "mixed_timeseries") fd.adhoc_filters_b = [...list(fd.adhoc_filters_b), filter];
}

function migrate(fd: FormData, m: Migration): FormData {
  const data: Data = structuredClone(fd) as Data;
  m.pre?.(data);
  const target = typeof m.target === "function" ? m.target(data) : m.target;
  const rename = m.rename ?? {};
  const remove = new Set(m.remove ?? []);
  // A key present under both names keeps the legacy one's value (Superset drops the target first).
  for (const [from, to] of Object.entries(rename)) if (from in data && to in data) delete data[to];
  const out: Data = {};
  for (const [key, value] of Object.entries(data)) {
    if (key in rename) out[rename[key]] = value;
    else if (!remove.has(key)) out[key] = value;
  }
  out.viz_type = target;
  moveTimeFilter(out, Boolean(m.xAxisFromTime));
  return out as FormData;
}

/**
 * Big numbers saved before the x-axis existed: the time column and range (`granularity_sqla`,
 * `time_range`) become the x-axis and a TEMPORAL_RANGE filter, and a `metrics` list its first metric.
 */
function migrateBigNumber(fd: FormData): FormData {
  const v1 = !fd.x_axis && Boolean(fd.granularity_sqla);
  const noMetric = (fd.metric === undefined || fd.metric === null) && list(fd.metrics).length > 0;
  if (!v1 && !noMetric) return fd;
  const out: Data = structuredClone(fd) as Data;
  if (noMetric) out.metric = list(fd.metrics)[0];
  if (v1) moveTimeFilter(out, fd.viz_type === "big_number");
  return out as FormData;
}

const cache = new WeakMap<FormData, FormData>();

/** The form data as its modern type; the same object when nothing is legacy (cheap to call per render). */
export function modernFormData(fd: FormData): FormData {
  if (!fd || typeof fd !== "object") return fd;
  const known = cache.get(fd);
  if (known) return known;
  const migration = Object.hasOwn(MIGRATIONS, fd.viz_type) ? MIGRATIONS[fd.viz_type] : undefined;
  const out = migration
    ? migrate(fd, migration)
    : fd.viz_type === "big_number" || fd.viz_type === "big_number_total"
      ? migrateBigNumber(fd)
      : fd;
  cache.set(fd, out);
  return out;
}

/** Whether a key is a legacy one read through a modern type. */
export const isLegacyVizType = (key: string | null | undefined): boolean =>
  Boolean(key) && Object.hasOwn(MIGRATIONS, key as string);
