import type { Job } from "../store/job-queue.ts";
import type { MetaStore } from "../store/meta-store.ts";

/** One set holds every queued chart-data job until it has its final event: few items, one query. */
const IN_FLIGHT = "chart-data#in-flight";

interface InFlightEntry {
  /** The job without its request: what is needed to tell its owner it ended. */
  job: Job;
  /** Epoch ms after which the job counts as lost. */
  deadline: number;
}

/**
 * Chart-data jobs that were queued and have no final event yet. A job can be lost without anyone
 * noticing: the local SQS stand-in is in memory, so a crash drops every queued message, and a
 * worker killed mid-job in the cloud only reports after all redeliveries. A record per job with a
 * deadline lets a sweeper (at start, on the minute tick) end each lost job as an `error` event, so
 * its user is told within a bounded time instead of waiting forever.
 */
export class InFlightJobs {
  constructor(private readonly meta: MetaStore) {}

  /** Written before the message is sent, so a crash in between still leaves a record to sweep. */
  async track(job: Job, deadline: number): Promise<void> {
    const entry: InFlightEntry = { job, deadline };
    await this.meta.addMember(IN_FLIGHT, job.id, entry);
  }

  async done(jobId: string): Promise<void> {
    await this.meta.removeMember(IN_FLIGHT, jobId);
  }

  /** Jobs past their deadline, or every tracked job (`all`: nothing can still be running them). */
  async lost(now: number, all: boolean): Promise<Job[]> {
    const members = await this.meta.members(IN_FLIGHT);
    return members
      .map((m) => m.value as InFlightEntry)
      .filter((e) => e?.job && (all || e.deadline < now))
      .map((e) => e.job);
  }
}
