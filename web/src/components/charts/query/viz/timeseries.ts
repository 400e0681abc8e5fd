import type { QueryObject } from "@strata/contracts";
import type { FormData } from "../../types";
import {
  type BuildContext,
  baseQueryObject,
  columnsOf,
  defaultOrderBy,
  labelsOf,
  metricsOf,
} from "../base-query";
import { axisColumn, columnLabel } from "../labels";
import {
  contributionOperator,
  flattenOperator,
  pivotOperator,
  renameOperator,
  resampleOperator,
  rollingOperator,
  steps,
  timeCompareOperator,
  timeOffsets,
} from "../operators";

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
 * → resample → rename → contribution → flatten.
 */
export function timeseriesQuery(fd: FormData, ctx: BuildContext = {}): QueryObject {
  const base = baseQueryObject(fd, ctx);
  const x = axisColumn(fd.x_axis as string, fd.time_grain_sqla, ctx.dataset, fd.granularity_sqla);
  const groupby = columnsOf(fd);
  const metrics = metricsOf(fd);
  const labels = labelsOf(metrics);
  const offsets = timeOffsets(fd);
  return {
    ...base,
    columns: [...(x ? [x] : []), ...groupby],
    series_columns: groupby,
    metrics,
    orderby: defaultOrderBy(fd, metrics),
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
      flattenOperator(),
    ),
  };
}

export const buildTimeseries = (fd: FormData, ctx?: BuildContext) => [timeseriesQuery(fd, ctx)];

/** Mixed chart: query A from the plain keys, query B from the `_b` keys, one shared x-axis. */
export function buildMixedTimeseries(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const a = timeseriesQuery(fd, ctx);
  const fdB: FormData = {
    ...suffixed(fd, "_b"),
    x_axis: fd.x_axis,
    time_grain_sqla: fd.time_grain_sqla,
    annotation_layers: [], // drawn from query A's annotation data only
  };
  const b = timeseriesQuery(fdB, ctx);
  return [a, b];
}
