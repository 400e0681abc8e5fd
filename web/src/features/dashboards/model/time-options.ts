/** Time range presets of the time filter, in Superset's time-range language. */
export const TIME_RANGE_PRESETS = [
  "No filter",
  "Last day",
  "Last week",
  "Last month",
  "Last quarter",
  "Last year",
  "previous calendar week",
  "previous calendar month",
  "previous calendar year",
];

export const TIME_RANGE_SEPARATOR = " : ";

/** Superset's ISO-8601 time grains. */
export const TIME_GRAINS: [string, string][] = [
  ["PT1S", "Second"],
  ["PT1M", "Minute"],
  ["PT1H", "Hour"],
  ["P1D", "Day"],
  ["P1W", "Week"],
  ["P1M", "Month"],
  ["P3M", "Quarter"],
  ["P1Y", "Year"],
];

/** A custom range `start : end` of ISO dates, or null. */
export function parseCustomRange(value: string): [string, string] | null {
  const parts = value.split(TIME_RANGE_SEPARATOR);
  if (parts.length !== 2) return null;
  const iso = /^(\d{4}-\d{2}-\d{2})?$/;
  return iso.test(parts[0]) && iso.test(parts[1]) ? [parts[0], parts[1]] : null;
}
