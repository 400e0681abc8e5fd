import type { QueryObject } from "@strata/contracts";
import {
  applyPostProcessing,
  type ColumnarFrame,
  isQueryValidationError,
  parseTimeRange,
  parseTimeShift,
} from "@strata/query";
import type { TimePivot } from "./pivot.ts";
import { compareCells, type FormData, invalidForm, list } from "./viz.ts";

/**
 * The "Advanced Analytics" of Superset's NVD3 time series (`viz.py`'s NVD3TimeSeriesViz):
 * after the rows are pivoted by time, an optional resample, a rolling window (or cumulative
 * sum), then the first `min_periods` rows dropped, then an optional contribution; a time
 * comparison runs the query again over ranges shifted back and draws the shifted series, or
 * their difference with the current ones, next to (instead of) them.
 */

const ROLLING_TYPES = ["mean", "sum", "std", "cumsum"] as const;
type RollingType = (typeof ROLLING_TYPES)[number];
const COMPARISON_TYPES = ["values", "absolute", "percentage", "ratio"] as const;
export type ComparisonType = (typeof COMPARISON_TYPES)[number];

export interface Analytics {
  rollingType: RollingType | null;
  rollingPeriods: number;
  minPeriods: number;
  resample: { rule: string; method: string } | null;
  contribution: boolean;
  /** The time comparison offsets as the form names them ("1 week ago"), once each. */
  timeCompare: string[];
  comparisonType: ComparisonType;
}

const blank = (value: unknown) => value === undefined || value === null || value === "";

/** viz.py reads the period counts with `int(value or 0)`: whole numbers, as numbers or text. */
function wholeNumber(fd: FormData, name: string): number {
  const value = fd[name];
  if (blank(value)) return 0;
  const n = typeof value === "string" ? Number(value.trim()) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0) {
    throw invalidForm(`${name} must be a whole number of periods (0 or more), not ${JSON.stringify(value)}`);
  }
  return n;
}

/** The analytics options of the form data, checked: anything unusable is a 400 saying what to send. */
export function readAnalytics(fd: FormData): Analytics {
  // The control offers "None" as a choice: no rolling window.
  const rawType = fd.rolling_type;
  let rollingType: RollingType | null = null;
  if (!blank(rawType) && rawType !== "None") {
    if (!ROLLING_TYPES.includes(rawType as RollingType)) {
      throw invalidForm(
        `Unknown rolling_type ${JSON.stringify(rawType)}: use one of None, ${ROLLING_TYPES.join(", ")}`,
      );
    }
    rollingType = rawType as RollingType;
  }
  const rollingPeriods = wholeNumber(fd, "rolling_periods");
  const minPeriods = wholeNumber(fd, "min_periods");
  if (rollingType && rollingType !== "cumsum" && rollingPeriods && minPeriods > rollingPeriods) {
    // pandas refuses such a window ("min_periods 5 must be <= window 3").
    throw invalidForm(
      `min_periods (${minPeriods}) must not exceed rolling_periods (${rollingPeriods}): lower min_periods or widen the window`,
    );
  }

  let resample: Analytics["resample"] = null;
  if (!blank(fd.resample_rule) && !blank(fd.resample_method)) {
    resample = { rule: String(fd.resample_rule), method: String(fd.resample_method) };
    // The same code resamples the rows later; trying it on one row checks rule and method now.
    resampleFrame({ columns: ["t", "v"], data: [[0], [0]] }, resample, "t");
  }

  const timeCompare = [...new Set(list(fd.time_compare).map(String))];
  for (const offset of timeCompare) {
    try {
      parseTimeShift(offset);
    } catch {
      throw invalidForm(
        `Unsupported time_compare ${JSON.stringify(offset)}: use an offset such as "1 day ago", "1 week ago", "28 days ago", "52 weeks ago" or "1 year ago"`,
      );
    }
  }

  const rawComparison = blank(fd.comparison_type) ? "values" : fd.comparison_type;
  if (!COMPARISON_TYPES.includes(rawComparison as ComparisonType)) {
    throw invalidForm(
      `Invalid comparison_type ${JSON.stringify(rawComparison)}: use one of ${COMPARISON_TYPES.join(", ")}`,
    );
  }
  return {
    rollingType,
    rollingPeriods,
    minPeriods,
    resample,
    contribution: !!fd.contribution,
    timeCompare,
    comparisonType: rawComparison as ComparisonType,
  };
}

