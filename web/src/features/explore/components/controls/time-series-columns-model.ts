import { isValidNumberFormat } from "../../../../components/charts";
import { t } from "../../../../lib/i18n";

/**
 * The `column_collection` of the time-series table, as Superset's CollectionControl and
 * TimeSeriesColumnControl store it: a list of items, each `{key}` when added and the editor's
 * whole state once saved. Text inputs are kept as the text typed (width "200", timeLag "1"), the
 * bounds as numbers or null, exactly as Superset writes them, so saved charts travel both ways.
 */

export type ColumnType = "spark" | "time" | "contrib" | "avg";
export type ComparisonType = "value" | "diff" | "perc" | "perc_change";
export type SparkType = "line" | "bar" | "area";
export type Bounds = [number | null, number | null];

export interface TimeSeriesColumn {
  key: string;
  label?: string;
  tooltip?: string;
  colType?: ColumnType | "";
  width?: string | number;
  height?: string | number;
  timeLag?: string | number;
  timeRatio?: string | number;
  comparisonType?: ComparisonType | "";
  showYAxis?: boolean;
  yAxisBounds?: Bounds;
  bounds?: Bounds;
  d3format?: string;
  dateFormat?: string;
  sparkType?: SparkType | "";
}

/** What the editor edits: every field present, with Superset's defaults for a new column. */
export type ColumnDraft = Required<TimeSeriesColumn>;

export const COLUMN_TYPES = (): [ColumnType, string][] => [
  ["time", t("Time comparison")],
  ["contrib", t("Contribution")],
  ["spark", t("Sparkline")],
  ["avg", t("Period average")],
];

export const COMPARISON_TYPES = (): [ComparisonType, string][] => [
  ["value", t("Actual value")],
  ["diff", t("Difference")],
  ["perc", t("Percentage")],
  ["perc_change", t("Percentage change")],
];

export const SPARK_TYPES = (): [SparkType, string][] => [
  ["line", t("Line Chart")],
  ["bar", t("Bar Chart")],
  ["area", t("Area Chart")],
];

const ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-";

/** An 11-character random key, the length of the nanoid Superset gives each new item. */
export function newColumnKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(11));
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join("");
}

const isBounds = (v: unknown): v is Bounds => Array.isArray(v) && v.length === 2;

/** The column as the editor shows it: stored values, else Superset's defaults. */
export function draftOf(column: TimeSeriesColumn): ColumnDraft {
  return {
    key: column.key,
    label: column.label ?? "",
    tooltip: column.tooltip ?? "",
    colType: column.colType ?? "",
    width: column.width ?? "",
    height: column.height ?? "",
    timeLag: column.timeLag ?? 0,
    timeRatio: column.timeRatio ?? "",
    comparisonType: column.comparisonType ?? "",
    showYAxis: column.showYAxis ?? false,
    yAxisBounds: isBounds(column.yAxisBounds) ? column.yAxisBounds : [null, null],
    bounds: isBounds(column.bounds) ? column.bounds : [null, null],
    d3format: column.d3format ?? "",
    dateFormat: column.dateFormat ?? "",
    sparkType: column.sparkType ?? "line",
  };
}

/** The stored list, whatever the form data holds (anything but a list of keyed items is dropped). */
export function columnsOfValue(value: unknown): TimeSeriesColumn[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (v): v is TimeSeriesColumn =>
      !!v && typeof v === "object" && typeof (v as { key?: unknown }).key === "string",
  );
}

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === "";
const isInteger = (v: unknown) => /^[-+]?\d+$/.test(String(v).trim());
const isPositive = (v: unknown) => Number.isFinite(Number(String(v).trim())) && Number(String(v).trim()) > 0;

export type DraftErrors = Partial<Record<"width" | "height" | "timeLag" | "timeRatio" | "d3format", string>>;

/**
 * What stops the draft from being saved. Only the fields the chosen type shows are checked: a
 * sparkline's size and ratio, a comparison's or average's lag, and everyone's number format.
 */
export function draftErrors(draft: ColumnDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.colType === "spark") {
    if (!blank(draft.width) && !isPositive(draft.width)) errors.width = t("must be a positive number");
    if (!blank(draft.height) && !isPositive(draft.height)) errors.height = t("must be a positive number");
    if (!blank(draft.timeRatio) && !isInteger(draft.timeRatio))
      errors.timeRatio = t("is expected to be an integer");
  }
  if (
    (draft.colType === "time" || draft.colType === "avg") &&
    !blank(draft.timeLag) &&
    !isInteger(draft.timeLag)
  )
    errors.timeLag = t("is expected to be an integer");
  if (!blank(draft.d3format) && !isValidNumberFormat(draft.d3format))
    errors.d3format = t("is not a valid d3 format");
  return errors;
}

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moveColumn<T>(list: T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from === target || from < 0 || from >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item);
  return next;
}

/** A short description of a column for the list: its type and, for comparisons, the lag. */
export function columnSummary(column: TimeSeriesColumn): string {
  const type = COLUMN_TYPES().find(([value]) => value === column.colType)?.[1];
  if (!type) return t("Not configured");
  if (column.colType === "time" || column.colType === "avg")
    return `${type} · ${t("lag %s", String(column.timeLag ?? 0))}`;
  return type;
}
