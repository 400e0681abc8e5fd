import { finiteOrNull, postProcessingError, toNumber } from "./frame.ts";

/**
 * Aggregate operators of pivot / aggregate, named as Superset names them (after numpy).
 * Nulls are skipped (pandas semantics); an empty set gives null, except sums (0) and counts (0).
 * std / var are numpy's population versions (ddof 0).
 */
export type Aggregator = (values: unknown[], options: Record<string, unknown>) => number | null;

function numbers(values: unknown[]): number[] {
  const out: number[] = [];
  for (const value of values) {
    const n = toNumber(value);
    if (n !== null) out.push(n);
  }
  return out;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
// Loops, not Math.min(...xs): spreading a large column overflows the call stack.
const minOf = (xs: number[]) => (xs.length ? xs.reduce((a, b) => Math.min(a, b)) : null);
const maxOf = (xs: number[]) => (xs.length ? xs.reduce((a, b) => Math.max(a, b)) : null);
const mean = (xs: number[]) => (xs.length ? sum(xs) / xs.length : null);

/** numpy's default (linear) percentile, q in 0–100, of sorted values. */
export function percentile(sorted: number[], q: number): number | null {
  if (!sorted.length) return null;
  const position = (q / 100) * (sorted.length - 1);
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

export function variance(xs: number[], ddof: number): number | null {
  if (xs.length - ddof <= 0) return null;
  const m = sum(xs) / xs.length;
  return xs.reduce((acc, x) => acc + (x - m) ** 2, 0) / (xs.length - ddof);
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

function quantileOption(options: Record<string, unknown>): number {
  const q = options.q ?? options.percentile ?? 50;
  if (typeof q !== "number" || q < 0 || q > 100)
    throw postProcessingError("percentile needs options.q between 0 and 100");
  return q;
}

const AGGREGATORS: Record<string, Aggregator> = {
  sum: (v) => sum(numbers(v)),
  nansum: (v) => sum(numbers(v)),
  mean: (v) => mean(numbers(v)),
  average: (v) => mean(numbers(v)),
  nanmean: (v) => mean(numbers(v)),
  median: (v) => percentile(sorted(numbers(v)), 50),
  nanmedian: (v) => percentile(sorted(numbers(v)), 50),
  min: (v) => minOf(numbers(v)),
  nanmin: (v) => minOf(numbers(v)),
  max: (v) => maxOf(numbers(v)),
  nanmax: (v) => maxOf(numbers(v)),
  count: (v) => v.filter((x) => x !== null && x !== undefined).length,
  count_nonzero: (v) => numbers(v).filter((x) => x !== 0).length,
  std: (v) => {
    const variance0 = variance(numbers(v), 0);
    return variance0 === null ? null : Math.sqrt(variance0);
  },
  nanstd: (v) => AGGREGATORS.std(v, {}),
  var: (v) => variance(numbers(v), 0),
  nanvar: (v) => variance(numbers(v), 0),
  prod: (v) => numbers(v).reduce((a, b) => a * b, 1),
  product: (v) => numbers(v).reduce((a, b) => a * b, 1),
  nanprod: (v) => numbers(v).reduce((a, b) => a * b, 1),
  percentile: (v, o) => percentile(sorted(numbers(v)), quantileOption(o)),
  nanpercentile: (v, o) => percentile(sorted(numbers(v)), quantileOption(o)),
};

export const AGGREGATE_OPERATORS = Object.keys(AGGREGATORS);

export function aggregator(operator: string): Aggregator {
  const fn = AGGREGATORS[operator];
  if (!fn) throw postProcessingError(`Invalid aggregate operator: ${operator}`);
  return (values, options) => {
    const result = fn(values, options);
    return result === null ? null : finiteOrNull(result);
  };
}

export interface AggregateSpec {
  column?: string;
  operator: string;
  options?: Record<string, unknown>;
}
