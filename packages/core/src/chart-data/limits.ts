import { availableParallelism } from "node:os";
import { type ChartDataRequest, ErrorType, type QueryObject } from "@strata/contracts";
import type { CompiledQuery } from "@strata/query";
import { type AppError, badRequest, typedError } from "../errors.ts";
import { positiveIntegersFromEnv } from "../env-numbers.ts";

/**
 * How much work one chart-data request may ask for. Superset's clients send one to three query
 * objects of a few thousand rows; these bounds keep a hostile request (a hundred queries, millions
 * of rows, a reply of gigabytes) from growing the server's memory or starving other requests.
 */
export interface ChartDataLimits {
  /** ROW_LIMIT (Superset's name): the rows of a query object that sets no row_limit. */
  rowLimit: number;
  /**
   * CHART_DATA_MAX_ROW: the row budget of one request — the sum of its queries' row limits, each
   * time offset counting as another query. 100,000 is Superset's SQL_MAX_ROW default, which caps
   * every chart query there; Strata's SQL_MAX_ROW is SQL Lab's (1M, streamed to storage), so chart
   * data, held in memory to post-process, has its own name.
   */
  maxRows: number;
  /** CHART_DATA_MAX_QUERIES: query objects per request. */
  maxQueries: number;
  /** CHART_DATA_MAX_POST_PROCESSING: post-processing operations per query object. */
  maxPostProcessing: number;
  /** CHART_DATA_MAX_COLUMNS: columns (group-bys, series columns, order-bys) per query object. */
  maxColumns: number;
  /** CHART_DATA_MAX_METRICS: metrics per query object. */
  maxMetrics: number;
  /** CHART_DATA_MAX_FILTERS: filters per query object. */
  maxFilters: number;
  /** CHART_DATA_MAX_TIME_OFFSETS: time comparisons per query object (each is another query). */
  maxTimeOffsets: number;
  /** CHART_DATA_PAYLOAD_MAX_MB: the most row JSON one reply carries; beyond it, a refusal. */
  payloadMaxMb: number;
  /** SUPERSET_WEBSERVER_TIMEOUT: seconds a chart query may run before it is interrupted. */
  timeoutSec: number;
  /**
   * CHART_DATA_CONCURRENCY: chart queries one server instance runs on its engines at once (not a
   * per-request bound: the instance's); more wait their turn (`query-slots.ts`).
   */
  concurrency: number;
}

export const DEFAULT_CHART_DATA_LIMITS: ChartDataLimits = {
  rowLimit: 50_000,
  maxRows: 100_000,
  maxQueries: 5,
  maxPostProcessing: 20,
  maxColumns: 100,
  maxMetrics: 100,
  maxFilters: 200,
  maxTimeOffsets: 5,
  payloadMaxMb: 32,
  timeoutSec: 60,
  concurrency: availableParallelism(),
};

const ENV: Record<keyof ChartDataLimits, string> = {
  rowLimit: "ROW_LIMIT",
  maxRows: "CHART_DATA_MAX_ROW",
  maxQueries: "CHART_DATA_MAX_QUERIES",
  maxPostProcessing: "CHART_DATA_MAX_POST_PROCESSING",
  maxColumns: "CHART_DATA_MAX_COLUMNS",
  maxMetrics: "CHART_DATA_MAX_METRICS",
  maxFilters: "CHART_DATA_MAX_FILTERS",
  maxTimeOffsets: "CHART_DATA_MAX_TIME_OFFSETS",
  payloadMaxMb: "CHART_DATA_PAYLOAD_MAX_MB",
  timeoutSec: "SUPERSET_WEBSERVER_TIMEOUT",
  concurrency: "CHART_DATA_CONCURRENCY",
};

/** The environment variables chartDataLimitsFromEnv reads (a deploy passes them to the functions). */
export const CHART_DATA_ENV_NAMES: readonly string[] = Object.values(ENV);

/** Limits from environment variables (Superset's names where it has one); a bad value stops the start. */
export function chartDataLimitsFromEnv(env: Record<string, string | undefined>): ChartDataLimits {
  return positiveIntegersFromEnv(DEFAULT_CHART_DATA_LIMITS, ENV, env);
}

