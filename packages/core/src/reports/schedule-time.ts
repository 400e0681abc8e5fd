import type { Cron } from "croner";
import { loadCron } from "../cron-loader.ts";
import { badRequest } from "../errors.ts";

const NICKNAMES = new Set(["@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"]);

async function cronOf(expr: string, timezone: string): Promise<Cron> {
  const { Cron } = await loadCron();
  return new Cron(expr, { paused: true, timezone });
}

/**
 * Checks a report's crontab: five fields (minute hour day month weekday) or a nickname such as
 * @daily. A sixth (seconds) field is refused: the tick runs once a minute.
 */
export async function checkCrontab(expr: string, timezone: string): Promise<void> {
  const fields = expr.trim().split(/\s+/);
  const ok = NICKNAMES.has(expr.trim().toLowerCase()) || fields.length === 5;
  let valid = ok;
  if (ok) {
    // Loaded before the try: a library that fails to load is a server fault, not a bad crontab.
    const { Cron } = await loadCron();
    try {
      valid = new Cron(expr, { paused: true, timezone }).nextRun() !== null;
    } catch {
      valid = false;
    }
  }
  if (!valid)
    throw badRequest({
      crontab: [`"${expr}" is not a valid schedule: use five cron fields like "0 9 * * 1-5" or @daily.`],
    });
}

/** The latest scheduled minute in (after, now], or null; never looks back more than a day. */
export async function latestDue(
  expr: string,
  timezone: string,
  after: number,
  now: Date,
): Promise<Date | null> {
  const cron = await cronOf(expr, timezone);
  let cursor = new Date(Math.max(after, now.getTime() - 86_400_000));
  let due: Date | null = null;
  for (let i = 0; i < 1500; i++) {
    const next = cron.nextRun(cursor);
    if (!next || next > now) break;
    due = next;
    cursor = next;
  }
  return due;
}

const pad = (n: string) => n.padStart(2, "0");

/** A few words for the common crontabs, else the crontab itself (the list's "Schedule" column). */
export function humanizeCrontab(expr: string): string {
  const f = expr.trim().split(/\s+/);
  if (f.length !== 5) return expr.trim();
  const [min, hour, dom, mon, dow] = f;
  const everyDay = dom === "*" && mon === "*";
  if (f.every((x) => x === "*")) return "Every minute";
  const step = /^\*\/(\d+)$/.exec(min);
  if (step && hour === "*" && everyDay && dow === "*") return `Every ${step[1]} minutes`;
  if (/^\d+$/.test(min) && hour === "*" && everyDay && dow === "*") return `Every hour at minute ${min}`;
  if (/^\d+$/.test(min) && /^\d+$/.test(hour) && everyDay) {
    const at = `${pad(hour)}:${pad(min)}`;
    if (dow === "*") return `Every day at ${at}`;
    if (dow === "1-5") return `At ${at}, Monday through Friday`;
    return `At ${at} on weekdays ${dow}`;
  }
  return expr.trim();
}
