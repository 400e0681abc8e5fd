import { createHash } from "node:crypto";
import { type ChartDataRequest, ErrorType, parseDatasourceKey, type QueryObject } from "@strata/contracts";
import { abortError, type ColumnKind, dialectFor, type QueryEngine } from "@strata/engines";
import {
  applyPostProcessing,
  type CompiledQuery,
  compileQuery,
  isQueryValidationError,
  joinTimeOffset,
  queryObjectFromFormData,
  timeOffsetQueryObject,
} from "@strata/query";
import type { AnnotationQueryContext } from "../annotations/chart-annotations.ts";
import { AsyncEvents } from "../async/events.ts";
import { type JobOwner, jobOwnerOf, ownedBy } from "../async/owner.ts";
import type { Charts } from "../charts/service.ts";
import { ENGINE_LABEL, toEngineError } from "../databases/engine-errors.ts";
import type { Databases } from "../databases/service.ts";
import type { DatabaseEntity } from "../databases/types.ts";
import type { Datasets } from "../datasets/service.ts";
import type { DatasetEntity } from "../datasets/types.ts";
import { AppError, badRequest, notFound, typedError } from "../errors.ts";
import type { Guests, SealedGuest } from "../security/guest.ts";
import type { Principal } from "../security/principal.ts";
import { requirePermission } from "../security/principal.ts";
import type { Job, JobQueue } from "../store/job-queue.ts";
import type { ResultStore } from "../store/result-store.ts";
import { ResultCache } from "./cache.ts";
import type { InFlightJobs } from "./in-flight.ts";
import { checkGuestQuery, requestedSliceId } from "./guest-query-check.ts";
import { type Columnar, concatInTurns, rowsJsonChunks, rowsJsonText, toCsv, toXlsx } from "./format.ts";
import { QuerySlots } from "./query-slots.ts";
import { withoutChartShaping } from "./raw-rows.ts";
import { byteStream, type ReplyItem, resultChunks, singleItemChunks } from "./reply-body.ts";
import {
  type ChartDataLimits,
  checkRequestShape,
  checkRowBudget,
  DEFAULT_CHART_DATA_LIMITS,
  PayloadBudget,
  resultTooLarge,
} from "./limits.ts";

/** Superset's GenericDataType numbers for `coltypes`. */
const GENERIC_TYPE: Record<ColumnKind, number> = { numeric: 0, string: 1, temporal: 2, boolean: 3, other: 1 };

export interface ChartDataOptions {
  /** Global async queries: every chart-data request becomes a job (GLOBAL_ASYNC_QUERIES). */
  asyncQueries: boolean;
  /** Seconds, when neither chart, dataset nor database sets one. */
  defaultCacheTimeout: number;
  /** Bounds on the work of one request (query count, rows, reply size, run time). */
  limits?: ChartDataLimits;
  now?: () => Date;
}

export interface ChartDataContext {
  sliceId?: number;
  dashboardId?: number;
}

/**
 * A reply: JSON as a byte stream (rows passed through as the bytes they were written or cached
 * as, never joined into one string), a file, or a queued job.
 */
export type ChartDataReply =
  | { kind: "json"; status: 200; body: ReadableStream<Uint8Array> }
  | { kind: "file"; status: 200; body: Uint8Array | string; contentType: string; fileName: string }
  | { kind: "queued"; status: 202; body: Record<string, unknown> };

interface Resolved {
  ds: DatasetEntity;
  db: DatabaseEntity;
  engine: QueryEngine;
  cacheTimeout: number;
  /** Row-level security conditions for this caller (part of the SQL, so of the cache key). */
  rls: string[];
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
}

const JOB_KIND = "chart-data";
/** What a job's owner is told when the job was lost (a crash, a dead worker). */
export const JOB_INTERRUPTED_MESSAGE =
  "The chart's query was interrupted before it finished (the server restarted or the job was lost). Run it again.";

/**
 * The chart-data engine: validate → resolve the dataset with the caller's access → compile each
 * query object → cache lookup → run (inline, or as a job through SQS when async) → post-process.
 */
export class ChartDataService {
  private readonly cache: ResultCache;
  /** Engine queries this instance runs at once (CHART_DATA_CONCURRENCY); the rest wait in order. */
  private readonly slots: QuerySlots;

