import type { QueryColumn, QueryMetric } from "@strata/contracts";
import { columnLabel, ensureArray, metricLabel } from "@strata/contracts/chart-query";
import type { ChartDataResult, FormData } from "../../types";
import { rowsOf } from "../legacy/time-series";

export interface CloudWord {
  text: string;
  /** The value of the metric (the cross-filter value is `raw`). */
  value: number;
  raw: string | number | boolean | null;
  size: number;
}

/** A deterministic pseudo-random sequence, so a cloud is laid out the same way every time. */
export function seededRandom(seed = 42): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Superset's word rotations: none, right angles, or multiples of 30° in [-90°, 60°]. */
export function rotationOf(kind: unknown, random: () => number): () => number {
  if (kind === "square") return () => Math.floor(random() * 2) * 90;
  if (kind === "random") return () => Math.floor(random() * 6 - 3) * 30;
  return () => 0;
}

export const seriesLabelOf = (fd: FormData) =>
  ensureArray(fd.series as QueryColumn | undefined).map(columnLabel)[0] ?? "";
export const wordMetricLabelOf = (fd: FormData) =>
  ensureArray(fd.metric as QueryMetric | undefined).map(metricLabel)[0] ?? "";

/**
 * One word per row: the `series` value, its font size linear in the metric from 0 (Superset's
 * zero-based scale) onto [size_from, size_to]; the largest first, as the layout places them.
 */
export function cloudWords(fd: FormData, results: ChartDataResult[]): CloudWord[] {
  const series = seriesLabelOf(fd);
  const metric = wordMetricLabelOf(fd);
  const from = Number(fd.size_from ?? 10);
  const to = Number(fd.size_to ?? 70);
  const rows = rowsOf(results[0]);
  const values = rows.map((r) => Number(r[metric]) || 0);
  const max = Math.max(0, ...values);
  return rows
    .map((row, i) => {
      const raw = row[series] as CloudWord["raw"];
      const value = values[i];
      const size = metric && max > 0 ? from + ((to - from) * value) / max : 20;
      return { text: raw === null || raw === undefined ? "<NULL>" : String(raw), raw, value, size };
    })
    .sort((a, b) => b.size - a.size);
}
