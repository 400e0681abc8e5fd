import type { ChartDataRequest } from "@strata/contracts";
import { engineSpec } from "@strata/engines";
import { timeRangeColumns } from "@strata/query";
import type { AsyncEvents } from "../async/events.ts";
import { jobOwnerOf } from "../async/owner.ts";
import { savedChartRequest } from "../charts/saved-request.ts";
import type { Charts } from "../charts/service.ts";
import type { Datasets } from "../datasets/service.ts";
import type { Guests } from "../security/guest.ts";
import type { Principal } from "../security/principal.ts";
import type { Job, JobQueue } from "../store/job-queue.ts";
import type { ResultStore } from "../store/result-store.ts";
import { annotate } from "./annotate.ts";
import type { InFlightJobs } from "./in-flight.ts";
import { CHART_DATA_JOB, ChartDataJobs, type JobReply } from "./job.ts";
import type { ChartDataLimits } from "./limits.ts";
import type { AnnotationSource, ChartDataContext } from "./ports.ts";
import { type ChartDataReply, jsonReply, type ReplyShape, replyOf } from "./reply.ts";
import type { ChartQueryOptions } from "./request.ts";
import type { ChartQueries } from "./run.ts";

export { JOB_INTERRUPTED_MESSAGE } from "./job.ts";
export type { ChartDataContext } from "./ports.ts";
export type { ChartDataReply } from "./reply.ts";

export interface ChartDataOptions extends ChartQueryOptions {
  /** Global async queries: every chart-data request becomes a job (GLOBAL_ASYNC_QUERIES). */
  asyncQueries: boolean;
  /** Superset's MAPBOX_API_KEY, which explore_json's map and deck.gl replies carry. */
  mapboxApiKey?: string;
}

/**
 * The chart-data verbs, composed from their stages: validate → resolve the dataset with the
 * caller's access → compile each query object (`request.ts`) → cache lookup → run (`run.ts`,
 * inline, or as a job through SQS when async: `job.ts`) → add annotations (`annotate.ts`) →
 * Superset's reply (`reply.ts`, or explore_json's: `legacy.ts`).
 */
export class ChartDataService {
  private readonly queries: ChartQueries;
  private readonly annotations: AnnotationSource | undefined;
  private readonly charts: Pick<Charts, "get">;
  private readonly datasets: Datasets;
  private readonly jobs: ChartDataJobs;

  constructor(
    deps: {
      /** Runs queries (shared with annotations drawn from other charts, so one cache and one set of slots). */
      queries: ChartQueries;
      /** `annotation_data` of a query object's annotation layers; none without it. */
      annotations?: AnnotationSource;
      /** Saved charts, for the data of a chart by id. */
      charts: Pick<Charts, "get">;
      datasets: Datasets;
      results: ResultStore;
      jobs: JobQueue;
      events: AsyncEvents;
      inFlight: InFlightJobs;
      principalOf: (userId: number | null) => Promise<Principal>;
      guests: Pick<Guests, "sealForJob" | "fromJob">;
    },
    private readonly opts: Pick<ChartDataOptions, "asyncQueries" | "mapboxApiKey">,
  ) {
    this.queries = deps.queries;
    this.annotations = deps.annotations;
    this.charts = deps.charts;
    this.datasets = deps.datasets;
    this.jobs = new ChartDataJobs({ ...deps, mapboxApiKey: opts.mapboxApiKey });
  }

  /**
   * `GET /api/v1/chart/{id}/data/`: a saved chart's data from its saved query context, as the
   * caller may read it (the chart's access, then the dataset's and RLS as for any request).
   */
  async savedChart(
    p: Principal,
    chartId: number,
    opts: {
      format?: "json" | "csv" | "xlsx";
      force?: boolean;
      resultType?: ChartDataRequest["result_type"];
      /** Answer here, never as a queued job: background callers (reports) have no one to wait on a job. */
      inline?: boolean;
      /** Stops the chart's queries (a report run past its working timeout). */
      signal?: AbortSignal;
    } = {},
  ): Promise<ChartDataReply> {
    const { chart } = await this.charts.get(p, chartId);
    const request = savedChartRequest(chart);
    if (opts.format) request.result_format = opts.format;
    if (opts.resultType) request.result_type = opts.resultType;
    if (opts.force !== undefined) request.force = opts.force;
    return this.request(p, request, { sliceId: chart.id, signal: opts.signal }, undefined, {
      inline: opts.inline,
    });
  }