  constructor(
    private readonly deps: {
      datasets: Datasets;
      databases: Databases;
      charts: Charts;
      results: ResultStore;
      jobs: JobQueue;
      events: AsyncEvents;
      /** Queued jobs without a final event yet, so lost ones can be reported. */
      inFlight: InFlightJobs;
      principalOf: (userId: number | null) => Promise<Principal>;
      guests: Pick<Guests, "sealForJob" | "fromJob">;
      rlsClauses: (p: Principal, datasetId: number) => Promise<string[]>;
      /** `annotation_data` of a query object's annotation layers (read per request, never cached). */
      annotationData?: (
        p: Principal,
        layers: unknown[] | undefined,
        ctx: AnnotationQueryContext,
      ) => Promise<Record<string, unknown>>;
    },
    private readonly opts: ChartDataOptions,
  ) {
    this.cache = new ResultCache(deps.results);
    this.slots = new QuerySlots(this.limits.concurrency);
  }

  private readonly pending = new Set<Promise<void>>();

  private background(work: Promise<void>): void {
    const tracked: Promise<void> = work
      .catch((e) => console.error("[chart-data] cache write failed", e))
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /** Waits for background cache writes (shutdown, tests). */
  async flush(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  private now() {
    return this.opts.now?.() ?? new Date();
  }

  get limits(): ChartDataLimits {
    return this.opts.limits ?? DEFAULT_CHART_DATA_LIMITS;
  }

  /** Every query compiled, after the request's shape and row budget are checked (one place for all paths). */
  private compileAll(r: Resolved, req: ChartDataRequest, resultType: ChartDataRequest["result_type"]) {
    const compiled = req.queries.map((q) => this.compile(r, q, resultType));
    checkRowBudget(req, compiled, this.limits);
    return compiled;
  }

  private async resolve(p: Principal, req: ChartDataRequest, ctx: ChartDataContext): Promise<Resolved> {
    requirePermission(p, "can_read", "Chart");
    if (req.datasource.type !== "table" && req.datasource.type !== "dataset") {
      throw typedError(
        400,
        ErrorType.UNKNOWN_DATASOURCE_TYPE_ERROR,
        `Datasource type ${req.datasource.type} is not supported for chart data`,
      );
    }
    const datasetId = Number(req.datasource.id);
    // Independent reads in parallel: the dataset (with access check), its RLS, the chart's settings.
    const [found, rls, chart] = await Promise.all([
      this.deps.datasets.get(p, datasetId).catch(() => {
        throw typedError(
          404,
          ErrorType.DATASOURCE_SECURITY_ACCESS_ERROR,
          "The dataset does not exist or you don't have access to it.",
        );
      }),
      this.deps.rlsClauses(p, datasetId),
      ctx.sliceId ? this.deps.charts.find(ctx.sliceId) : undefined,
    ]);
    const { ds, db } = found;
    if (!db) throw notFound("The dataset's database no longer exists.");
    if (p.guest) {
      // Guests run their dashboards' chart queries only (checked again in the worker for jobs).
      const sliceId = requestedSliceId(req, ctx.sliceId);
      const named = sliceId === undefined ? undefined : await this.deps.charts.find(sliceId);
      checkGuestQuery(p.guest, req, sliceId, named, ds);
    }
    const cacheTimeout =
      req.custom_cache_timeout ??
      chart?.cache_timeout ??
      ds.cache_timeout ??
      db.cache_timeout ??
      this.opts.defaultCacheTimeout;
    return { ds, db, engine: await this.deps.databases.engineOf(db), cacheTimeout, rls };
  }

  private compile(
    r: Resolved,
    query: QueryObject,
    resultType: ChartDataRequest["result_type"],
    inline = false,
  ): CompiledQuery {
    const dialect = dialectFor(r.db.engine);
    return queryErrors(() =>
      compileQuery(query, r.ds, {
        dialect,
        now: this.now(),
        resultType,
        paramStyle: inline ? "inline" : "bound",
        extraWhere: r.rls,
        defaultRowLimit: this.limits.rowLimit,
        maxRowLimit: this.limits.maxRows,
      }),
    );
  }

  /** The cache key: the compiled statement and everything else that shapes the result. */
  private key(r: Resolved, compiled: CompiledQuery, query: QueryObject, resultType: string): string {
    return createHash("sha256")
      .update(
        JSON.stringify({
          sql: compiled.sql,
          params: compiled.params,
          post: query.post_processing ?? null,
          resultType,
          dataset: [r.ds.id, r.ds.version],
          database: [r.db.id, r.db.version],
        }),
      )
      .digest("hex");
  }

  /**
   * `POST /api/v1/chart/data`: 200 with results, a file, or 202 with a job to wait for.
   * `shape` builds a JSON reply from the items instead of `{"result": […]}` (explore_json).
   */
  async request(
    p: Principal,
    asked: ChartDataRequest,
    ctx: ChartDataContext = {},
    shape?: (items: ReplyItem[]) => ChartDataReply,
  ): Promise<ChartDataReply> {
    checkRequestShape(asked, this.limits);
    const req = withoutChartShaping(asked);
    const r = await this.resolve(p, req, ctx);
    const resultType = req.result_type ?? "full";
    const compiled = this.compileAll(r, req, resultType);
    if (resultType === "query") {
      // Shown to people: values inlined as escaped literals, so the text runs as is.
      const result = req.queries.map((q) => ({
        query: this.compile(r, q, "full", true).sql,
        language: "sql",
      }));
      return {
        kind: "json",
        status: 200,
        body: byteStream([Buffer.from(JSON.stringify({ result }))].values()),
      };
    }
    // A job needs an owner to hand its result to: anonymous callers are answered inline.
    const async =
      (this.opts.asyncQueries || r.db.engine === "awsathena") &&
      req.result_format === "json" &&
      jobOwnerOf(p) !== undefined;
    if (async && !req.force) {
      const hits = await Promise.all(
        compiled.map((c, i) => this.cache.get(this.key(r, c, req.queries[i], resultType))),
      );
      if (hits.every(Boolean)) {
        return this.reply(
          p,
          req,
          await this.annotate(p, req, compiled, await this.items(r, req, compiled, resultType)),
          shape,
        );
      }
    }
    if (async) return this.enqueue(p, req, ctx);
    return this.reply(
      p,
      req,
      await this.annotate(p, req, compiled, await this.items(r, req, compiled, resultType)),
      shape,
    );
  }

  /** Adds each item's annotation data after the cache: annotations are never served stale. */
  private async annotate<T extends { meta: Record<string, unknown> }>(
    p: Principal,
    req: ChartDataRequest,
    compiled: CompiledQuery[],
    items: T[],
  ): Promise<T[]> {
    const annotationData = this.deps.annotationData;
    if (!annotationData || req.result_format !== "json") return items;
    await Promise.all(
      items.map(async (it, i) => {
        const layers = req.queries[i].annotation_layers;
        if (!layers?.length) return;
        const ctx = { query: req.queries[i], bounds: compiled[i].timeBounds };
        it.meta.annotation_data = await annotationData(p, layers, ctx);
      }),
    );
    return items;
  }

  /** One request run inline whatever the async setting: rows of another chart drawn as annotations. */
  async inline(p: Principal, req: ChartDataRequest, ctx: ChartDataContext = {}) {
    checkRequestShape(req, this.limits);
    const r = await this.resolve(p, req, ctx);
    const compiled = this.compileAll(r, req, "full");
    const items = await this.items(r, req, compiled, "full");
    return items.map(({ meta, rows }) => ({
      colnames: meta.colnames as string[] | undefined,
      coltypes: meta.coltypes as number[] | undefined,
      data: JSON.parse(rowsJsonText(rows)) as Record<string, unknown>[],
    }));
  }

  private async enqueue(p: Principal, req: ChartDataRequest, ctx: ChartDataContext): Promise<ChartDataReply> {
    const jobId = AsyncEvents.newJobId();
    const owner = jobOwnerOf(p);
    if (!owner) throw new Error("enqueue needs an owner"); // request() answers anonymous callers inline
    const userId = p.user?.id ?? null;
    const resultKey = jobId;
    const guest = p.guest ? this.deps.guests.sealForJob(p.guest) : undefined;
    const payload: JobPayload = { owner, userId, guest, request: req, ctx, resultKey };
    // Tracked before it is sent: a crash in between still ends as an error event for its owner.
    const deadline = Date.now() + this.jobDeadlineMs;
    await this.deps.inFlight.track({ id: jobId, kind: JOB_KIND, payload: { owner, userId } }, deadline);
    await this.deps.jobs.send({ id: jobId, kind: JOB_KIND, payload });
    return {
      kind: "queued",
      status: 202,
      body: {
        channel_id: AsyncEvents.channelFor(owner),
        job_id: jobId,
        user_id: userId,
        status: "pending",
        errors: [],
        result_url: `/api/v1/chart/data/${resultKey}`,
      },
    };
  }

  /** Runs (or reads from cache) every query; each item keeps its rows as JSON bytes. */
  private async items(
    r: Resolved,
    req: ChartDataRequest,
    compiled: CompiledQuery[],
    resultType: string,
  ): Promise<(ReplyItem & { table?: Columnar })[]> {
    // One byte budget for the whole reply: a row past it stops the writing, not after the fact.
    const budget = new PayloadBudget(this.limits);
    // Only a file download is built from the columns; a JSON reply lets them go once written.
    const keepTable = req.result_format === "csv" || req.result_format === "xlsx";
    return Promise.all(
      compiled.map(async (c, i) => {
        const query = req.queries[i];
        const key = this.key(r, c, query, resultType);
        const hit = req.force ? undefined : await this.cache.get(key);
        if (hit) {
          budget.take(hit.rows.reduce((n, chunk) => n + chunk.length, 0));
          const { expires_at: _e, ...meta } = hit.meta;
          return { meta: { ...meta, is_cached: true }, rows: hit.rows };
        }
        const table = await this.execute(r, c, query);
        const meta = {
          cache_key: key,
          cached_dttm: null as string | null,
          cache_timeout: r.cacheTimeout,
          applied_filters: c.appliedFilters,
          rejected_filters: c.rejectedFilters,
          annotation_data: [],
          query: c.sql,
          language: "sql",
          status: "success",
          error: null,
          stacktrace: null,
          rowcount: table.rowcount,
          sql_rowcount: table.sqlRowcount,
          colnames: table.columns,
          coltypes: table.coltypes,
          indexnames: Array.from({ length: table.rowcount }, (_, j) => j),
          from_dttm: c.timeBounds.since?.getTime() ?? null,
          to_dttm: c.timeBounds.until?.getTime() ?? null,
          label_map: Object.fromEntries(table.columns.map((name) => [name, [name]])),
          is_cached: false,
        };
        // Written in slices charged to the budget, with turns of the event loop in between.
        const rows = await rowsJsonChunks(table, budget);
        if (r.cacheTimeout > 0) {
          const cachedDttm = this.now().toISOString();
          // The reply doesn't wait for the cache write; a lost write only costs a future miss.
          this.background(
            this.cache.put(
              key,
              { ...meta, cached_dttm: cachedDttm, expires_at: Date.now() / 1000 + r.cacheTimeout },
              rows,
            ),
          );
        }
        return { meta, rows, table: keepTable ? table : undefined };
      }),
    );
  }

  private async run(
    r: Resolved,
    c: CompiledQuery,
  ): Promise<{ frame: Columnar; kinds: Map<string, ColumnKind>; rowcount: number }> {
    let result: Awaited<ReturnType<QueryEngine["execute"]>>;
    // A chart query runs at most SUPERSET_WEBSERVER_TIMEOUT: past it the client has given up.
    const signal = AbortSignal.timeout(this.limits.timeoutSec * 1000);
    try {
      const execute = () => r.engine.execute(c.sql, { params: c.params, schema: r.ds.schema, signal });
      // Athena's work is done remotely and one query can take minutes: it takes no local slot.
      result =
        r.db.engine === "awsathena"
          ? await execute()
          : await this.slots.run(execute, signal, () =>
              abortError(signal, ENGINE_LABEL[r.db.engine] ?? r.db.engine),
            );
    } catch (e) {
      throw toEngineError(e, r.db.engine);
    }
    // Engines that fold alias case (Athena) get the compiler's labels back, by position.
    const names = result.columns.map((col, i) =>
      r.db.engine === "awsathena" ? (c.labels[i] ?? col.name) : col.name,
    );
    const kinds = new Map(result.columns.map((col, i) => [names[i], col.kind]));
    return { frame: { columns: names, data: result.data }, kinds, rowcount: result.rowcount };
  }

  private async execute(r: Resolved, c: CompiledQuery, query: QueryObject) {
    const main = await this.run(r, c);
    let frame = main.frame;
    // Time comparison: each offset is the same query over a shifted range, joined on time.
    for (const offset of query.time_offsets ?? []) {
      const shiftedQuery = queryErrors(() => timeOffsetQueryObject(query, offset, { now: this.now() }));
      const shifted = await this.run(r, this.compile(r, shiftedQuery, "full"));
      const timeColumn = frame.columns.includes("__timestamp") ? "__timestamp" : c.columnLabels[0];
      frame = queryErrors(() =>
        joinTimeOffset(frame, shifted.frame, { offset, timeColumn, metrics: c.metricLabels }),
      );
    }
    frame = queryErrors(() => applyPostProcessing(frame, query.post_processing));
    const rowcount = frame.data[0]?.length ?? 0;
    // Post-processing can add rows (resampling); the request's row budget holds for its output too.
    if (rowcount > this.limits.maxRows)
      throw resultTooLarge(
        this.limits,
        `post-processing gives ${rowcount.toLocaleString("en-US")} rows, more than the ${this.limits.maxRows.toLocaleString("en-US")} one request may return (CHART_DATA_MAX_ROW)`,
      );
    const coltypes = frame.columns.map(
      (name, j) => GENERIC_TYPE[main.kinds.get(name) ?? guessKind(frame.data[j])],
    );
    return { ...frame, rowcount, sqlRowcount: main.rowcount, coltypes };
  }

  private async reply(
    p: Principal,
    req: ChartDataRequest,
    items: (ReplyItem & { table?: Columnar })[],
    shape?: (items: ReplyItem[]) => ChartDataReply,
  ): Promise<ChartDataReply> {
    if (req.result_format === "csv" || req.result_format === "xlsx") {
      const first = items[0];
      if (!first) throw badRequest("Give at least one query to download.");
      const table: Columnar =
        first.table ?? tableFromRows(first.meta.colnames as string[], JSON.parse(rowsJsonText(first.rows)));
      if (req.result_format === "csv") {
        return {
          kind: "file",
          status: 200,
          body: toCsv(table),
          contentType: "text/csv; charset=utf-8",
          fileName: "chart.csv",
        };
      }
      return {
        kind: "file",
        status: 200,
        body: await toXlsx(table),
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        fileName: "chart.xlsx",
      };
    }
    if (shape) return shape(items);
    return { kind: "json", status: 200, body: byteStream(resultChunks(p, items)) };
  }

  /** Legacy explore_json: form data → one query object → the first result item with the form data. */
  async legacy(
    p: Principal,
    formData: Record<string, unknown>,
    opts: { csv: boolean; force: boolean },
  ): Promise<ChartDataReply> {
    const ds = parseDatasourceKey(String(formData.datasource ?? ""));
    if (!ds) throw badRequest({ form_data: ["form_data.datasource must be a key like 7__table"] });
    const query = queryErrors(() => queryObjectFromFormData(formData));
    const request: ChartDataRequest = {
      datasource: { id: ds.id, type: ds.type },
      queries: [query],
      result_format: opts.csv ? "csv" : "json",
      result_type: "full",
      force: opts.force,
    };
    const sliceId = typeof formData.slice_id === "number" ? formData.slice_id : undefined;
    return this.request(p, request, { sliceId }, (items) => ({
      kind: "json",
      status: 200,
      // Legacy clients read one item: the first, with the form data it was asked for.
      body: byteStream(singleItemChunks(p, items[0], { form_data: formData })),
    }));
  }

  /** The worker's handler: runs the job as its user, stores the result, appends one event. */
  async runJob(job: Job): Promise<void> {
    const { owner, userId, guest, request, ctx, resultKey } = job.payload as JobPayload;
    if (!owner) return; // a message from before owners: nobody could read its result
    if (await this.deps.results.get(`results/chart-data/${resultKey}.json`)) return; // a duplicate delivery
    try {
      // The same identity as the request: a guest's sealed scope and RLS, else the user, fresh.
      const p = guest ? await this.deps.guests.fromJob(guest) : await this.deps.principalOf(userId);
      if (jobOwnerOf(p) !== owner) throw notFound("The job's owner no longer exists.");
      checkRequestShape(request, this.limits);
      const r = await this.resolve(p, request, ctx);
      const resultType = request.result_type ?? "full";
      const compiled = this.compileAll(r, request, resultType);
      const items = await this.items(r, { ...request, force: request.force }, compiled, resultType);
      // Jobs are JSON replies only: stored as the same chunks an inline reply streams (guest
      // fields hidden the same way), behind a line naming who may read it.
      const annotated = await this.annotate(p, request, compiled, items);
      const header = Buffer.from(`${JSON.stringify({ owner, datasourceId: r.ds.id })}\n`);
      await this.deps.results.put(
        `results/chart-data/${resultKey}.json`,
        await concatInTurns([header, ...resultChunks(p, annotated)]),
        "application/json",
      );
      await this.deps.events.append(owner, {
        job_id: job.id,
        user_id: userId,
        status: "done",
        result_url: `/api/v1/chart/data/${resultKey}`,
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

  /**
   * How long a queued job may take before it counts as lost: every SQS delivery (visibility
   * timeout 60 s, 3 receives) plus the query's own time limit, with a minute to spare.
   */
  private get jobDeadlineMs(): number {
    return (3 * 60 + this.limits.timeoutSec + 60) * 1000;
  }

  /**
   * Ends lost jobs as `error` events (the append is conditional: a job that did finish keeps its
   * event). `all`: at a local start, when the in-memory queue has lost every queued job.
   */
  async sweepLostJobs(opts: { all?: boolean } = {}): Promise<number> {
    const lost = await this.deps.inFlight.lost(Date.now(), opts.all ?? false);
    for (const job of lost) await this.failJob(job, JOB_INTERRUPTED_MESSAGE);
    return lost.length;
  }

  /** Reports a job that could not run at all (after retries), so the client never spins forever. */
  async failJob(job: Job, message: string): Promise<void> {
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

  /** `GET {result_url}`: the stored result, with the same authorisation as the original call. */
  async storedResult(p: Principal, resultKey: string): Promise<Uint8Array> {
    if (!/^[0-9a-f-]{36}$/.test(resultKey)) throw notFound("Result not found");
    const bytes = await this.deps.results.get(`results/chart-data/${resultKey}.json`);
    if (!bytes) throw notFound("Result not found or expired");
    // Only the header line is decoded; the reply's bytes are passed through as stored.
    const cut = bytes.indexOf(0x0a);
    if (cut < 0) throw notFound("Result not found or expired");
    const header = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, cut).toString("utf8")) as {
      owner?: string;
      datasourceId: number;
    };
    // Only the caller the job ran for; a result without an owner answers nobody.
    if (!ownedBy(header.owner, p)) throw notFound("Result not found or expired");
    await this.deps.datasets.get(p, header.datasourceId).catch(() => {
      throw notFound("Result not found or expired");
    });
    return bytes.subarray(cut + 1);
  }

  static readonly JOB_KIND = JOB_KIND;
}

/** Query-layer refusals become 400s in Superset's error shape. */
function queryErrors<T>(work: () => T): T {
  try {
    return work();
  } catch (e) {
    if (isQueryValidationError(e))
      throw new AppError(400, { message: e.message, errors: [e.toSupersetError()] });
    throw e;
  }
}

function guessKind(values: unknown[]): ColumnKind {
  const v = values.find((x) => x !== null && x !== undefined);
  if (typeof v === "number") return "numeric";
  if (typeof v === "boolean") return "boolean";
  return "string";
}

function tableFromRows(columns: string[], rows: Record<string, unknown>[]): Columnar {
  return { columns, data: columns.map((c) => rows.map((r) => r[c])) };
}
