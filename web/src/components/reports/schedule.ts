import { translatable } from "../../lib/i18n";

/** The friendly schedules of the report modals, and their crontab (minute hour day month weekday). */
export type SchedulePreset = "hour" | "day" | "week" | "month" | "custom";

export interface Schedule {
  preset: SchedulePreset;
  /** "HH:MM" for day, week and month; the minute alone matters for hour. */
  time: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** 1…31. */
  monthDay: number;
  /** The free crontab, used when the preset is custom. */
  crontab: string;
}

export const WEEKDAYS = [
  translatable("Sunday"),
  translatable("Monday"),
  translatable("Tuesday"),
  translatable("Wednesday"),
  translatable("Thursday"),
  translatable("Friday"),
  translatable("Saturday"),
];

const pad = (n: number) => String(n).padStart(2, "0");
const NUM = "(\\d{1,2})";

/** Reads a crontab into the preset it matches, or the custom field when none does. */
export function parseCrontab(crontab: string): Schedule {
  const text = crontab.trim().replace(/\s+/g, " ");
  const base: Schedule = { preset: "custom", time: "09:00", weekday: 1, monthDay: 1, crontab: text };
  const m = (re: string) => new RegExp(`^${re}$`).exec(text);
  const valid = (min: string, hour = "0") => Number(min) < 60 && Number(hour) < 24;
  let found = m(`${NUM} \\* \\* \\* \\*`);
  if (found && valid(found[1])) return { ...base, preset: "hour", time: `00:${pad(Number(found[1]))}` };
  found = m(`${NUM} ${NUM} \\* \\* \\*`);
  if (found && valid(found[1], found[2]))
    return { ...base, preset: "day", time: `${pad(Number(found[2]))}:${pad(Number(found[1]))}` };
  found = m(`${NUM} ${NUM} \\* \\* ([0-6])`);
  if (found && valid(found[1], found[2]))
    return {
      ...base,
      preset: "week",
      time: `${pad(Number(found[2]))}:${pad(Number(found[1]))}`,
      weekday: Number(found[3]),
    };
  found = m(`${NUM} ${NUM} ${NUM} \\* \\*`);
  if (found && valid(found[1], found[2]) && Number(found[3]) >= 1 && Number(found[3]) <= 31)
    return {
      ...base,
      preset: "month",
      time: `${pad(Number(found[2]))}:${pad(Number(found[1]))}`,
      monthDay: Number(found[3]),
    };
  return base;
}

/** The crontab a schedule stands for (the custom text as typed). */
export function toCrontab(s: Schedule): string {
  if (s.preset === "custom") return s.crontab.trim();
  const [h, m] = s.time.split(":").map((x) => Number.parseInt(x, 10) || 0);
  switch (s.preset) {
    case "hour":
      return `${m} * * * *`;
    case "day":
      return `${m} ${h} * * *`;
    case "week":
      return `${m} ${h} * * ${s.weekday}`;
    case "month":
      return `${m} ${h} ${s.monthDay} * *`;
  }
}
