import type { QueryMetric, QueryObject } from "../../chart-data.ts";
import type { FormData } from "../types.ts";
import { type BuildContext, baseQueryObject, columnsOf, optionalInt } from "../base-query.ts";
import { axisColumn, columnLabel, ensureArray, groupbyWithGrain, metricLabel } from "../labels.ts";
import { flattenOperator, pivotOperator, resampleOperator, rollingOperator, steps } from "../operators.ts";

const metricOf = (fd: FormData, key = "metric") =>
  ensureArray(fd[key] as QueryMetric | undefined).slice(0, 1);

/** Big number: one metric, no grouping. */
export function buildBigNumberTotal(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  return [
    { ...baseQueryObject(fd, ctx), columns: [], metrics: metricOf(fd), orderby: [], post_processing: [] },
  ];
}

/** Big number with trendline: the metric over the x-axis, pivoted, optionally rolled. */
export function buildBigNumber(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const metrics = metricOf(fd);
  const labels = metrics.map(metricLabel);
  const x = axisColumn(fd.x_axis as string, fd.time_grain_sqla, ctx.dataset, fd.granularity_sqla);
  return [
    {
      ...baseQueryObject(fd, ctx),
      columns: x ? [x] : [],
      metrics,
      orderby: x ? [[x, true]] : [],
      ...(x ? {} : { is_timeseries: true }),
      post_processing: steps(
        x ? pivotOperator(fd, columnLabel(x), [], labels) : undefined,
        rollingOperator(fd, labels),
        resampleOperator(fd),
        flattenOperator(),
      ),
    },
  ];
}

/** Categories by one metric: pie, funnel, gauge, treemap (sorted by the metric when asked). */
export function categoryQuery(
  fd: FormData,
  ctx: BuildContext,
  groupKey: string,
  extraMetrics: string[] = [],
) {
  const metrics = [...metricOf(fd), ...extraMetrics.flatMap((k) => metricOf(fd, k))];
  const sort = fd.sort_by_metric !== false && metrics[0];
  return [
    {
      ...baseQueryObject(fd, ctx),
      columns: groupbyWithGrain(columnsOf(fd, groupKey), fd.time_grain_sqla, ctx.dataset),
      metrics,
      orderby: sort ? [[metrics[0], false] as [QueryMetric, boolean]] : [],
      post_processing: [],
    } satisfies QueryObject,
  ];
}

export const buildPie = (fd: FormData, ctx: BuildContext = {}) => categoryQuery(fd, ctx, "groupby");
export const buildFunnel = (fd: FormData, ctx: BuildContext = {}) => categoryQuery(fd, ctx, "groupby");
export const buildGauge = (fd: FormData, ctx: BuildContext = {}) => categoryQuery(fd, ctx, "groupby");
export const buildTreemap = (fd: FormData, ctx: BuildContext = {}) => categoryQuery(fd, ctx, "groupby");
export const buildSunburst = (fd: FormData, ctx: BuildContext = {}) =>
  categoryQuery(fd, ctx, "columns", ["secondary_metric"]);

/** Heatmap: the metric over x-axis × one y column; normalisation happens in the browser. */
export function buildHeatmap(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const x = axisColumn(fd.x_axis as string, fd.time_grain_sqla, ctx.dataset, fd.granularity_sqla);
  const metrics = metricOf(fd);
  return [
    {
      ...baseQueryObject(fd, ctx),
      columns: [...(x ? [x] : []), ...columnsOf(fd).slice(0, 1)],
      metrics,
      orderby: metrics[0] ? [[metrics[0], false]] : [],
      post_processing: [],
    },
  ];
}

/** Waterfall: the metric over the x-axis (ascending), optionally broken down. */
export function buildWaterfall(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const x = axisColumn(fd.x_axis as string, fd.time_grain_sqla, ctx.dataset, fd.granularity_sqla);
  return [
    {
      ...baseQueryObject(fd, ctx),
      columns: [...(x ? [x] : []), ...columnsOf(fd).slice(0, 1)],
      metrics: metricOf(fd),
      orderby: x ? [[x, true]] : [],
      post_processing: [],
    },
  ];
}

/** Histogram: raw values of one column binned by the histogram operation. */
export function buildHistogram(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const { metrics: _m, ...base } = baseQueryObject(fd, ctx);
  const column = fd.column as string | undefined;
  const groupby = columnsOf(fd);
  return [
    {
      ...base,
      columns: [...groupby, ...(column ? [column] : [])],
      orderby: [],
      post_processing: column
        ? [
            {
              operation: "histogram",
              options: {
                column,
                groupby: groupby.map(columnLabel),
                bins: optionalInt(fd.bins) ?? 5,
                cumulative: Boolean(fd.cumulative),
                normalize: Boolean(fd.normalize),
              },
            },
          ]
        : [],
    },
  ];
}

const WHISKERS: Record<string, { whisker_type: string; percentiles?: [number, number] }> = {
  Tukey: { whisker_type: "tukey" },
  "Min/max (no outliers)": { whisker_type: "min/max" },
  "2/98 percentiles": { whisker_type: "percentile", percentiles: [2, 98] },
  "9/91 percentiles": { whisker_type: "percentile", percentiles: [9, 91] },
};

/** Box plot: metrics per (distribute across × series), summarised by the boxplot operation. */
export function buildBoxPlot(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const metrics = ensureArray(fd.metrics as QueryMetric[]);
  const distribute = columnsOf(fd, "columns");
  const groupby = columnsOf(fd);
  const whisker = WHISKERS[(fd.whiskerOptions as string) ?? "Tukey"] ?? WHISKERS.Tukey;
  return [
    {
      ...baseQueryObject(fd, ctx),
      columns: groupbyWithGrain([...distribute, ...groupby], fd.time_grain_sqla, ctx.dataset),
      series_columns: distribute,
      metrics,
      orderby: [],
      post_processing: [
        {
          operation: "boxplot",
          options: { ...whisker, groupby: groupby.map(columnLabel), metrics: metrics.map(metricLabel) },
        },
      ],
    },
  ];
}
