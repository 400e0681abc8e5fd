import { percentile } from "./aggregates.ts";
import { finiteOrNull, toNumber } from "./frame.ts";

const SLIDING = new Set(["sum", "mean", "count", "std", "var"]);

/**
 * pandas' rolling window over one column: the value at i aggregates rows i-window+1 … i,
 * counting only non-null values; fewer than `minPeriods` of them gives null. Sums, means,
 * counts and deviations slide in O(n); min / max / median reuse one window buffer.
 */
export function rollingColumn(
  values: unknown[],
  type: string,
  window: number,
  minPeriods: number,
): (number | null)[] {
  const xs = values.map(toNumber);
  const out: (number | null)[] = new Array(xs.length);
  let count = 0;
  let total = 0;
  let squares = 0;
  const buffer: number[] = [];
  for (let i = 0; i < xs.length; i++) {
    const entering = xs[i];
    const leaving = i - window >= 0 ? xs[i - window] : null;
    if (entering !== null) {
      count += 1;
      total += entering;
      squares += entering * entering;
    }
    if (leaving !== null) {
      count -= 1;
      total -= leaving;
      squares -= leaving * leaving;
    }
    let value: number | null = null;
    if (count >= minPeriods) {
      if (SLIDING.has(type)) value = slidingValue(type, count, total, squares);
      else {
        buffer.length = 0;
        for (let j = Math.max(0, i - window + 1); j <= i; j++)
          if (xs[j] !== null) buffer.push(xs[j] as number);
        value = windowValue(buffer, type);
      }
    }
    out[i] = value === null ? null : finiteOrNull(value);
  }
  return out;
}

function slidingValue(type: string, count: number, total: number, squares: number): number | null {
  if (type === "count") return count;
  if (type === "sum") return count ? total : 0;
  if (!count) return null;
  if (type === "mean") return total / count;
  if (count < 2) return null;
  // Sample variance (pandas' ddof 1); clamp tiny negatives from floating-point cancellation.
  const variance = Math.max(0, (squares - (total * total) / count) / (count - 1));
  return type === "std" ? Math.sqrt(variance) : variance;
}

function windowValue(xs: number[], type: string): number | null {
  if (!xs.length) return null;
  switch (type) {
    case "min":
      return xs.reduce((a, b) => Math.min(a, b));
    case "max":
      return xs.reduce((a, b) => Math.max(a, b));
    case "median":
      return percentile(
        [...xs].sort((a, b) => a - b),
        50,
      );
    default:
      throw new Error(`Unknown rolling type ${type}`);
  }
}

/** pandas' cumulative functions: a null stays null and does not reset the running value. */
export function cumulativeColumn(
  values: unknown[],
  operator: "sum" | "prod" | "max" | "min",
): (number | null)[] {
  let running: number | null = null;
  return values.map((value) => {
    const x = toNumber(value);
    if (x === null) return null;
    if (running === null) running = x;
    else if (operator === "sum") running += x;
    else if (operator === "prod") running *= x;
    else if (operator === "max") running = Math.max(running, x);
    else running = Math.min(running, x);
    return finiteOrNull(running);
  });
}
