import { t } from "../../../lib/i18n";
import type { ScheduleInfo } from "../api/schedule-saved-query";

export interface ScheduleValues {
  label: string;
  description: string;
  interval: string;
  startDate: string;
  endDate: string;
  outputTable: string;
}

export type ScheduleErrors = Partial<Record<keyof ScheduleValues, string>>;

/** The shorthands the server takes besides five cron fields. */
export const SCHEDULE_ALIASES = ["@hourly", "@daily", "@weekly", "@monthly", "@yearly"];

export const SCHEDULE_PRESETS: { label: string; value: string }[] = [
  { label: t("Hourly"), value: "@hourly" },
  { label: t("Daily"), value: "@daily" },
  { label: t("Weekly"), value: "@weekly" },
  { label: t("Monthly"), value: "@monthly" },
  { label: t("Yearly"), value: "@yearly" },
  { label: t("Weekdays 06:00"), value: "0 6 * * 1-5" },
];

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const DAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];

/** minute, hour, day of month, month, day of week: [low, high, names (index = value - low)]. */
const FIELDS: [number, number, string[]?][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12, MONTHS],
  [0, 7, DAYS],
];

function fieldValue(text: string, low: number, names?: string[]): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  const i = names?.indexOf(text.toUpperCase()) ?? -1;
  return i >= 0 ? i + low : null;
}

/** One cron field: a comma list of `*`, `n` or `n-m`, each with an optional `/step`. */
function validField(text: string, [low, high, names]: [number, number, string[]?]): boolean {
  return text.split(",").every((part) => {
    const [range, step, ...rest] = part.split("/");
    if (rest.length > 0) return false;
    if (step !== undefined && !/^[1-9]\d*$/.test(step)) return false;
    if (range === "*") return true;
    const ends = range.split("-");
    if (ends.length > 2) return false;
    const values = ends.map((e) => fieldValue(e, low, names));
    if (values.some((v) => v === null || v < low || v > high)) return false;
    return values.length === 1 || (values[0] as number) <= (values[1] as number);
  });
}

/** A 5-field cron expression or one of the @hourly/@daily/@weekly/@monthly/@yearly shorthands. */
export function isValidInterval(interval: string): boolean {
  const text = interval.trim();
  if (SCHEDULE_ALIASES.includes(text.toLowerCase())) return true;
  const fields = text.split(/\s+/);
  return fields.length === 5 && fields.every((f, i) => validField(f, FIELDS[i]));
}

/** A real calendar day written YYYY-MM-DD. */
export function isValidDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** A table name, optionally schema-qualified. */
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;

export function validateSchedule(v: ScheduleValues): ScheduleErrors {
  const errors: ScheduleErrors = {};
  if (!v.label.trim()) errors.label = t("Name cannot be empty");
  if (!v.interval.trim()) errors.interval = t("Schedule interval cannot be empty");
  else if (!isValidInterval(v.interval))
    errors.interval = t(
      "Use five cron fields (minute hour day month weekday) or @hourly, @daily, @weekly, @monthly, @yearly",
    );
  if (!v.startDate.trim()) errors.startDate = t("Start date cannot be empty");
  else if (!isValidDate(v.startDate.trim())) errors.startDate = t("Write the date as YYYY-MM-DD");
  const end = v.endDate.trim();
  if (end && !isValidDate(end)) errors.endDate = t("Write the date as YYYY-MM-DD");
  else if (end && !errors.startDate && end < v.startDate.trim())
    errors.endDate = t("The end date cannot be before the start date");
  const table = v.outputTable.trim();
  if (table && !TABLE_NAME.test(table))
    errors.outputTable = t("Use letters, digits and underscores (schema.table is allowed)");
  return errors;
}

/** `schedule_info` for the server: optional fields only when filled in. */
export function scheduleInfo(v: ScheduleValues): ScheduleInfo {
  const info: ScheduleInfo = { schedule_interval: v.interval.trim(), start_date: v.startDate.trim() };
  if (v.endDate.trim()) info.end_date = v.endDate.trim();
  if (v.outputTable.trim()) info.output_table = v.outputTable.trim();
  return info;
}

/** Today's date in UTC, YYYY-MM-DD: the schedule runs in UTC, so its dates are UTC days too. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
