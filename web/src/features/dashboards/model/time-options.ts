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
