import type { ChartDataResult, FormData } from "../../types";
import { legacySeries, metricLabelsOf } from "../legacy/time-series";

/** ln Γ(x) by the Lanczos approximation (g = 7, nine terms): 15 significant digits. */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = c[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i += 1) a += c[i] / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The continued fraction of the incomplete beta function (modified Lentz's method). */
function betaFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m += 1) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return h;
}

/** The regularised incomplete beta function I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2)
    ? (front * betaFraction(a, b, x)) / a
    : 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

/** Student's t cumulative distribution with `df` degrees of freedom. */
export function studentTCdf(t: number, df: number): number {
  if (!(df > 0) || Number.isNaN(t)) return Number.NaN;
  if (!Number.isFinite(t)) return t > 0 ? 1 : 0;
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t < 0 ? tail : 1 - tail;
}

/**
 * The two-sided p-value of a paired t-test between two series (Superset's paired t-test):
 * differences of the times where both are finite, t = mean / (sd / √n), p = 2·CDF(−|t|).
 */
export function pairedTTestPValue(values: (number | null)[], control: (number | null)[]): number {
  let n = 0;
  let sum = 0;
  let sq = 0;
  values.forEach((v, i) => {
    const c = control[i];
    if (v === null || c === null || c === undefined) return;
    const diff = c - v;
    if (!Number.isFinite(diff)) return;
    n += 1;
    sum += diff;
    sq += diff * diff;
  });
  const t = -Math.abs(sum * Math.sqrt((n - 1) / (n * sq - sum * sum)));
  return 2 * studentTCdf(t, n - 1);
}

/** Lift in percent: how much larger the series' total is than the control's. */
export function liftPercent(values: (number | null)[], control: (number | null)[]): number {
  let total = 0;
  let base = 0;
  values.forEach((v, i) => {
    total += v ?? 0;
    base += control[i] ?? 0;
  });
  return ((total - base) / base) * 100;
}

export interface TTestGroup {
  group: string[];
  values: (number | null)[];
}

/** Per metric, its groups' series over time (the legacy PairedTTestViz data). */
export function tTestData(
  fd: FormData,
  results: ChartDataResult[],
): { metric: string; groups: TTestGroup[] }[] {
  const { series } = legacySeries(fd, results[0]);
  return metricLabelsOf(fd).map((metric) => ({
    metric,
    groups: series
      .filter((s) => s.metric === metric)
      .map((s) => ({ group: s.group.length ? s.group : ["All"], values: s.values })),
  }));
}
