import * as v from "valibot";
import type { UserRef } from "./resource-rows.ts";

/**
 * Annotation layers and their annotations (Superset's `/api/v1/annotation_layer/` resources), and
 * the annotation layers a chart's form data carries (`annotation_layers`, 000 §3).
 */

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * An ISO-like date or date-time as the naive UTC text the API stores and returns
 * (`2024-01-31T08:00:00`, Superset's format); null when it is not a real date.
 * A time zone offset, when given, is converted to UTC; without one the value is taken as UTC.
 */
export function normalizeAnnotationDate(text: string): string | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "", zone] = m;
  const ms = Number(frac.padEnd(3, "0").slice(0, 3));
  let time = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  const check = new Date(time);
  // Date.UTC rolls 2024-02-30 over to March: a rolled date is not a real one.
  if (
    check.getUTCFullYear() !== Number(y) ||
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  ) {
    return null;
  }
  if (zone && zone.toUpperCase() !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    time -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
  }
  const u = new Date(time);
  return `${pad(u.getUTCFullYear(), 4)}-${pad(u.getUTCMonth() + 1)}-${pad(u.getUTCDate())}T${pad(
    u.getUTCHours(),
  )}:${pad(u.getUTCMinutes())}:${pad(u.getUTCSeconds())}`;
}

/** Epoch milliseconds of a stored (naive UTC) annotation date. */
export const annotationDateMs = (naive: string) => Date.parse(`${naive}Z`);

const OptText = v.optional(v.nullable(v.string()));

const DateTime = v.pipe(
  v.string("Not a valid datetime."),
  v.check((s) => normalizeAnnotationDate(s) !== null, "Not a valid datetime."),
  v.transform((s) => normalizeAnnotationDate(s) as string),
);

const JsonMetadata = v.optional(
  v.nullable(
    v.pipe(
      v.string(),
      v.check((s) => {
        if (s.trim() === "") return true;
        try {
          JSON.parse(s);
          return true;
        } catch {
          return false;
        }
      }, "JSON not valid"),
    ),
  ),
);

const LayerName = v.pipe(
  v.string("Name is required"),
  v.trim(),
  v.minLength(1, "Name is required"),
  v.maxLength(250, "Name must be at most 250 characters"),
);

export const AnnotationLayerPostSchema = v.strictObject({ name: LayerName, descr: OptText });
export type AnnotationLayerPost = v.InferOutput<typeof AnnotationLayerPostSchema>;
export const AnnotationLayerPutSchema = v.strictObject({ name: v.optional(LayerName), descr: OptText });
export type AnnotationLayerPut = v.InferOutput<typeof AnnotationLayerPutSchema>;

const ShortDescr = v.pipe(
  v.string("Short description is required"),
  v.trim(),
  v.minLength(1, "Short description is required"),
  v.maxLength(500, "Short description must be at most 500 characters"),
);

export const AnnotationPostSchema = v.strictObject({
  short_descr: ShortDescr,
  long_descr: OptText,
  start_dttm: DateTime,
  end_dttm: DateTime,
  json_metadata: JsonMetadata,
});
export type AnnotationPost = v.InferOutput<typeof AnnotationPostSchema>;
export const AnnotationPutSchema = v.strictObject({
  short_descr: v.optional(ShortDescr),
  long_descr: OptText,
  start_dttm: v.optional(DateTime),
  end_dttm: v.optional(DateTime),
  json_metadata: JsonMetadata,
});
export type AnnotationPut = v.InferOutput<typeof AnnotationPutSchema>;

/** `GET /api/v1/annotation_layer/` rows and item. */
export interface AnnotationLayerRow {
  id: number;
  name: string;
  descr: string | null;
  created_on: string;
  changed_on: string;
  changed_on_delta_humanized: string;
  created_by: UserRef | null;
  changed_by: UserRef | null;
  changed_by_name: string;
}

/** `GET /api/v1/annotation_layer/{pk}/annotation/` rows and item. */
export interface AnnotationRow {
  id: number;
  layer: { id: number; name: string };
  short_descr: string;
  long_descr: string | null;
  start_dttm: string;
  end_dttm: string;
  json_metadata: string | null;
  created_on: string;
  changed_on: string;
  changed_on_delta_humanized: string;
  created_by: UserRef | null;
  changed_by: UserRef | null;
  changed_by_name: string;
}

/** How a chart draws an annotation layer. */
export const ANNOTATION_TYPES = ["FORMULA", "EVENT", "INTERVAL", "TIME_SERIES"] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];

/** Where its data comes from: a Superset annotation layer, another chart, or nowhere (formula). */
export const ANNOTATION_SOURCE_TYPES = ["NATIVE", "line", "table", ""] as const;
export type AnnotationSourceType = (typeof ANNOTATION_SOURCE_TYPES)[number];

export const ANNOTATION_STYLES = ["solid", "dashed", "longDashed", "dotted"] as const;
export type AnnotationStyle = (typeof ANNOTATION_STYLES)[number];

export const ANNOTATION_OPACITIES = ["", "opacityLow", "opacityMedium", "opacityHigh"] as const;
export type AnnotationOpacity = (typeof ANNOTATION_OPACITIES)[number];

/** One entry of form data's `annotation_layers`, with Superset's field names. */
export interface AnnotationLayerConfig {
  name: string;
  annotationType: AnnotationType;
  sourceType?: AnnotationSourceType;
  /** Layer id (NATIVE), chart id (line/table) or the formula text (FORMULA). */
  value: number | string | null;
  show?: boolean;
  showLabel?: boolean;
  showMarkers?: boolean;
  hideLine?: boolean;
  color?: string | null;
  opacity?: AnnotationOpacity;
  style?: AnnotationStyle;
  width?: number;
  /** Keys of the chart's own query to apply to the source chart; null = the current chart's value. */
  overrides?: Record<string, unknown>;
  titleColumn?: string;
  descriptionColumns?: string[];
  timeColumn?: string;
  intervalEndColumn?: string;
}

/** A layer entry as the chart-data API reads it: the fields it needs, the rest kept as is. */
export const AnnotationLayerRefSchema = v.looseObject({
  name: v.pipe(
    v.string("An annotation layer needs a name"),
    v.minLength(1, "An annotation layer needs a name"),
  ),
  annotationType: v.optional(v.picklist(ANNOTATION_TYPES, "Unknown annotation type")),
  sourceType: v.optional(v.nullable(v.string())),
  value: v.optional(v.unknown()),
  show: v.optional(v.nullable(v.boolean())),
  overrides: v.optional(v.nullable(v.record(v.string(), v.unknown()))),
});
export type AnnotationLayerRef = v.InferOutput<typeof AnnotationLayerRefSchema>;

/** Columns of a NATIVE layer's annotation data (Superset's shape). */
export const NATIVE_ANNOTATION_COLUMNS = [
  "start_dttm",
  "end_dttm",
  "short_descr",
  "long_descr",
  "json_metadata",
] as const;

export interface NativeAnnotationRecord {
  start_dttm: string;
  end_dttm: string;
  short_descr: string;
  long_descr: string | null;
  json_metadata: string | null;
}

/** `annotation_data[layer name]` of a NATIVE layer; `error` when the layer could not be read. */
export interface NativeAnnotationData {
  columns: string[];
  records: NativeAnnotationRecord[];
  error?: string;
}

/** `annotation_data[layer name]` of a TIME_SERIES layer: one series per key. */
export type TimeseriesAnnotationData = { key: string; values: { x: unknown; y: unknown }[] }[];

/** What a layer that failed to load carries instead of its data ('Query timeout', …). */
export interface AnnotationDataError {
  error: string;
}
