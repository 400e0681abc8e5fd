import type { JobQueue } from "../store/job-queue.ts";
import type { MetaStore } from "../store/meta-store.ts";
import type { ReportRunner } from "./runner.ts";
import { WORKING_TIMEOUT } from "./runner.ts";
import { latestDue } from "./schedule-time.ts";
import { REPORT_JOB, type ReportEntity, type ReportJob, type ReportLogData, reportLogType } from "./types.ts";

const WEEK = 7 * 24 * 3600;
const DAY_MS = 86_400_000;

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
    const type = reportLogType(report.id);
    const logs = await this.deps.meta.list<ReportLogData>(type);
    const keepAfter = now.getTime() - report.log_retention * DAY_MS;
    let timedOut = false;
    for (const log of logs) {
      const started = Date.parse(log.start_dttm ?? log.scheduled_dttm);
      if (Date.parse(log.end_dttm ?? log.start_dttm ?? log.scheduled_dttm) < keepAfter) {
        await this.deps.meta.delete(type, log).catch(() => undefined);
      } else if (log.state === "Working" && started + report.working_timeout * 1000 < now.getTime()) {
        // A lost race means the run just ended by itself: nothing to do.
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
        timedOut ||= ended;
      }
    }
    if (timedOut) await this.deps.runner.setLastState(report.id, { last_state: "Error" });
  }
}
