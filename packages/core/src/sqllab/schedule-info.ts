import type { ScheduleInfo } from "@strata/contracts";
import type { Cron } from "croner";
import { loadCron } from "../cron-loader.ts";
import { badRequest } from "../errors.ts";

export type { ScheduleInfo };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const invalid = (message: string) => badRequest({ extra_json: [message] });

function dayStart(day: string, field: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (!DAY.test(day) || Number.isNaN(ms)) throw invalid(`${field} must be a date like 2026-01-31.`);
  return ms;
}

async function cronOf(expr: string): Promise<Cron> {
  const { Cron } = await loadCron();
  try {
    return new Cron(expr, { paused: true, timezone: "UTC" });
  } catch {
    throw invalid(
      `"${expr}" is not a schedule: use five cron fields like "0 6 * * 1" or @hourly/@daily/@weekly/@monthly.`,
    );
  }
}

/**
 * The schedule in `extra_json`, checked; null when the saved query has none. Bad input → 400.
 * Async only because the crontab check loads croner; without a schedule nothing is loaded.
 */
export async function parseScheduleInfo(extraJson: string | null | undefined): Promise<ScheduleInfo | null> {
  if (!extraJson) return null;
  let extra: unknown;
  try {
    extra = JSON.parse(extraJson);
  } catch {
    throw invalid("extra_json must be a JSON object.");
  }
  if (typeof extra !== "object" || extra === null || Array.isArray(extra))
    throw invalid("extra_json must be a JSON object.");
  const info = (extra as { schedule_info?: unknown }).schedule_info;
  if (info === undefined || info === null) return null;
  if (typeof info !== "object" || Array.isArray(info)) throw invalid("schedule_info must be an object.");
  const s = info as Record<string, unknown>;
  if (typeof s.schedule_interval !== "string" || !s.schedule_interval.trim())
    throw invalid("schedule_info.schedule_interval is required, e.g. @daily or 0 6 * * 1.");
  await cronOf(s.schedule_interval.trim());
  if (typeof s.start_date !== "string")
    throw invalid("schedule_info.start_date is required, e.g. 2026-01-31.");
  const start = dayStart(s.start_date, "schedule_info.start_date");
  if (s.end_date !== undefined && s.end_date !== null && s.end_date !== "") {
    if (typeof s.end_date !== "string" || dayStart(s.end_date, "schedule_info.end_date") < start)
      throw invalid("schedule_info.end_date must be a date on or after the start date.");
  }
  if (s.output_table !== undefined && s.output_table !== null && typeof s.output_table !== "string")
    throw invalid("schedule_info.output_table must be a table name.");
  return {
    schedule_interval: s.schedule_interval.trim(),
    start_date: s.start_date,
    end_date: typeof s.end_date === "string" && s.end_date ? s.end_date : null,
    output_table: typeof s.output_table === "string" && s.output_table ? s.output_table : null,
  };
}

/**
 * The schedule's run times: `next(after)` is the first run strictly after `after` inside the
 * schedule's dates, or null. One croner object for every call, so a loop over runs builds no more.
 */
export async function runsOf(info: ScheduleInfo): Promise<(after: Date) => Date | null> {
  const cron = await cronOf(info.schedule_interval);
  const start = Date.parse(`${info.start_date}T00:00:00Z`);
  const end = info.end_date
    ? Date.parse(`${info.end_date}T00:00:00Z`) + 86_400_000
    : Number.POSITIVE_INFINITY;
  return (after) => {
    const next = cron.nextRun(new Date(Math.max(after.getTime(), start - 1)));
    return next && next.getTime() < end ? next : null;
  };
}

/** The first run strictly after `after`, inside the schedule's dates; null when there is none. */
export async function nextRun(info: ScheduleInfo, after: Date): Promise<Date | null> {
  return (await runsOf(info))(after);
}
