import type { QueryColumn, QueryMetric } from "@strata/contracts";
import { columnLabel, ensureArray, metricLabel } from "@strata/contracts/chart-query";
import type { ChartDataResult, FormData } from "../../types";
import { rowsOf } from "../legacy/time-series";

const num = (v: unknown) => {
  const n = typeof v === "number" ? v : Number(v);
  return v === null || v === undefined || v === "" || !Number.isFinite(n) ? null : n;
};

export interface Axis {
  label: string;
  /** The position of each line on this axis, 0 (bottom) to 1 (top); null when missing. */
  positions: (number | null)[];
  /** Tick labels: the categories of the series axis, else the numeric extent. */
  ticks: { at: number; label: string }[];
}

export interface ParallelModel {
  names: string[];
  axes: Axis[];
  /** The value each line is coloured by (the secondary metric, else the first metric). */
  color: (number | null)[];
  colorLabel: string | null;
}

const round = (v: number) =>
  Math.abs(v) >= 1000 ? Math.round(v).toLocaleString("en-US") : String(+v.toPrecision(4));

/**
 * Parallel coordinates (Superset's legacy `parallel_coordinates`): a line per value of `series`
 * across an axis per metric (the series itself first with `include_series`), each axis scaled
 * to its own extent, coloured along the linear scheme by the secondary metric.
 */
export function parallelModel(fd: FormData, results: ChartDataResult[]): ParallelModel {
  const rows = rowsOf(results[0]);
  const series = ensureArray(fd.series as QueryColumn | undefined).map(columnLabel)[0];
  const metrics = ensureArray(fd.metrics as QueryMetric[]).map(metricLabel);
  const secondary = fd.secondary_metric ? metricLabel(fd.secondary_metric as QueryMetric) : null;
  const names = rows.map((r) => (series ? String(r[series] ?? "<NULL>") : ""));
  const axes: Axis[] = [];
  if (fd.include_series && series) {
    const n = Math.max(names.length - 1, 1);
    axes.push({
      label: series,
      positions: names.map((_s, i) => 1 - i / n),
      ticks: names.map((name, i) => ({ at: 1 - i / n, label: name })),
    });
  }
  for (const metric of metrics) {
    const values = rows.map((r) => num(r[metric]));
    const present = values.filter((v): v is number => v !== null);
    const lo = present.length ? Math.min(...present) : 0;
    const hi = present.length ? Math.max(...present) : 1;
    const span = hi - lo;
    axes.push({
      label: metric,
      positions: values.map((v) => (v === null ? null : span ? (v - lo) / span : 0.5)),
      ticks: span
        ? [0, 0.25, 0.5, 0.75, 1].map((at) => ({ at, label: round(lo + span * at) }))
        : [{ at: 0.5, label: round(lo) }],
    });
  }
  const colorBy = secondary ?? metrics[0];
  return { names, axes, color: rows.map((r) => (colorBy ? num(r[colorBy]) : null)), colorLabel: secondary };
}
