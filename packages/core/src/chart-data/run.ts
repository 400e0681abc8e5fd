import { createHash } from "node:crypto";
import type { ChartDataRequest, QueryObject } from "@strata/contracts";
import type { CompiledQuery } from "@strata/query";
import type { Principal } from "../security/principal.ts";
import type { ResultStore } from "../store/result-store.ts";
import { ResultCache } from "./cache.ts";
import { executeQuery } from "./execute.ts";
import { type Columnar, rowsJsonChunks, rowsJsonText } from "./format.ts";
import {
  type ChartDataLimits,
  checkRequestShape,
  DEFAULT_CHART_DATA_LIMITS,
  PayloadBudget,
} from "./limits.ts";
import type { ChartDataContext, ChartQueryRunner, InlineResult } from "./ports.ts";
import { QuerySlots } from "./query-slots.ts";
import { withoutChartShaping } from "./raw-rows.ts";
import type { ReplyItem } from "./reply-body.ts";
import { type ChartQueryOptions, ChartRequests, type RequestDeps, type Resolved } from "./request.ts";
import { BackgroundWrites } from "../store/background-writes.ts";

/** A reply item; a file download also keeps the columns it is built from. */
export type RunItem = ReplyItem & { table?: Columnar };

/** A request checked, resolved with the caller's access and compiled, ready to run. */
export interface Prepared {
  req: ChartDataRequest;
  r: Resolved;
  compiled: CompiledQuery[];
  resultType: NonNullable<ChartDataRequest["result_type"]>;
  /** The caller's own stop, besides each query's time limit (see ChartDataContext). */
  signal?: AbortSignal;
}

/**
 * Runs chart-data requests: each compiled query is read from the result cache or run on its
 * engine (a bounded number at once), and a fresh result is written back to the cache in the
 * background. One instance serves every caller, annotations drawn from other charts included.
 */
export class ChartQueries implements ChartQueryRunner {
  private readonly requests: ChartRequests;
  private readonly cache: ResultCache;
  private readonly slots: QuerySlots;
  private readonly cacheWrites = new BackgroundWrites("chart-data cache");

  constructor(
    deps: RequestDeps & { results: ResultStore },
    private readonly opts: ChartQueryOptions,
  ) {
    this.requests = new ChartRequests(deps, opts);
    this.cache = new ResultCache(deps.results, { soleWriter: opts.soleWriter });
    this.slots = new QuerySlots(this.limits.concurrency);
  }

  get limits(): ChartDataLimits {
    return this.opts.limits ?? DEFAULT_CHART_DATA_LIMITS;
  }

  private now() {
    return this.opts.now?.() ?? new Date();
  }

  private background(work: Promise<void>): void {
    this.cacheWrites.track(work);
  }

  /** Waits for background cache writes (shutdown, tests). */
  flush(): Promise<void> {
    return this.cacheWrites.settled();
  }

  /**
   * The request's shape checked as asked, the chart's shaping dropped where it has nothing to act
   * on (samples and the like), its datasource resolved and every query compiled.
   */
  async prepare(
    p: Principal,
    asked: ChartDataRequest,
    ctx: ChartDataContext,
    resultType = asked.result_type ?? "full",
  ): Promise<Prepared> {
    checkRequestShape(asked, this.limits);
    const req = withoutChartShaping(asked);
    const r = await this.requests.resolve(p, req, ctx);
    const compiled = this.requests.compileAll(r, req, resultType);
    return { req, r, compiled, resultType, ...(ctx.signal ? { signal: ctx.signal } : {}) };
  }

  /** The SQL of each query, as `result_type: "query"` shows it. */
  queryText({ r, req }: Prepared) {
    return this.requests.queryText(r, req);
  }

  /** Whether every query has a fresh cached result (then even an async request is answered at once). */
  async allCached({ r, req, compiled, resultType }: Prepared): Promise<boolean> {
    const hits = await Promise.all(
      compiled.map((c, i) => this.cache.get(key(r, c, req.queries[i], resultType))),
    );
    return hits.every(Boolean);
  }

  /** Runs (or reads from cache) every query; each item keeps its rows as JSON bytes. */
  async items({ r, req, compiled, resultType, signal }: Prepared): Promise<RunItem[]> {
    // One byte budget for the whole reply: a row past it stops the writing, not after the fact.
    const budget = new PayloadBudget(this.limits);
    // Only a file download is built from the columns; a JSON reply lets them go once written.
    const keepTable = req.result_format === "csv" || req.result_format === "xlsx";
    const env = {
      limits: this.limits,
      slots: this.slots,
      now: () => this.now(),
      compile: (q: QueryObject) => this.requests.compile(r, q, "full"),
      signal,
    };
    return Promise.all(
      compiled.map(async (c, i) => {
        const query = req.queries[i];
        const cacheKey = key(r, c, query, resultType);
        const hit = req.force ? undefined : await this.cache.get(cacheKey);
        if (hit) {
          budget.take(hit.rows.reduce((n, chunk) => n + chunk.length, 0));
          const { expires_at: _e, ...meta } = hit.meta;
          return { meta: { ...meta, is_cached: true }, rows: hit.rows };
        }
        const table = await executeQuery(env, r, c, query);
        const meta = {
          cache_key: cacheKey,
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
              cacheKey,
              { ...meta, cached_dttm: cachedDttm, expires_at: Date.now() / 1000 + r.cacheTimeout },
              rows,
            ),
          );
        }
        return { meta, rows, table: keepTable ? table : undefined };
      }),
    );
  }

  /** One request run inline whatever the async setting: rows of another chart drawn as annotations. */
  async runInline(
    p: Principal,
    request: ChartDataRequest,
    ctx: ChartDataContext = {},
  ): Promise<InlineResult[]> {
    const items = await this.items(await this.prepare(p, request, ctx, "full"));
    return items.map(({ meta, rows }) => ({
      colnames: meta.colnames as string[] | undefined,
      coltypes: meta.coltypes as number[] | undefined,
      data: JSON.parse(rowsJsonText(rows)) as Record<string, unknown>[],
    }));
  }
}

/** The cache key: the compiled statement and everything else that shapes the result. */
function key(r: Resolved, compiled: CompiledQuery, query: QueryObject, resultType: string): string {
  return createHash("sha256")
    .update(
      JSON.stringify({
        sql: compiled.sql,
        params: compiled.params,
        post: query.post_processing ?? null,
        // The shifted copies run as queries of their own: a reply with other shifts is another reply.
        offsets: query.time_offsets ?? null,
        resultType,
        dataset: [r.ds.id, r.ds.version],
        database: [r.db.id, r.db.version],
      }),
    )
    .digest("hex");
}