  get limits(): ChartDataLimits {
    return this.queries.limits;
  }

  /** Waits for background cache writes (shutdown, tests). */
  flush(): Promise<void> {
    return this.queries.flush();
  }

  /**
   * `POST /api/v1/chart/data`: 200 with results, a file, or 202 with a job to wait for.
   * `shape` builds a JSON reply from the items instead of `{"result": […]}` (explore_json).
   * `how.inline` answers here even where a job would be queued (background callers: reports);
   * `how.job` is what a queued job stores in `shape`'s stead (explore_json's payload).
   */
  async request(
    p: Principal,
    asked: ChartDataRequest,
    ctx: ChartDataContext = {},
    shape?: ReplyShape,
    how: { inline?: boolean; job?: JobReply } = {},
  ): Promise<ChartDataReply> {
    const prepared = await this.queries.prepare(p, asked, ctx);
    const { req, r, resultType } = prepared;
    if (resultType === "query") return jsonReply({ result: this.queries.queryText(prepared) });
    // A job needs an owner to hand its result to: anonymous callers are answered inline.
    const async =
      !how.inline &&
      (this.opts.asyncQueries || engineSpec(r.db.engine).capabilities.prefersAsync) &&
      req.result_format === "json" &&
      jobOwnerOf(p) !== undefined;
    // Every result cached: answered at once even when async.
    if (async && (req.force || !(await this.queries.allCached(prepared)))) {
      return this.jobs.enqueue(p, req, ctx, how.job);
    }
    const items = await this.queries.items(prepared);
    return replyOf(p, req, await annotate(this.annotations, p, prepared, items), shape);
  }

  /** Legacy explore_json: form data → the viz type's query → `viz.py`'s reply (see `legacy.ts`). */
  async legacy(
    p: Principal,
    formData: Record<string, unknown>,
    opts: { csv: boolean; force: boolean },
  ): Promise<ChartDataReply> {
    // Loaded on first use: the legacy viz classes serve only this old endpoint, and the API's
    // startup bundle stays small without them.
    const { legacyExploreJson } = await import("./legacy.ts");
    return legacyExploreJson(
      {
        run: (request, ctx, shape, job) => this.request(p, request, ctx, shape, { job }),
        charts: this.charts,
        mapboxApiKey: this.opts.mapboxApiKey ?? "",
        timeColumns: (id) =>
          this.datasets.get(p, id).then(
            ({ ds }) => timeRangeColumns(ds.columns),
            () => undefined,
          ),
      },
      p,
      formData,
      opts,
    );
  }

  /** The worker's handler: runs the job as its user, stores the result, appends one event. */
  runJob(job: Job): Promise<void> {
    return this.jobs.run(job);
  }

  /** Reports a job that could not run at all (after retries), so the client never spins forever. */
  failJob(job: Job, message: string): Promise<void> {
    return this.jobs.fail(job, message);
  }

  /** Ends lost jobs as `error` events; `all` at a local start (see ChartDataJobs.sweepLost). */
  sweepLostJobs(opts: { all?: boolean } = {}): Promise<number> {
    return this.jobs.sweepLost(opts);
  }

  /** `GET {result_url}`: the stored result, with the same authorisation as the original call. */
  storedResult(p: Principal, resultKey: string): Promise<Uint8Array> {
    return this.jobs.storedResult(p, resultKey, "chart-data");
  }

  /** `GET /superset/explore_json/data/{key}`: an explore_json job's stored payload, as `storedResult`. */
  storedExploreJson(p: Principal, resultKey: string): Promise<Uint8Array> {
    return this.jobs.storedResult(p, resultKey, "explore-json");
  }

  static readonly JOB_KIND = CHART_DATA_JOB;
}
