import { translatable } from "../../../lib/i18n";
import type { DashboardMetadata } from "./dashboard-types";

/** 001 §9: stagger default 5000 ms, on by default. */
export const DEFAULT_STAGGER_MS = 5000;

/** Auto-refresh choices in seconds (0: off). */
export const REFRESH_INTERVALS: [number, string][] = [
  [0, translatable("Don't refresh")],
  [10, translatable("10 seconds")],
  [30, translatable("30 seconds")],
  [60, translatable("1 minute")],
  [300, translatable("5 minutes")],
  [1800, translatable("30 minutes")],
  [3600, translatable("1 hour")],
  [21600, translatable("6 hours")],
  [43200, translatable("12 hours")],
  [86400, translatable("24 hours")],
];

export function staggerEnabled(metadata: DashboardMetadata): boolean {
  const value = metadata.stagger_refresh;
  if (value === undefined || value === null) return true;
  return value === true || value === "true";
}

/**
 * Delay before refreshing each of `count` charts: spread over the smaller of the refresh interval
 * and the stagger time (default 5000 ms), or all at once when staggering is off.
 */
export function staggerDelays(count: number, intervalMs: number, metadata: DashboardMetadata): number[] {
  if (count <= 0) return [];
  const stagger =
    typeof metadata.stagger_time === "number" && metadata.stagger_time >= 0
      ? metadata.stagger_time
      : DEFAULT_STAGGER_MS;
  if (!staggerEnabled(metadata) || count === 1) return Array(count).fill(0);
  const window = Math.min(intervalMs > 0 ? intervalMs : stagger, stagger);
  const step = window / (count - 1);
  return Array.from({ length: count }, (_, i) => Math.round(step * i));
}
