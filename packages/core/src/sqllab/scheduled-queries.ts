import { randomUUID } from "node:crypto";
import { AppError } from "../errors.ts";
import type { Principal } from "../security/principal.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { SAVED_QUERY, type SavedQueryData } from "./saved-queries.ts";
import { parseScheduleInfo, runsOf, type ScheduleInfo } from "./schedule-info.ts";
import type { SqlLab } from "./service.ts";

const WEEK = 7 * 24 * 3600;

/**
 * Runs scheduled saved queries. Each tick (every minute: the schedule Lambda, or a timer locally)
 * finds the latest due time of each schedule since its last run and runs the query once for it,
 * as its owner, through the job queue; the run lands in the owner's query history. A slot is
 * claimed with a conditional write, so overlapping ticks never run it twice.
 */
export class ScheduledQueries {
  constructor(
    private readonly meta: MetaStore,
    private readonly sqlLab: SqlLab,
    private readonly principalOf: (userId: number | null) => Promise<Principal>,
    private readonly log: (message: string) => void = () => {},
  ) {}

  async tick(now = new Date()): Promise<number> {
    let started = 0;
    for (const q of await this.meta.list<SavedQueryData>(SAVED_QUERY)) {
      let info: ScheduleInfo | null;
      try {
        info = await parseScheduleInfo(q.extra_json);
      } catch (e) {
        // A refused schedule was stored before validation existed, or edited outside the API.
        // Anything else (croner failing to load) stops the tick rather than skip every query.
        if (e instanceof AppError) continue;
        throw e;
      }
      if (!info) continue;
      const last = (await this.meta.getValue<number>(`schedule-last#${q.id}`)) ?? Date.parse(q.changed_on);
      const due = await latestDue(info, new Date(last), now);
      if (!due) continue;
      const claimed = await this.meta.putValue(`schedule-run#${q.id}#${due.getTime()}`, now.getTime(), {
        onlyIfAbsent: true,
        ttlSeconds: WEEK,
      });
      if (!claimed) continue;
      await this.meta.putValue(`schedule-last#${q.id}`, due.getTime());
      try {
        const owner = await this.principalOf(q.created_by_fk ?? null);
        await this.sqlLab.execute(
          owner,
          {
            client_id: randomUUID().slice(0, 11),
            database_id: q.db_id,
            sql: q.sql,
            schema: q.schema,
            catalog: q.catalog,
            templateParams: q.template_parameters,
            tab: `Scheduled: ${q.label}`,
            runAsync: true,
          },
          { background: true },
        );
        started += 1;
      } catch (e) {
        this.log(`Scheduled query ${q.id} ("${q.label}") could not start: ${(e as Error).message}`);
      }
    }
    return started;
  }
}

/** The most recent run time in (last, now], or null. */
async function latestDue(info: ScheduleInfo, last: Date, now: Date): Promise<Date | null> {
  const runAfter = await runsOf(info);
  let due: Date | null = null;
  let cursor = last;
  for (let i = 0; i < 100_000; i++) {
    const next = runAfter(cursor);
    if (!next || next > now) break;
    due = next;
    cursor = next;
  }
  return due;
}
