import { compareCells, epochMs, numeric, type Row, TIMESTAMP } from "./viz.ts";

/**
 * The small part of pandas' `pivot_table` the legacy time charts rely on: one row per time
 * (ascending), one column per (metric, group values…) key, each cell the mean of the rows that fall
 * in it (a grouped query has at most one), null where none does. With `sum` (viz.py's
 * `aggregate=True`), cells are totals and missing ones 0.
 */
export interface TimePivot {
  /** Epoch milliseconds, ascending. */
  times: number[];
  /** Column keys: [metric label, ...group values]. */
  keys: unknown[][];
  /** cells[key index][time index]. */
  cells: (number | null)[][];
}

export function pivotByTime(
  rows: Row[],
  metricLabels: string[],
  groups: string[],
  aggregate: "mean" | "sum" = "mean",
): TimePivot {
  // A metric listed twice is one column.
  const metrics = [...new Set(metricLabels)];
  const times = new Map<number, number>();
  const sums = new Map<string, { key: unknown[]; at: Map<number, { sum: number; n: number }> }>();
  for (const row of rows) {
    const t = epochMs(row[TIMESTAMP]);
    if (t === null) continue;
    times.set(t, 0);
    const groupValues = groups.map((g) => row[g] ?? null);
    // pandas leaves rows out of a pivot whose group value is missing.
    if (groupValues.some((g) => g === null)) continue;
    for (const m of metrics) {
      const key = [m, ...groupValues];
      const id = JSON.stringify(key);
      const entry = sums.get(id) ?? { key, at: new Map<number, { sum: number; n: number }>() };
      sums.set(id, entry);
      const value = numeric(row[m]);
      const cell = entry.at.get(t) ?? { sum: 0, n: 0 };
      if (value !== null) {
        cell.sum += value;
        cell.n += 1;
      }
      entry.at.set(t, cell);
    }
  }
  const ordered = [...times.keys()].sort((a, b) => a - b);
  // pivot_table sorts its column index: by metric label, then by each group value.
  const entries = [...sums.values()].sort((a, b) => {
    for (let i = 0; i < a.key.length; i++) {
      const c = compareCells(a.key[i], b.key[i]);
      if (c) return c;
    }
    return 0;
  });
  const columns = entries
    .map((e) => ({
      key: e.key,
      cells: ordered.map((t) => {
        const cell = e.at.get(t);
        if (aggregate === "sum") return cell?.sum ?? 0;
        return cell?.n ? cell.sum / cell.n : null;
      }),
    }))
    // Like pivot_table's dropna: a column with no value at all is left out.
    .filter((c) => c.cells.some((x) => x !== null));
  return { times: ordered, keys: columns.map((c) => c.key), cells: columns.map((c) => c.cells) };
}
