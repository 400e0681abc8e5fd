import type { OrderByItem, QueryColumn, QueryObject } from "../../chart-data.ts";
import type { FormData } from "../types.ts";
import {
  type BuildContext,
  baseQueryObject,
  columnsOf,
  defaultOrderBy,
  labelsOf,
  metricsOf,
  optionalInt,
} from "../base-query.ts";
import { groupbyWithGrain } from "../labels.ts";
import { steps } from "../operators.ts";

/** Raw mode lists columns; aggregate mode groups and aggregates (Superset's table query_mode). */
export function tableQueryMode(fd: FormData): "raw" | "aggregate" {
  if (fd.query_mode === "raw" || fd.query_mode === "aggregate") return fd.query_mode;
  return columnsOf(fd, "all_columns").length && !metricsOf(fd).length ? "raw" : "aggregate";
}

function parseOrderByCols(value: unknown): OrderByItem[] {
  const items = Array.isArray(value) ? value : [];
  const out: OrderByItem[] = [];
  for (const item of items) {
    try {
      const parsed = typeof item === "string" ? JSON.parse(item) : item;
      if (Array.isArray(parsed) && typeof parsed[0] === "string") out.push([parsed[0], Boolean(parsed[1])]);
    } catch {
      /* not a [column, ascending] pair */
    }
  }
  return out;
}

/** Table: raw or aggregated rows, percent metrics, and server pagination with a row count. */
export function buildTable(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const base = baseQueryObject(fd, ctx);
  let query: QueryObject;
  if (tableQueryMode(fd) === "raw") {
    const { metrics: _m, ...rest } = base;
    query = {
      ...rest,
      columns: columnsOf(fd, "all_columns"),
      orderby: parseOrderByCols(fd.order_by_cols),
      post_processing: [],
    };
  } else {
    const metrics = metricsOf(fd);
    const percent = metricsOf(fd, "percent_metrics");
    const metricLabels = new Set(labelsOf(metrics));
    const allMetrics = [...metrics, ...percent.filter((m) => !metricLabels.has(labelsOf([m])[0]))];
    const percentLabels = labelsOf(percent);
    const columns: QueryColumn[] = groupbyWithGrain(columnsOf(fd), fd.time_grain_sqla, ctx.dataset);
    query = {
      ...base,
      columns,
      metrics: allMetrics,
      orderby: defaultOrderBy(fd, allMetrics),
      post_processing: steps(
        percentLabels.length
          ? {
              operation: "contribution",
              options: { columns: percentLabels, rename_columns: percentLabels.map((m) => `%${m}`) },
            }
          : undefined,
      ),
    };
  }
  if (!fd.server_pagination) return [query];
  const pageSize = ctx.ownState?.pageSize ?? optionalInt(fd.server_page_length) ?? 10;
  const page = ctx.ownState?.currentPage ?? 0;
  const paged = { ...query, row_limit: pageSize, row_offset: page * pageSize };
  const count: QueryObject = {
    ...query,
    is_rowcount: true,
    row_limit: 0,
    row_offset: 0,
    orderby: [],
    post_processing: [],
  };
  return [paged, count];
}

/** Pivot table: grouped by rows and columns; the pivot itself is computed in the browser. */
export function buildPivotTable(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const base = baseQueryObject(fd, ctx);
  const metrics = metricsOf(fd);
  const columns = groupbyWithGrain(
    [...columnsOf(fd, "groupbyColumns"), ...columnsOf(fd, "groupbyRows")],
    fd.time_grain_sqla,
    ctx.dataset,
  );
  const seriesLimitMetric = fd.series_limit_metric ?? fd.timeseries_limit_metric;
  return [
    {
      ...base,
      columns,
      metrics,
      orderby: defaultOrderBy({ ...fd, timeseries_limit_metric: seriesLimitMetric }, metrics),
      ...(optionalInt(fd.series_limit) ? { series_limit: optionalInt(fd.series_limit) } : {}),
      post_processing: [],
    },
  ];
}