/**
 * The query with the time comparisons added as `time_offsets`: the chart-data layer runs each
 * over the shifted range and joins its metrics back as `metric__offset` columns. Like viz.py,
 * a comparison needs both ends of the time range (an open range has nothing to shift).
 */
export function withTimeOffsets(query: QueryObject, a: Analytics): QueryObject {
  if (!a.timeCompare.length) return query;
  const ranges = [
    query.time_range,
    ...(query.filters ?? []).filter((f) => f.op === "TEMPORAL_RANGE").map((f) => f.val),
  ];
  const enclosed = ranges.some((text) => {
    if (typeof text !== "string") return false;
    try {
      const bounds = parseTimeRange(text, { now: new Date() });
      return !!bounds.since && !!bounds.until;
    } catch {
      return false;
    }
  });
  if (!enclosed) {
    throw invalidForm(
      "An enclosed time range (both start and end) must be specified when using a Time Comparison.",
    );
  }
  return { ...query, time_offsets: a.timeCompare };
}

/** The label viz.py gives a comparison's series (appended to their keys). */
export const offsetLabel = (offset: string) => `${offset} offset`;

/** The result column the chart-data layer joins a metric's shifted values into. */
export const offsetColumn = (metric: string, offset: string) => `${metric}__${offset}`;

/** A pivot as a columnar frame: the time column first, then one column per pivot key. */
function toFrame(p: TimePivot): ColumnarFrame {
  return { columns: ["__timestamp", ...p.keys.map((_, j) => `c${j}`)], data: [p.times, ...p.cells] };
}

function fromFrame(frame: ColumnarFrame, keys: unknown[][]): TimePivot {
  return {
    times: frame.data[0] as number[],
    keys,
    cells: keys.map((_, j) => frame.data[j + 1].map((x) => (typeof x === "number" ? x : null))),
  };
}

/** Runs the shared post-processing on a frame; its refusals are the form's (400, VIZ_GET_DF_ERROR). */
function postProcess(frame: ColumnarFrame, steps: { operation: string; options: object }[]) {
  try {
    return applyPostProcessing(frame, steps as never);
  } catch (e) {
    if (isQueryValidationError(e)) throw invalidForm(e.message);
    throw e;
  }
}

function resampleFrame(frame: ColumnarFrame, r: { rule: string; method: string }, time: string) {
  return postProcess(frame, [
    { operation: "resample", options: { rule: r.rule, method: r.method, time_column: time } },
  ]);
}

/** `process_data` after the pivot: resample, rolling window, min_periods, contribution. */
export function processPivot(p: TimePivot, a: Analytics): TimePivot {
  if (!p.times.length) return p;
  let frame = toFrame(p);
  if (a.resample) frame = resampleFrame(frame, a.resample, "__timestamp");
  const windowed = a.rollingType === "cumsum" || (a.rollingType !== null && a.rollingPeriods > 0);
  if (windowed) {
    // pandas' rolling(window, min_periods) over rows; the shared step also drops min_periods rows.
    frame = postProcess(frame, [
      {
        operation: "rolling",
        options: {
          rolling_type: a.rollingType,
          window: a.rollingType === "cumsum" ? undefined : a.rollingPeriods,
          min_periods: a.minPeriods,
          is_pivot_df: true,
        },
      },
    ]);
  } else if (a.minPeriods) {
    // viz.py drops the first min_periods rows whether or not a window was applied.
    frame = { columns: frame.columns, data: frame.data.map((column) => column.slice(a.minPeriods)) };
  }
  let out = fromFrame(frame, p.keys);
  if (!out.times.length) {
    throw invalidForm(
      "Applied rolling window did not return any data. Please make sure the source query satisfies the minimum periods defined in the rolling window.",
    );
  }
  if (a.contribution) out = contribution(out);
  return out;
}

