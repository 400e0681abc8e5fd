import type { OrderByItem, QueryColumn, QueryMetric, QueryObject } from "../../chart-data.ts";
import type { FormData } from "../types.ts";
import { type BuildContext, baseQueryObject, columnsOf, metricsOf, optionalInt } from "../base-query.ts";
import { ensureArray } from "../labels.ts";
import { customShift, inheritedShift } from "./pop-kpi-range.ts";

/**
 * Query builders of the ECharts-family types added after the first eighteen (Superset's
 * plugin-chart-echarts buildQuery of each): radar, sankey, tree, graph, bubble, gantt, period
 * over period KPI, and the legacy bullet chart's shape.
 */

const oneMetric = (fd: FormData, key = "metric"): QueryMetric[] =>
  ensureArray(fd[key] as QueryMetric | null | undefined).slice(0, 1);

/** Column controls that hold one column, dropped when empty; duplicates kept once, in order. */
function columnsFrom(fd: FormData, keys: string[]): QueryColumn[] {
  const out: QueryColumn[] = [];
  const seen = new Set<string>();
  for (const key of keys) {
    for (const column of ensureArray(fd[key] as QueryColumn | QueryColumn[] | null | undefined)) {
      const id = JSON.stringify(column);
      if (!seen.has(id)) {
        seen.add(id);
        out.push(column);
      }
    }
  }
  return out;
}

/** Radar: one polygon per group, one axis per metric; ordered by the sort metric or the first metric. */
export function buildRadar(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const metrics = metricsOf(fd);
  const sortBy = ensureArray(
    (fd.timeseries_limit_metric ?? fd.series_limit_metric) as QueryMetric | null | undefined,
  )[0];
  const { series_limit_metric: _s, ...base } = baseQueryObject(fd, ctx);
  const orderBy = sortBy ?? metrics[0];
  return [
    {
      ...base,
      columns: columnsOf(fd),
      metrics,
      orderby: orderBy ? [[orderBy, false]] : [],
      post_processing: [],
    },
  ];
}

/** Sankey: source → intermediate levels → target, weighted by the metric. */
export function buildSankey(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const metric = oneMetric(fd);
  const columns = columnsFrom(fd, ["source", "intermediate_levels", "target"]);
  const rowLimit = optionalInt(fd.row_limit);
  const orderby: OrderByItem[] = [];
  if (fd.sort_by_metric && metric[0]) orderby.push([metric[0], false]);
  for (const column of columns) orderby.push([column, true]);
  return [
    {
      ...baseQueryObject(fd, ctx),
      columns,
      metrics: metric,
      orderby: rowLimit ? orderby : [],
      post_processing: [],
    },
  ];
}

/** Tree: each row a node (id, parent, name), with an optional metric. */
export function buildTree(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  return [
    {
      ...baseQueryObject(fd, ctx),
      columns: columnsFrom(fd, ["id", "parent", "name"]),
      metrics: oneMetric(fd),
      orderby: [],
      post_processing: [],
    },
  ];
}

/** Graph: edges source → target (with optional categories), weighted by the metric. */
export function buildGraph(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  return [
    {
      ...baseQueryObject(fd, ctx),
      columns: columnsFrom(fd, ["source", "target", "source_category", "target_category"]),
      metrics: oneMetric(fd),
      orderby: [],
      post_processing: [],
    },
  ];
}

/**
 * Bubble: one bubble per entity with x, y and size metrics, coloured by series. Legacy charts
 * kept the row limit under `limit`, which here is not a series limit.
 */
export function buildBubble(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const { series_limit: _l, series_limit_metric: _m, ...base } = baseQueryObject(fd, ctx);
  const metrics = [...oneMetric(fd, "x"), ...oneMetric(fd, "y"), ...oneMetric(fd, "size")];
  const sortBy = ensureArray(fd.timeseries_limit_metric as QueryMetric | null | undefined)[0];
  const rowLimit = optionalInt(fd.row_limit) ?? optionalInt(fd.limit);
  return [
    {
      ...base,
      columns: columnsFrom(fd, ["entity", "series"]),
      metrics,
      orderby: sortBy ? [[sortBy, fd.order_desc === false]] : [],
      ...(rowLimit !== undefined ? { row_limit: rowLimit } : {}),
      post_processing: [],
    },
  ];
}

/** Superset's gantt `order_by_cols`: JSON pairs `["column", ascending]`. */
function ganttOrder(fd: FormData): OrderByItem[] {
  const out: OrderByItem[] = [];
  for (const text of ensureArray(fd.order_by_cols as string | string[] | null | undefined)) {
    try {
      const pair = JSON.parse(String(text)) as unknown;
      if (Array.isArray(pair) && typeof pair[0] === "string") out.push([pair[0], Boolean(pair[1])]);
    } catch {
      // A malformed entry is skipped, as an unknown control value.
    }
  }
  return out;
}

/** Gantt: one bar per row from start_time to end_time on the y_axis category, coloured by series. */
export function buildGantt(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const series = columnsOf(fd, "series");
  const orderby = ganttOrder(fd);
  const columns = columnsFrom({ ...fd, __order: orderby.map((o) => o[0]) } as FormData, [
    "start_time",
    "end_time",
    "y_axis",
    "series",
    "tooltip_columns",
    "__order",
  ]);
  return [
    {
      ...baseQueryObject(fd, ctx),
      columns,
      metrics: metricsOf(fd, "tooltip_metrics"),
      orderby,
      series_columns: series,
      post_processing: [],
    },
  ];
}

/** Superset 4.1's pop_kpi `time_comparison` codes: fixed shifts, `r` inherits the range, `c` is custom. */
const COMPARISON_SHIFTS: Record<string, string> = { y: "1 year ago", m: "1 month ago", w: "1 week ago" };
const COMPARISON_KINDS: Record<string, string> = { r: "inherit", c: "custom" };

/**
 * The period a big number with comparison compares with: the newer `time_compare` (one shift,
 * `inherit` or `custom`), else the older `time_comparison` code. `inherit` and `custom` become
 * day shifts computed from the chart's time range, as Superset computes them before the query.
 */
export function popOffsets(fd: FormData, now = new Date()): string[] {
  const chosen = ensureArray(fd.time_compare as string | string[] | null | undefined).filter(
    (s) => typeof s === "string" && s,
  )[0];
  const code = String(fd.time_comparison ?? "");
  const shift = chosen ?? COMPARISON_KINDS[code] ?? COMPARISON_SHIFTS[code];
  if (!shift) return [];
  if (shift === "inherit") return ensureArray(inheritedShift(fd, now) ?? []);
  if (shift === "custom") return ensureArray(customShift(fd, now) ?? []);
  return [shift];
}

/** Big number with period comparison: the metric now and over the shifted range (`metric__1 year ago`). */
export function buildPopKpi(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const metrics = oneMetric(fd);
  const offsets = popOffsets(fd);
  return [
    {
      ...baseQueryObject(fd, ctx),
      columns: columnsOf(fd, "cols"),
      metrics,
      orderby: [],
      ...(offsets.length ? { time_offsets: offsets } : {}),
      // The shifted values come back as `metric__1 year ago` columns: the figure compares them.
      post_processing: [],
    },
  ];
}

/** Bullet (legacy NVD3 shape): one metric against ranges and markers typed in the form. */
export function buildBullet(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  return [
    { ...baseQueryObject(fd, ctx), columns: [], metrics: oneMetric(fd), orderby: [], post_processing: [] },
  ];
}
