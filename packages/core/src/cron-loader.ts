/**
 * croner, read on first use: only schedules need it (a report or saved query being saved or
 * listed with its schedule, and the minute ticks), never the API's other requests, so a cold
 * start does not load it. Kept once loaded.
 */
let loading: Promise<typeof import("croner")> | undefined;

export function loadCron(): Promise<typeof import("croner")> {
  loading ??= import("croner");
  return loading;
}
