import type { ChartDataRequest, QueryObject } from "@strata/contracts";
import type { Principal } from "../security/principal.ts";

/**
 * The two ways chart data and annotations use each other, as interfaces only: chart data asks an
 * `AnnotationSource` for `annotation_data`, and annotations drawn from another chart run that
 * chart's query through a `ChartQueryRunner`. Both folders import this file; neither imports the
 * other, so they are built in order (runner, then annotations, then the chart-data verbs).
 */

/** The chart and dashboard a chart-data request was made for, when the caller says. */
export interface ChartDataContext {
  sliceId?: number;
  dashboardId?: number;
  /**
   * Stops the request's engine queries early (a report run past its working timeout). For
   * inline requests: a queued job never carries it.
   */
  signal?: AbortSignal;
}

export interface AnnotationQueryContext {
  /** The query object the layers belong to (its time range and grain feed overrides). */
  query: QueryObject;
  /** Its compiled time bounds: NATIVE annotations outside them are left out. */
  bounds: { since: Date | null; until: Date | null };
}

/** `annotation_data` of a query object's annotation layers (read per request, never cached). */
export interface AnnotationSource {
  /** By layer name; empty when the query has no layers to fetch. */
  dataFor(
    p: Principal,
    layers: unknown[] | undefined,
    ctx: AnnotationQueryContext,
  ): Promise<Record<string, unknown>>;
}

/** One query's result of a request run inline, its rows as plain objects. */
export interface InlineResult {
  colnames?: string[];
  coltypes?: number[];
  data: Record<string, unknown>[];
}

/** Runs a chart-data request inline (never queued, whatever the async setting) as the caller. */
export interface ChartQueryRunner {
  runInline(p: Principal, request: ChartDataRequest, ctx?: ChartDataContext): Promise<InlineResult[]>;
}
