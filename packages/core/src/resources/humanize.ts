const UNITS: [number, string][] = [
  [365 * 24 * 3600, "year"],
  [30 * 24 * 3600, "month"],
  [24 * 3600, "day"],
  [3600, "hour"],
  [60, "minute"],
];

/** "3 minutes ago", as Superset's `*_delta_humanized` fields read. */
export function humanizeSince(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  for (const [size, unit] of UNITS) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return n === 1 ? `a${unit === "hour" ? "n" : ""} ${unit} ago` : `${n} ${unit}s ago`;
  }
  return seconds < 45 ? "a few seconds ago" : "a minute ago";
}
