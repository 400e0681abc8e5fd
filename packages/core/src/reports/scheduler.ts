import type { JobQueue } from "../store/job-queue.ts";
import { deleteChanged } from "../store/delete-changed.ts";
import type { MetaStore } from "../store/meta-store.ts";
import type { ReportRunner } from "./runner.ts";
import { WORKING_TIMEOUT } from "./runner.ts";
import { latestDue } from "./schedule-time.ts";
import {
  LOG_PURGE_SET,
  openRunsSet,
  REPORT_JOB,
  type ReportEntity,
  type ReportJob,
  type ReportLogData,
  reportLogType,
} from "./types.ts";

const WEEK = 7 * 24 * 3600;
const DAY_MS = 86_400_000;
/** The most log rows one tick deletes for one report, live or deleted. */
const SWEEP_MAX_DELETES = 1000;

/**
 * The reports' part of the minute tick (the schedule Lambda, or a timer locally). For each report
 * it ends runs stuck past their working timeout, drops logs older than the retention, and, when
 * an active report's crontab (in its time zone) has a slot due, claims that slot with a
 * conditional write and queues one job for it: two ticks, or two instances, never queue it twice.
 */
export class ReportScheduler {
  constructor(
    private readonly deps: {
      meta: MetaStore;
      jobs: JobQueue;
      all: () => Promise<ReportEntity[]>;
      runner: ReportRunner;
      log?: (message: string) => void;
    },
  ) {}

  /** Returns the number of runs queued. */
  async tick(now = new Date()): Promise<number> {
    await this.purgeDeleted();
    let queued = 0;
    for (const report of await this.deps.all()) {
      try {
        await this.sweepLogs(report, now);
        if (report.active && (await this.queueDue(report, now))) queued += 1;
      } catch (e) {
        this.deps.log?.(
          `Report ${report.id} ("${report.name}") could not be scheduled: ${(e as Error).message}`,
        );
      }
    }
    return queued;
  }

  private async queueDue(report: ReportEntity, now: Date): Promise<boolean> {
    const last =
      (await this.deps.meta.getValue<number>(`report-last#${report.id}`)) ?? Date.parse(report.created_on);
    const due = await latestDue(report.crontab, report.timezone, last, now);
    if (!due) return false;
    const slotMs = due.getTime();
    const claimed = await this.deps.meta.putValue(`report-slot#${report.id}#${slotMs}`, now.getTime(), {
      onlyIfAbsent: true,
      ttlSeconds: WEEK,
    });
    if (!claimed) return false;
    await this.deps.meta.putValue(`report-last#${report.id}`, slotMs);
    const job: ReportJob = { reportId: report.id, slotMs };
    await this.deps.jobs.send({ id: `report-${report.id}-${slotMs}`, kind: REPORT_JOB, payload: job });
    return true;
  }

  /** Ends runs still Working past the report's working timeout, and deletes logs past retention. */
  private async sweepLogs(report: ReportEntity, now: Date): Promise<void> {
    if (await this.endTimedOut(report, now))
      await this.deps.runner.setLastState(report.id, { last_state: "Error" });
    await this.dropExpired(report, now);
  }

  /**
   * The report's open runs (a set the runner keeps) past their working timeout end as Error.
   * A member whose run has ended leaves the set; one whose row is missing too, once a minute old
   * (the runner notes a run just before it writes the row).
   */
  private async endTimedOut(report: ReportEntity, now: Date): Promise<boolean> {
    const type = reportLogType(report.id);
    const set = openRunsSet(report.id);
    let timedOut = false;
    for (const { member, value } of await this.deps.meta.members(set)) {
      const log = await this.deps.meta.get<ReportLogData>(type, Number(member));
      if (!log) {
        if (Date.parse(String(value)) + 60_000 < now.getTime())
          await this.deps.meta.removeMember(set, member);
        continue;
      }
      if (log.state !== "Working") {
        await this.deps.meta.removeMember(set, member);
        continue;
      }
      const started = Date.parse(log.start_dttm ?? log.scheduled_dttm);
      if (started + report.working_timeout * 1000 >= now.getTime()) continue;
      // A lost race means the run just ended by itself: its own finish takes it out of the set.
      const ended = await this.deps.meta
        .update<ReportLogData>(
          type,
          log,
          { state: "Error", end_dttm: now.toISOString(), error_message: WORKING_TIMEOUT },
          null,
        )
        .then(
          () => true,
          () => false,
        );
      if (ended) await this.deps.meta.removeMember(set, member);
      timedOut ||= ended;
    }
    return timedOut;
  }

  /**
   * Deletes the log rows last changed (ended) more than the report's retention ago, read by key:
   * after the first sweep only the few that expired since the last tick.
   */
  private async dropExpired(report: ReportEntity, now: Date): Promise<void> {
    const cutoff = new Date(now.getTime() - report.log_retention * DAY_MS).toISOString();
    await deleteChanged(this.deps.meta, reportLogType(report.id), {
      changedBefore: cutoff,
      max: SWEEP_MAX_DELETES,
    });
  }

  /** Works off the logs of deleted reports; a report leaves the set once none of its rows is left. */
  private async purgeDeleted(): Promise<void> {
    for (const { member, value } of await this.deps.meta.members(LOG_PURGE_SET)) {
      try {
        if (await deleteChanged(this.deps.meta, reportLogType(Number(member)), { max: SWEEP_MAX_DELETES }))
          await this.deps.meta.removeMember(LOG_PURGE_SET, member, { ifValue: value });
      } catch (e) {
        this.deps.log?.(`The log of deleted report ${member} could not be deleted: ${(e as Error).message}`);
      }
    }
  }
}
