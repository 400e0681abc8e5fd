import { type ChartDataRequest, ErrorType } from "@strata/contracts";
import { AsyncEvents } from "../async/events.ts";
import { type JobOwner, jobOwnerOf, ownedBy } from "../async/owner.ts";
import type { Datasets } from "../datasets/service.ts";
import { AppError, notFound } from "../errors.ts";
import type { Guests, SealedGuest } from "../security/guest.ts";
import type { Principal } from "../security/principal.ts";
import type { Job, JobQueue } from "../store/job-queue.ts";
import type { ResultStore } from "../store/result-store.ts";
import { annotate } from "./annotate.ts";
import { concatInTurns } from "./format.ts";
import type { InFlightJobs } from "./in-flight.ts";
import type { AnnotationSource, ChartDataContext } from "./ports.ts";
import type { ChartDataReply } from "./reply.ts";
import { type ReplyItem, resultChunks } from "./reply-body.ts";
import type { ChartQueries } from "./run.ts";

export const CHART_DATA_JOB = "chart-data";
/** What a job's owner is told when the job was lost (a crash, a dead worker). */
export const JOB_INTERRUPTED_MESSAGE =
  "The chart's query was interrupted before it finished (the server restarted or the job was lost). Run it again.";

/**
 * What a job's stored result answers: `POST /api/v1/chart/data`'s `{"result": […]}`, or legacy
 * explore_json's `viz.py` payload for the form data it was asked with (Superset's
 * load_explore_json_into_cache). Each is read back only at its own result_url.
 */
export type JobReply = { kind: "chart-data" } | { kind: "explore-json"; formData: Record<string, unknown> };

const CHART_DATA_REPLY: JobReply = { kind: "chart-data" };

/** Where a finished job's result is read: Superset's two result_url forms. */
export function resultUrlOf(reply: JobReply["kind"], resultKey: string): string {
  return reply === "explore-json"
    ? `/superset/explore_json/data/${resultKey}`
    : `/api/v1/chart/data/${resultKey}`;
}

interface JobPayload {
  /** Who the job, its event and its result belong to (never empty; see jobOwnerOf). */
  owner: JobOwner;
  userId: number | null;
  /** A guest's signed identity: the worker runs the job as that guest, never wider. */
  guest?: SealedGuest;
  request: ChartDataRequest;
  ctx: ChartDataContext;
  resultKey: string;
  /** Absent in messages queued before explore_json jobs: chart-data. */
  reply?: JobReply;
}

export interface JobDeps {
  queries: ChartQueries;
  annotations?: AnnotationSource;
  datasets: Datasets;
  results: ResultStore;
  jobs: JobQueue;
  events: AsyncEvents;
  /** Queued jobs without a final event yet, so lost ones can be reported. */
  inFlight: InFlightJobs;
  principalOf: (userId: number | null) => Promise<Principal>;
  guests: Pick<Guests, "sealForJob" | "fromJob">;
  /** Superset's MAPBOX_API_KEY, which explore_json's map payloads carry. */
  mapboxApiKey?: string;
}

const resultPath = (resultKey: string) => `results/chart-data/${resultKey}.json`;

/**
 * Chart data as jobs (async queries): queue a request, run it in the worker as the same caller,
 * store its reply under `result_url` with one event for its owner, and read it back.
 */
export class ChartDataJobs {
  constructor(private readonly deps: JobDeps) {}

  /** A 202 reply naming the job and where its result will be. */
  async enqueue(
    p: Principal,
    req: ChartDataRequest,
    ctx: ChartDataContext,
    reply: JobReply = CHART_DATA_REPLY,
  ): Promise<ChartDataReply> {
    const jobId = AsyncEvents.newJobId();
    const owner = jobOwnerOf(p);
    if (!owner) throw new Error("enqueue needs an owner"); // request() answers anonymous callers inline
    const userId = p.user?.id ?? null;
    const resultKey = jobId;
    const guest = p.guest ? this.deps.guests.sealForJob(p.guest) : undefined;
    const { signal: _inline, ...jobCtx } = ctx;
    const payload: JobPayload = { owner, userId, guest, request: req, ctx: jobCtx, resultKey, reply };
    // Tracked before it is sent: a crash in between still ends as an error event for its owner.
    const deadline = Date.now() + this.jobDeadlineMs;
    await this.deps.inFlight.track({ id: jobId, kind: CHART_DATA_JOB, payload: { owner, userId } }, deadline);
    await this.deps.jobs.send({ id: jobId, kind: CHART_DATA_JOB, payload });
    return {
      kind: "queued",
      status: 202,
      body: {
        channel_id: AsyncEvents.channelFor(owner),
        job_id: jobId,
        user_id: userId,
        status: "pending",
        errors: [],
        result_url: resultUrlOf(reply.kind, resultKey),
      },
    };
  }

