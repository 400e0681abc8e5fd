import type { QueryObject } from "../../chart-data.ts";
import type { FormData } from "../types.ts";
import {
  type BuildContext,
  baseQueryObject,
  columnsOf,
  defaultOrderBy,
  labelsOf,
  metricsOf,
} from "../base-query.ts";
import { axisColumn, columnLabel, findColumn, isTemporalColumn } from "../labels.ts";
import {
  contributionOperator,
  extraSortMetrics,
  flattenOperator,
  pivotOperator,
  renameOperator,
  resampleOperator,
  rollingOperator,
  steps,
  timeCompareOperator,
  timeOffsets,
  xAxisSortOperator,
} from "../operators.ts";

/**
 * Whether the x-axis is known to be categorical: a dataset column that is not temporal. Unknown
 * (no dataset, or a custom SQL column) is undefined, and no default sort is added then.
 */
function xAxisIsCategorical(fd: FormData, dataset: BuildContext["dataset"]): boolean | undefined {
  if (typeof fd.x_axis !== "string" || !dataset) return undefined;
  const column = findColumn(dataset, fd.x_axis);
  return column ? !isTemporalColumn(column) : undefined;
}

/** Form keys of the second query of a mixed chart (`metrics_b`, …) read as the first query's. */
export function suffixed(fd: FormData, suffix: string): FormData {
  if (!suffix) return fd;
  const out: FormData = { ...fd };
  for (const key of Object.keys(fd)) if (key.endsWith(suffix)) out[key.slice(0, -suffix.length)] = fd[key];
  return out;
}

/**
 * Line, bar, area, scatter and each query of the mixed chart (Superset's echarts timeseries
 * buildQuery): the x-axis as a BASE_AXIS column, series columns, then pivot → rolling → compare
 * → resample → rename → contribution → sort (categorical x-axis) → flatten.
 */
export function timeseriesQuery(fd: FormData, ctx: BuildContext = {}, sortAxis = true): QueryObject {
  const base = baseQueryObject(fd, ctx);
  const x = axisColumn(fd.x_axis as string, fd.time_grain_sqla, ctx.dataset, fd.granularity_sqla);
  const groupby = columnsOf(fd);
  const drawn = metricsOf(fd);
  const metrics = [...drawn, ...extraSortMetrics(fd)];
  const labels = labelsOf(metrics);
  const offsets = timeOffsets(fd);
  return {
    ...base,
    columns: [...(x ? [x] : []), ...groupby],
    series_columns: groupby,
    metrics,
    orderby: defaultOrderBy(fd, drawn),
    ...(x ? {} : { is_timeseries: true }),
    ...(offsets.length ? { time_offsets: offsets } : {}),
    // As Superset sends them: the server adds the data of NATIVE and chart-sourced layers.
    annotation_layers: Array.isArray(fd.annotation_layers) ? fd.annotation_layers : [],
    post_processing: steps(
      x ? pivotOperator(fd, columnLabel(x), groupby.map(columnLabel), labels) : undefined,
      rollingOperator(fd, labels),
      timeCompareOperator(fd, labels),
      resampleOperator(fd),
      renameOperator(fd, metrics, labels, groupby.length),
      contributionOperator(fd),
      x && sortAxis ? xAxisSortOperator(fd, columnLabel(x), xAxisIsCategorical(fd, ctx.dataset)) : undefined,
      flattenOperator(),
    ),
  };
}

export const buildTimeseries = (fd: FormData, ctx?: BuildContext) => [timeseriesQuery(fd, ctx)];

/** Mixed chart: query A from the plain keys, query B from the `_b` keys, one shared x-axis. */
export function buildMixedTimeseries(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  // Superset's mixed chart has no axis sort: its two queries share one x-axis.
  const a = timeseriesQuery(fd, ctx, false);
  const fdB: FormData = {
    ...suffixed(fd, "_b"),
    x_axis: fd.x_axis,
    time_grain_sqla: fd.time_grain_sqla,
    annotation_layers: [], // drawn from query A's annotation data only
  };
  const b = timeseriesQuery(fdB, ctx, false);
  return [a, b];
}