/** Each time's values as shares of that time's total (nulls skipped; a zero total gives null). */
function contribution(p: TimePivot): TimePivot {
  const totals = p.times.map((_, i) => p.cells.reduce((sum, column) => sum + (column[i] ?? 0), 0));
  const share = (x: number | null, i: number) => {
    if (x === null) return null;
    const value = x / totals[i];
    return Number.isFinite(value) ? value : null;
  };
  return { ...p, cells: p.cells.map((column) => column.map(share)) };
}

/** pandas' pivot_table leaves out times at which every cell is missing. */
export function dropEmptyTimes(p: TimePivot): TimePivot {
  const keep = p.times.map((_, i) => p.cells.some((column) => column[i] !== null));
  return {
    times: p.times.filter((_, i) => keep[i]),
    keys: p.keys,
    cells: p.cells.map((column) => column.filter((_, i) => keep[i])),
  };
}

/**
 * One column of the shifted pivot read at the given times as pandas does after
 * `reindex(union).interpolate(method="time")`: linear in time between known values, the last
 * known value after the end, nothing before the start.
 */
export function interpolateAt(times: number[], values: (number | null)[], at: number[]): (number | null)[] {
  const known = times.map((t, i) => [t, values[i]] as const).filter(([, v]) => v !== null) as [
    number,
    number,
  ][];
  return at.map((t) => {
    let lo = -1;
    for (let i = 0; i < known.length && known[i][0] <= t; i++) lo = i;
    if (lo === -1) return null;
    const [t0, v0] = known[lo];
    if (t0 === t || lo === known.length - 1) return v0;
    const [t1, v1] = known[lo + 1];
    return v0 + ((v1 - v0) * (t - t0)) / (t1 - t0);
  });
}

const keyId = (key: unknown[]) => JSON.stringify(key);

/**
 * The difference between the current pivot and a shifted one (`absolute`: a − b, `percentage`:
 * (a − b) / b, `ratio`: a / b), on the current times, columns matched by key; rows before the
 * first and after the last time with any value are trimmed, as viz.py does.
 */
export function comparePivots(main: TimePivot, shifted: TimePivot, type: ComparisonType): TimePivot {
  const byKey = new Map(shifted.keys.map((k, j) => [keyId(k), j]));
  const all = new Map([...main.keys, ...shifted.keys].map((k) => [keyId(k), k]));
  const keys = [...all.values()].sort((a, b) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = compareCells(a[i], b[i]);
      if (c) return c;
    }
    return a.length - b.length;
  });
  const mainIndex = new Map(main.keys.map((k, j) => [keyId(k), j]));
  const op = (a: number, b: number) =>
    type === "absolute" ? a - b : type === "percentage" ? (a - b) / b : a / b;
  let cells = keys.map((key) => {
    const m = mainIndex.get(keyId(key));
    const s = byKey.get(keyId(key));
    if (m === undefined || s === undefined) return main.times.map(() => null);
    const other = interpolateAt(shifted.times, shifted.cells[s], main.times);
    return main.cells[m].map((a, i) => {
      const b = other[i];
      if (a === null || b === null) return null;
      const value = op(a, b);
      // 0/0 is NaN (missing); x/0 is an infinity, which JSON writes as null but still counts.
      return Number.isNaN(value) ? null : value;
    });
  });
  const valid = main.times.map((_, i) => cells.some((column) => column[i] !== null));
  const first = valid.indexOf(true);
  const last = valid.lastIndexOf(true);
  let times = main.times;
  if (first !== -1) {
    times = times.slice(first, last + 1);
    cells = cells.map((column) => column.slice(first, last + 1));
  }
  return { times, keys, cells };
}
