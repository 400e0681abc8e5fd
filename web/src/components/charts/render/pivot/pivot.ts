export type Row = Record<string, unknown>;

type Aggregator = (values: number[], all: unknown[]) => number | null;

const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);

/** Pivot aggregate functions (Superset's pivot table v2 names). */
export const AGGREGATORS: Record<string, Aggregator> = {
  Sum: (v) => (v.length ? sum(v) : null),
  Average: (v) => (v.length ? sum(v) / v.length : null),
  Median: (v) => {
    if (!v.length) return null;
    const s = [...v].sort((a, b) => a - b);
    const m = Math.floor(s.length / 2);
    return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
  },
  Count: (_v, all) => all.length,
  "Count Unique Values": (_v, all) => new Set(all.map(String)).size,
  Minimum: (v) => (v.length ? Math.min(...v) : null),
  Maximum: (v) => (v.length ? Math.max(...v) : null),
  "Sum as Fraction of Total": (v) => (v.length ? sum(v) : null),
  "Sum as Fraction of Rows": (v) => (v.length ? sum(v) : null),
  "Sum as Fraction of Columns": (v) => (v.length ? sum(v) : null),
};

export const AGGREGATE_FUNCTIONS = Object.keys(AGGREGATORS);

export interface PivotInput {
  rows: Row[];
  rowKeys: string[];
  colKeys: string[];
  metrics: string[];
  aggregate: string;
}

export interface Pivot {
  rowHeaders: string[][];
  colHeaders: string[][];
  metrics: string[];
  /** value(rowIndex | -1 for totals, colIndex | -1 for totals, metric). */
  value: (r: number, c: number, metric: string) => number | null;
}

const keyOf = (row: Row, keys: string[]) => keys.map((k) => String(row[k] ?? "<NULL>"));
const SEP = "\u0001";

/** Groups rows into the cells of a pivot and aggregates them, with row and column totals. */
export function computePivot({ rows, rowKeys, colKeys, metrics, aggregate }: PivotInput): Pivot {
  const agg = AGGREGATORS[aggregate] ?? AGGREGATORS.Sum;
  const rowIndex = new Map<string, number>();
  const colIndex = new Map<string, number>();
  const rowHeaders: string[][] = [];
  const colHeaders: string[][] = [];
  const cells = new Map<string, unknown[]>();
  const push = (r: number, c: number, m: string, v: unknown) => {
    const k = `${r}${SEP}${c}${SEP}${m}`;
    const list = cells.get(k);
    if (list) list.push(v);
    else cells.set(k, [v]);
  };
  for (const row of rows) {
    const rk = keyOf(row, rowKeys);
    const ck = keyOf(row, colKeys);
    const rKey = rk.join(SEP);
    const cKey = ck.join(SEP);
    if (!rowIndex.has(rKey)) rowIndex.set(rKey, rowHeaders.push(rk) - 1);
    if (!colIndex.has(cKey)) colIndex.set(cKey, colHeaders.push(ck) - 1);
    const r = rowIndex.get(rKey)!;
    const c = colIndex.get(cKey)!;
    for (const m of metrics)
      for (const [rr, cc] of [
        [r, c],
        [r, -1],
        [-1, c],
        [-1, -1],
      ])
        push(rr, cc, m, row[m]);
  }
  const raw = (r: number, c: number, m: string) => {
    const all = cells.get(`${r}${SEP}${c}${SEP}${m}`) ?? [];
    const nums = all.map(Number).filter((n) => Number.isFinite(n));
    return agg(nums, all);
  };
  const fraction = aggregate.startsWith("Sum as Fraction of");
  const value = (r: number, c: number, m: string) => {
    const v = raw(r, c, m);
    if (!fraction || v === null) return v;
    const base =
      aggregate === "Sum as Fraction of Rows"
        ? raw(r, -1, m)
        : aggregate === "Sum as Fraction of Columns"
          ? raw(-1, c, m)
          : raw(-1, -1, m);
    return base ? v / base : null;
  };
  const order = (headers: string[][]) =>
    headers
      .map((h, i) => ({ h, i }))
      .sort((a, b) => a.h.join(SEP).localeCompare(b.h.join(SEP), undefined, { numeric: true }));
  const rowsSorted = order(rowHeaders);
  const colsSorted = order(colHeaders);
  return {
    rowHeaders: rowsSorted.map((x) => x.h),
    colHeaders: colsSorted.map((x) => x.h),
    metrics,
    value: (r, c, m) => value(r < 0 ? -1 : rowsSorted[r].i, c < 0 ? -1 : colsSorted[c].i, m),
  };
}
