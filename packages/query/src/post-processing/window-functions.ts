import { percentile, variance } from "./aggregates.ts";
import { finiteOrNull, toNumber } from "./frame.ts";

/**
 * pandas' rolling window over one column: the value at i aggregates rows i-window+1 … i,
 * counting only non-null values; fewer than `minPeriods` of them gives null.
 */
export function rollingColumn(values: unknown[], type: string, window: number, minPeriods: number): (number | null)[] {
  const xs = values.map(toNumber);
  const out: (number | null)[] = new Array(xs.length);
  for (let i = 0; i < xs.length; i++) {
    const present: number[] = [];
    for (let j = Math.max(0, i - window + 1); j <= i; j++) if (xs[j] !== null) present.push(xs[j] as number);
    const value = present.length >= minPeriods ? windowValue(present, type) : null;
    out[i] = value === null ? null : finiteOrNull(value);
  }
  return out;
}

function windowValue(xs: number[], type: string): number | null {
  if (!xs.length) return type === "sum" || type === "count" ? 0 : null;
  const total = xs.reduce((a, b) => a + b, 0);
  switch (type) {
    case "sum":
      return total;
    case "mean":
      return total / xs.length;
    case "count":
      return xs.length;
    case "min":
      return xs.reduce((a, b) => (b < a ? b : a));
    case "max":
      return xs.reduce((a, b) => (b > a ? b : a));
    case "median":
      return percentile([...xs].sort((a, b) => a - b), 50);
    case "std": {
      const v = variance(xs, 1);
      return v === null ? null : Math.sqrt(v);
    }
    case "var":
      return variance(xs, 1);
    default:
      throw new Error(`Unknown rolling type ${type}`);
  }
}

/** pandas' cumulative functions: a null stays null and does not reset the running value. */
export function cumulativeColumn(values: unknown[], operator: "sum" | "prod" | "max" | "min"): (number | null)[] {
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
