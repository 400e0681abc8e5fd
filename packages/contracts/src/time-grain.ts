/**
 * Superset's time grains: ISO 8601 durations (and the week variants anchored on a weekday) with
 * their display names. Engines say which of them they support; the SPA labels them with these
 * names, since a server may label a grain with its SQL.
 */
export const TIME_GRAIN_NAMES: Readonly<Record<string, string>> = {
  PT1S: "Second",
  PT5S: "5 second",
  PT30S: "30 second",
  PT1M: "Minute",
  PT5M: "5 minute",
  PT10M: "10 minute",
  PT15M: "15 minute",
  PT30M: "30 minute",
  PT1H: "Hour",
  PT6H: "6 hour",
  P1D: "Day",
  P1W: "Week",
  P1M: "Month",
  P3M: "Quarter",
  P1Y: "Year",
  "1969-12-28T00:00:00Z/P1W": "Week starting Sunday",
  "1969-12-29T00:00:00Z/P1W": "Week starting Monday",
  "P1W/1970-01-03T00:00:00Z": "Week ending Saturday",
  "P1W/1970-01-04T00:00:00Z": "Week ending Sunday",
};

/** The grains offered when a dataset does not list its own: `[key, name]`, finest first. */
export const COMMON_TIME_GRAINS: ReadonlyArray<readonly [string, string]> = [
  "PT1S",
  "PT1M",
  "PT1H",
  "P1D",
  "P1W",
  "P1M",
  "P3M",
  "P1Y",
].map((key) => [key, TIME_GRAIN_NAMES[key]] as const);
