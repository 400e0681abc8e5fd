import {
  type AnnotationLayerRef,
  AnnotationLayerRefSchema,
  annotationDateMs,
  ErrorType,
  NATIVE_ANNOTATION_COLUMNS,
  type NativeAnnotationData,
} from "@strata/contracts";
import * as v from "valibot";
import type { AnnotationQueryContext, AnnotationSource, ChartQueryRunner } from "../chart-data/ports.ts";
import type { Charts } from "../charts/service.ts";
import type { Datasets } from "../datasets/service.ts";
import { AppError, typedError } from "../errors.ts";
import { type Principal, requirePermission } from "../security/principal.ts";
import type { Annotations } from "./annotations.ts";
import type { AnnotationLayers } from "./layers.ts";
import { sourceRequest, toAnnotationSeries } from "./source-chart.ts";
import { ANNOTATION_VIEW } from "./types.ts";

/** How long a layer drawn from another chart may take before it is reported as 'Query timeout'. */
const DEFAULT_TIMEOUT_MS = 30_000;

const TIMEOUT = Symbol("timeout");

/**
 * The SPA's query builder, which `withBuiltQueryContext` runs: some 30 KB of the API's start-up
 * code, so loaded only for a source chart saved without a query context.
 */
const loadQueryBuilder = () => import("../assets/query-context.ts");

function layerValueId(layer: AnnotationLayerRef): number {
  const raw = layer.value;
  const id = typeof raw === "number" ? raw : typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw typedError(
      400,
      ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
      `Annotation layer "${layer.name}" needs the id of its source as value.`,
    );
  }
  return id;
}

function parseLayers(raw: unknown[]): AnnotationLayerRef[] {
  return raw.map((entry, i) => {
    const parsed = v.safeParse(AnnotationLayerRefSchema, entry);
    if (parsed.success) return parsed.output;
    throw typedError(
      400,
      ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
      `Invalid annotation layer at position ${i}: ${parsed.issues[0].message}`,
    );
  });
}

/**
 * `annotation_data` of chart-data replies, computed per request and never cached with the rows:
 * an edited annotation shows on the next request. NATIVE layers read their annotations; TIME_SERIES
 * layers run the source chart's own query (cached on its own) with a timeout. FORMULA layers need
 * no data.
 */
export class ChartAnnotations implements AnnotationSource {
  private readonly timeoutMs: number;

  constructor(
    private readonly deps: {
      layers: AnnotationLayers;
      annotations: Annotations;
      charts: Charts;
      /** Runs a source chart's query (chart data implements it). */
      queries: ChartQueryRunner;
      /**
       * A source chart's dataset, for a chart saved without a query context: the query its page
       * would make is built from its form data and the dataset's columns (which are temporal).
       */
      datasets?: Pick<Datasets, "find">;
    },
    opts: { timeoutMs?: number } = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** By layer name; empty when the query has no layers to fetch. */
  async dataFor(
    p: Principal,
    rawLayers: unknown[] | undefined,
    ctx: AnnotationQueryContext,
  ): Promise<Record<string, unknown>> {
    const layers = parseLayers(rawLayers ?? []).filter((l) => l.show !== false);
    const native = layers.filter(
      (l) => l.sourceType === "NATIVE" && ["EVENT", "INTERVAL"].includes(l.annotationType ?? "EVENT"),
    );
    const fromCharts = layers.filter(
      (l) => (l.sourceType === "line" || l.sourceType === "table") && l.annotationType === "TIME_SERIES",
    );
    if (native.length) requirePermission(p, "can_read", ANNOTATION_VIEW);
    const entries = await Promise.all([
      ...native.map(async (l) => [l.name, await this.native(layerValueId(l), ctx)] as const),
      ...fromCharts.map(async (l) => [l.name, await this.fromChart(p, l, ctx)] as const),
    ]);
    return Object.fromEntries(entries);
  }

  private async native(layerId: number, ctx: AnnotationQueryContext): Promise<NativeAnnotationData> {
    const columns = [...NATIVE_ANNOTATION_COLUMNS];
    const layer = await this.deps.layers.find(layerId);
    // A deleted layer leaves the chart drawable: the layer carries the reason instead of records.
    if (!layer) return { columns, records: [], error: `Annotation layer ${layerId} does not exist` };
    const since = ctx.bounds.since?.getTime() ?? -Infinity;
    const until = ctx.bounds.until?.getTime() ?? Infinity;
    const records = (await this.deps.annotations.ofLayer(layerId))
      .filter((a) => annotationDateMs(a.start_dttm) < until && annotationDateMs(a.end_dttm) >= since)
      .sort((a, b) => a.start_dttm.localeCompare(b.start_dttm) || a.id - b.id)
      .map((a) => ({
        start_dttm: a.start_dttm,
        end_dttm: a.end_dttm,
        short_descr: a.short_descr,
        long_descr: a.long_descr,
        json_metadata: a.json_metadata,
      }));
    return { columns, records };
  }

  private async fromChart(p: Principal, layer: AnnotationLayerRef, ctx: AnnotationQueryContext) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<typeof TIMEOUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMEOUT), this.timeoutMs);
    });
    const work = (async () => {
      const chartId = layerValueId(layer);
      const { chart } = await this.deps.charts.get(p, chartId).catch(() => {
        throw new AppError(404, { message: "The chart does not exist" });
      });
      const source = chart.query_context
        ? chart
        : (await loadQueryBuilder()).withBuiltQueryContext(
            chart,
            await this.deps.datasets?.find(chart.datasource_id),
          );
      const request = sourceRequest(source, layer.overrides, ctx.query);
      return toAnnotationSeries((await this.deps.queries.runInline(p, request, { sliceId: chart.id }))[0]);
    })();
    try {
      const out = await Promise.race([work, timeout]);
      return out === TIMEOUT ? { error: "Query timeout" } : out;
    } catch (e) {
      const message = e instanceof AppError ? String(e.body.message) : (e as Error).message;
      // Superset: a 'no data' answer is a success with nothing to draw.
      if (message.toLowerCase().includes("no data")) return [];
      return { error: message };
    } finally {
      clearTimeout(timer);
      work.catch(() => {}); // a late failure after the timeout is not unhandled
    }
  }
}
