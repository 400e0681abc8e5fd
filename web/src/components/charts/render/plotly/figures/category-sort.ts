import type { FormData } from "../../../types";
import type { Series } from "./series";

/** Superset's SortSeriesType: how `x_axis_sort_series` orders the categories of several series. */
export const SORT_SERIES_TYPES = ["name", "sum", "min", "max", "avg"] as const;
export type SortSeriesType = (typeof SORT_SERIES_TYPES)[number];

const numeric = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isFinite(v) ? v : undefined;

function measure(type: SortSeriesType, values: number[]): number | undefined {
  if (!values.length) return undefined;
  if (type === "sum") return values.reduce((a, b) => a + b, 0);
  if (type === "min") return Math.min(...values);
  if (type === "max") return Math.max(...values);
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function compare(a: unknown, b: unknown): number {
  const nullA = a === null || a === undefined;
  const nullB = b === null || b === undefined;
  if (nullA || nullB) return nullA === nullB ? 0 : nullA ? 1 : -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The categories of a multi-series chart in Superset's `x_axis_sort_series` order (default: by
 * category name, ascending): by the name, or by the sum/min/max/average of the series' values at
 * each category. Ties keep the rows' order. Empty categories (no value) go last either way.
 */
export function sortCategoriesBySeries(categories: unknown[], series: Series[], fd: FormData): unknown[] {
  const type = SORT_SERIES_TYPES.find((t) => t === fd.x_axis_sort_series) ?? "name";
  const ascending = fd.x_axis_sort_series_ascending !== false;
  const values = new Map<string, number[]>();
  for (const s of series) {
    s.x.forEach((x, i) => {
      const y = numeric(s.y[i]);
      if (y === undefined) return;
      const key = String(x);
      values.set(key, [...(values.get(key) ?? []), y]);
    });
  }
  const keyed = categories.map((category, index) => ({
    category,
    index,
    key: type === "name" ? category : measure(type, values.get(String(category)) ?? []),
  }));
  keyed.sort((a, b) => {
    const nullA = a.key === null || a.key === undefined;
    const nullB = b.key === null || b.key === undefined;
    if (nullA || nullB) return nullA === nullB ? a.index - b.index : nullA ? 1 : -1;
    const c = compare(a.key, b.key);
    return (ascending ? c : -c) || a.index - b.index;
  });
  return keyed.map((k) => k.category);
}
