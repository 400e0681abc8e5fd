import {
  type AdhocColumn,
  type ChartDataRequest,
  ChartDataRequestSchema,
  parseDatasourceKey,
  type QueryObject,
  type TimeseriesAnnotationData,
} from "@strata/contracts";
import { queryObjectFromFormData } from "@strata/query";
import * as v from "valibot";
import type { ChartEntity } from "../charts/types.ts";
import { unprocessable } from "../errors.ts";

/** Superset's GenericDataType numbers used below. */
const NUMERIC = 0;
const TEMPORAL = 2;

const isAxis = (c: unknown): c is AdhocColumn =>
  typeof c === "object" && c !== null && (c as AdhocColumn).columnType === "BASE_AXIS";

/** The time range a query applies: its TEMPORAL_RANGE filter, else its `time_range`. */
function timeRangeOf(q: QueryObject): string | null {
  const filter = q.filters?.find((f) => f.op === "TEMPORAL_RANGE");
  if (filter && typeof filter.val === "string") return filter.val;
  return q.time_range ?? null;
}

function grainOf(q: QueryObject): string | null {
  return q.extras?.time_grain_sqla ?? q.columns?.find(isAxis)?.timeGrain ?? null;
}

function withTimeRange(q: QueryObject, range: string): QueryObject {
  const filters = q.filters ?? [];
  const hasFilter = filters.some((f) => f.op === "TEMPORAL_RANGE");
  const axis = q.columns?.find(isAxis);
  return {
    ...q,
    time_range: range,
    filters: hasFilter
      ? filters.map((f) => (f.op === "TEMPORAL_RANGE" ? { ...f, val: range } : f))
      : // Without a range filter (and without a legacy granularity) the range goes on the x-axis.
        [
          ...filters,
          ...(axis && !q.granularity
            ? [{ col: axis.sqlExpression, op: "TEMPORAL_RANGE" as const, val: range }]
            : []),
        ],
  };
}

function withGrain(q: QueryObject, grain: string | null): QueryObject {
  return {
    ...q,
    extras: { ...q.extras, time_grain_sqla: grain },
    columns: q.columns?.map((c) => (isAxis(c) ? { ...c, timeGrain: grain } : c)),
  };
}

/**
 * Superset's overrides: each key present is taken from the annotation layer when it has a value,
 * else from the chart the layer is drawn on (`{time_range: null}` = "use my time range").
 */
export function applyOverrides(
  source: QueryObject,
  overrides: Record<string, unknown> | null | undefined,
  current: QueryObject,
): QueryObject {
  let q = source;
  for (const [key, raw] of Object.entries(overrides ?? {})) {
    if (key === "time_range") {
      const range = typeof raw === "string" && raw ? raw : timeRangeOf(current);
      if (range) q = withTimeRange(q, range);
    } else if (key === "time_grain_sqla") {
      const grain = typeof raw === "string" && raw ? raw : grainOf(current);
      if (grain) q = withGrain(q, grain);
    } else if (key === "granularity" || key === "granularity_sqla") {
      const granularity = typeof raw === "string" && raw ? raw : current.granularity;
      if (granularity) q = { ...q, granularity };
    }
  }
  return q;
}

/**
 * The chart-data request of a saved chart: its query context (the caller builds one the SPA would
 * save for a chart that has none: `withBuiltQueryContext`), else the common controls' query of its
 * form data.
 */
export function sourceRequest(
  chart: ChartEntity,
  overrides: Record<string, unknown> | null | undefined,
  current: QueryObject,
): ChartDataRequest {
  let request: ChartDataRequest | undefined;
  if (chart.query_context) {
    try {
      const parsed = v.safeParse(ChartDataRequestSchema, JSON.parse(chart.query_context));
      if (parsed.success) request = parsed.output;
    } catch {
      // unreadable text: fall back to the form data below
    }
  }
  if (!request) {
    let formData: Record<string, unknown> = {};
    try {
      formData = JSON.parse(chart.params ?? "{}") as Record<string, unknown>;
    } catch {
      throw unprocessable("The chart's saved parameters are not valid JSON.");
    }
    const ds = parseDatasourceKey(String(formData.datasource ?? "")) ?? {
      id: chart.datasource_id,
      type: "table" as const,
    };
    request = {
      datasource: { id: ds.id, type: ds.type },
      queries: [queryObjectFromFormData(formData)],
      force: false,
      result_format: "json",
      result_type: "full",
    };
  }
  const first = request.queries[0];
  if (!first) throw unprocessable("The chart has no query.");
  // Only the source chart's own query: its annotation layers are not drawn on another chart.
  const query = { ...applyOverrides(first, overrides, current), annotation_layers: [] };
  return { ...request, queries: [query], result_format: "json", result_type: "full", form_data: null };
}

export interface SourceResult {
  colnames?: string[];
  coltypes?: number[];
  data: Record<string, unknown>[];
}

/**
 * A chart result as annotation series (Superset's time series annotation shape):
 * the temporal column is x, each numeric column a series.
 */
export function toAnnotationSeries(result: SourceResult | undefined): TimeseriesAnnotationData {
  if (!result || result.data.length === 0) return [];
  const names = result.colnames?.length ? result.colnames : Object.keys(result.data[0]);
  const types = result.coltypes ?? [];
  const xIndex = Math.max(
    0,
    types.indexOf(TEMPORAL) >= 0 ? types.indexOf(TEMPORAL) : names.indexOf("__timestamp"),
  );
  const x = names[xIndex];
  return names
    .filter((_name, i) => i !== xIndex && (types[i] === undefined || types[i] === NUMERIC))
    .map((key) => ({ key, values: result.data.map((row) => ({ x: row[x], y: row[key] })) }));
}