const fmt = (n: number) => n.toLocaleString("en-US");

/** Refuses a request whose shape asks for more work than one request may do (before any read). */
export function checkRequestShape(req: ChartDataRequest, l: ChartDataLimits): void {
  if (req.queries.length > l.maxQueries)
    throw badRequest({
      queries: [
        `A chart-data request may hold at most ${l.maxQueries} queries; this one has ${req.queries.length}. Split it into several requests.`,
      ],
    });
  for (const [i, q] of req.queries.entries()) checkQueryShape(q, i, l);
}

function checkQueryShape(q: QueryObject, i: number, l: ChartDataLimits): void {
  const over = (what: string, n: number, max: number, hint: string) => {
    if (n > max)
      throw badRequest({
        queries: [`Query ${i + 1} has ${fmt(n)} ${what}; at most ${fmt(max)} are allowed. ${hint}`],
      });
  };
  const postProcessing = (q.post_processing ?? []).filter(Boolean).length;
  over("post-processing operations", postProcessing, l.maxPostProcessing, "Simplify the chart's options.");
  const columns =
    (q.columns?.length ?? 0) +
    (q.groupby?.length ?? 0) +
    (q.series_columns?.length ?? 0) +
    (q.orderby?.length ?? 0);
  over("columns (group-bys, series columns and orderings)", columns, l.maxColumns, "Group by fewer columns.");
  over("metrics", q.metrics?.length ?? 0, l.maxMetrics, "Use fewer metrics.");
  over("filters", q.filters?.length ?? 0, l.maxFilters, "Use fewer filters.");
  over("time comparisons", q.time_offsets?.length ?? 0, l.maxTimeOffsets, "Compare with fewer time shifts.");
}

/**
 * The request's row budget, from the compiled limits: each query's LIMIT (a row count reads one
 * row) times one plus its time offsets, since each offset runs the same query again.
 */
export function checkRowBudget(req: ChartDataRequest, compiled: CompiledQuery[], l: ChartDataLimits): void {
  const total = compiled.reduce(
    (sum, c, i) => sum + (c.rowLimit || 1) * (1 + (req.queries[i].time_offsets?.length ?? 0)),
    0,
  );
  if (total > l.maxRows)
    throw badRequest({
      queries: [
        `This request asks for up to ${fmt(total)} rows over its queries; one request may read at most ${fmt(l.maxRows)} (CHART_DATA_MAX_ROW). Lower the row limits.`,
      ],
    });
}

/** A refusal for a result too large to send, raised before the reply is built whole. */
export function resultTooLarge(l: ChartDataLimits, why: string): AppError {
  return typedError(
    422,
    ErrorType.RESULT_TOO_LARGE_ERROR,
    `The result is too large: ${why}. Lower the row limit, filter the data or group it more.`,
    { payload_max_mb: l.payloadMaxMb, max_rows: l.maxRows },
  );
}

/**
 * The JSON budget (bytes) shared by every item of one reply. Items are written in slices, each charged
 * as it is written (`rowsJsonChunks`); a take is one synchronous step, so parallel items cannot race.
 */
export class PayloadBudget {
  private remaining: number;
  constructor(private readonly l: ChartDataLimits) {
    this.remaining = l.payloadMaxMb * 1024 * 1024;
  }

  get left(): number {
    return this.remaining;
  }

  take(bytes: number): void {
    this.remaining -= bytes;
    if (this.remaining < 0)
      throw resultTooLarge(
        this.l,
        `its data passes the ${this.l.payloadMaxMb} MB one reply may carry (CHART_DATA_PAYLOAD_MAX_MB)`,
      );
  }

  /** The rows ran past the budget while being written. */
  exceeded(): AppError {
    return resultTooLarge(
      this.l,
      `its data passes the ${this.l.payloadMaxMb} MB one reply may carry (CHART_DATA_PAYLOAD_MAX_MB)`,
    );
  }
}