  /** The worker's handler: runs the job as its user, stores the result, appends one event. */
  async run(job: Job): Promise<void> {
    const { owner, userId, guest, request, ctx, resultKey } = job.payload as JobPayload;
    const reply = (job.payload as JobPayload).reply ?? CHART_DATA_REPLY;
    if (!owner) return; // a message from before owners: nobody could read its result
    if (await this.deps.results.get(resultPath(resultKey))) return; // a duplicate delivery
    try {
      // The same identity as the request: a guest's sealed scope and RLS, else the user, fresh.
      const p = guest ? await this.deps.guests.fromJob(guest) : await this.deps.principalOf(userId);
      if (jobOwnerOf(p) !== owner) throw notFound("The job's owner no longer exists.");
      const prepared = await this.deps.queries.prepare(p, request, ctx);
      const items = await this.deps.queries.items(prepared);
      // Jobs are JSON replies only: stored as the same chunks an inline reply streams (guest
      // fields hidden the same way), behind a line naming who may read it.
      const annotated = await annotate(this.deps.annotations, p, prepared, items);
      const header = Buffer.from(
        `${JSON.stringify({ owner, datasourceId: prepared.r.ds.id, reply: reply.kind })}\n`,
      );
      await this.deps.results.put(
        resultPath(resultKey),
        await concatInTurns([header, ...(await this.replyChunks(p, reply, annotated))]),
        "application/json",
      );
      await this.deps.events.append(owner, {
        job_id: job.id,
        user_id: userId,
        status: "done",
        result_url: resultUrlOf(reply.kind, resultKey),
        errors: [],
      });
      await this.deps.inFlight.done(job.id);
    } catch (e) {
      if (!(e instanceof AppError)) throw e; // unexpected: let SQS retry, then the DLQ handler reports it
      const errors = e.body.errors?.map((x) => ({ message: x.message, error_type: x.error_type })) ?? [
        { message: String(e.body.message) },
      ];
      await this.deps.events.append(owner, {
        job_id: job.id,
        user_id: userId,
        status: "error",
        result_url: null,
        errors,
      });
      await this.deps.inFlight.done(job.id);
    }
  }

  /** The stored reply's bytes: chart-data's result list, or explore_json's payload shaped here. */
  private async replyChunks(p: Principal, reply: JobReply, items: ReplyItem[]): Promise<Uint8Array[]> {
    if (reply.kind === "chart-data") return [...resultChunks(p, items)];
    // Loaded on first use, as the service does: only explore_json jobs need the legacy viz classes.
    const { legacyShape } = await import("./legacy.ts");
    const shaped = legacyShape(p, reply.formData, this.deps.mapboxApiKey ?? "")(items);
    if (shaped.kind !== "json") throw new Error("an explore_json job's reply must be JSON");
    const chunks: Uint8Array[] = [];
    for await (const chunk of shaped.body) chunks.push(chunk);
    return chunks;
  }

  /**
   * How long a queued job may take before it counts as lost: every SQS delivery (visibility
   * timeout 60 s, 3 receives) plus the query's own time limit, with a minute to spare.
   */
  private get jobDeadlineMs(): number {
    return (3 * 60 + this.deps.queries.limits.timeoutSec + 60) * 1000;
  }

  /**
   * Ends lost jobs as `error` events (the append is conditional: a job that did finish keeps its
   * event). `all`: at a local start, when the in-memory queue has lost every queued job.
   */
  async sweepLost(opts: { all?: boolean } = {}): Promise<number> {
    const lost = await this.deps.inFlight.lost(Date.now(), opts.all ?? false);
    for (const job of lost) await this.fail(job, JOB_INTERRUPTED_MESSAGE);
    return lost.length;
  }

  /** Reports a job that could not run at all (after retries), so the client never spins forever. */
  async fail(job: Job, message: string): Promise<void> {
    const { owner, userId } = job.payload as JobPayload;
    if (owner)
      await this.deps.events.append(owner, {
        job_id: job.id,
        user_id: userId,
        status: "error",
        result_url: null,
        errors: [{ message, error_type: ErrorType.ASYNC_WORKERS_ERROR }],
      });
    await this.deps.inFlight.done(job.id);
  }

  /**
   * `GET {result_url}`: the stored result, with the same authorisation as the original call, and
   * only at the result_url of its own kind (`reply`).
   */
  async storedResult(
    p: Principal,
    resultKey: string,
    reply: JobReply["kind"] = "chart-data",
  ): Promise<Uint8Array> {
    if (!/^[0-9a-f-]{36}$/.test(resultKey)) throw notFound("Result not found");
    const bytes = await this.deps.results.get(resultPath(resultKey));
    if (!bytes) throw notFound("Result not found or expired");
    // Only the header line is decoded; the reply's bytes are passed through as stored.
    const cut = bytes.indexOf(0x0a);
    if (cut < 0) throw notFound("Result not found or expired");
    const header = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, cut).toString("utf8")) as {
      owner?: string;
      datasourceId: number;
      reply?: JobReply["kind"];
    };
    if ((header.reply ?? "chart-data") !== reply) throw notFound("Result not found or expired");
    // Only the caller the job ran for; a result without an owner answers nobody.
    if (!ownedBy(header.owner, p)) throw notFound("Result not found or expired");
    await this.deps.datasets.get(p, header.datasourceId).catch(() => {
      throw notFound("Result not found or expired");
    });
    return bytes.subarray(cut + 1);
  }
}
