import type { ChartDataResult, FormData } from "../../types";
import { groupLabelsOf, legacySeries, metricLabelsOf } from "../legacy/time-series";

/** One entry of `column_collection`, as Superset's TimeSeriesColumnControl writes it. */
export interface TimeTableColumn {
  key: string;
  label?: string;
  tooltip?: string;
  colType?: "spark" | "time" | "contrib" | "avg" | "";
  width?: string | number;
  height?: string | number;
  timeLag?: number | string;
  timeRatio?: number | string;
  comparisonType?: "value" | "diff" | "perc" | "perc_change" | "";
  showYAxis?: boolean;
  yAxisBounds?: [number | null, number | null];
  bounds?: [number | null, number | null];
  d3format?: string;
  dateFormat?: string;
}

export interface TimeTableRow {
  label: string;
  /** Values over time, oldest first (null where missing). */
  values: (number | null)[];
}

/** Cells a non-sparkline column shows: a number, or a message when it cannot be computed. */
export type TimeTableCell = { value: number | null; error?: string };

/**
 * The legacy TimeTableViz data: a row per metric, or (with a group-by) a row per group of the
 * single metric, each over every time of the result.
 */
export function timeTableRows(
  fd: FormData,
  results: ChartDataResult[],
): { times: number[]; rows: TimeTableRow[] } {
  const grouped = groupLabelsOf(fd).length > 0;
  const metrics = metricLabelsOf(fd);
  const { times, series } = legacySeries(grouped ? { ...fd, metrics: metrics.slice(0, 1) } : fd, results[0]);
  const rows = grouped
    ? series
        .map((s) => ({ label: s.group.join(", "), values: s.values }))
        .sort((a, b) => a.label.localeCompare(b.label))
    : metrics.map((m) => ({
        label: m,
        values: series.find((s) => s.metric === m)?.values ?? times.map(() => null),
      }));
  return { times, rows };
}

export const columnsOf = (fd: FormData): TimeTableColumn[] =>
  Array.isArray(fd.column_collection) ? (fd.column_collection as TimeTableColumn[]) : [];

const int = (v: unknown, fallback = 0) => {
  const n = Number.parseInt(String(v ?? ""), 10);
  return Number.isFinite(n) ? n : fallback;
};

/**
 * A value column of a row (Superset's TimeTable value cell), reading the newest time first:
 * `time` compares the latest value with the one `timeLag` periods back (diff, ratio, % change or
 * the value itself); `contrib` is the row's share of the latest time's total over all rows;
 * `avg` averages the latest `timeLag` values.
 */
export function valueCell(column: TimeTableColumn, row: TimeTableRow, all: TimeTableRow[]): TimeTableCell {
  const reversed = [...row.values].reverse();
  const recent = reversed[0] ?? null;
  if (column.colType === "time") {
    const lag = int(column.timeLag);
    if (Math.abs(lag) >= reversed.length) {
      return {
        value: null,
        error: `The time lag set at ${lag} is too large for the length of data at ${reversed.length}. No data available.`,
      };
    }
    const past = lag < 0 ? reversed[reversed.length + lag] : reversed[lag];
    let v = past ?? null;
    if (recent !== null && v !== null) {
      if (column.comparisonType === "diff") v = recent - v;
      else if (column.comparisonType === "perc") v = recent / v;
      else if (column.comparisonType === "perc_change") v = recent / v - 1;
    }
    return { value: v !== null && Number.isFinite(v) ? v : 0 };
  }
  if (column.colType === "contrib") {
    const last = (r: TimeTableRow) => r.values[r.values.length - 1] ?? 0;
    const total = all.reduce((a, r) => a + last(r), 0);
    return { value: total ? (recent ?? 0) / total : null };
  }
  if (column.colType === "avg") {
    const lag = int(column.timeLag, 1) || 1;
    const sum = reversed.slice(0, lag).reduce<number>((a, v) => a + (v ?? 0), 0);
    return { value: sum / lag };
  }
  return { value: recent };
}

/** A sparkline's points: the values, or each value over the one `timeRatio` periods before. */
export function sparkValues(column: TimeTableColumn, row: TimeTableRow): (number | null)[] {
  const ratio = int(column.timeRatio);
  if (!ratio) return row.values;
  return row.values.map((v, i) => {
    const before = i >= ratio ? row.values[i - ratio] : null;
    return v !== null && before ? v / before : null;
  });
}

const BOUND_COLORS = ["#ca0020", "#0571b0"] as const;

/** The colour of a value given the column's bounds (red under, blue over; grey in the middle). */
export function colorFromBounds(value: number | null, bounds: TimeTableColumn["bounds"]): string | null {
  if (value === null || !bounds) return null;
  const [min, max] = bounds.map((b) =>
    b === null || b === undefined || (b as unknown) === "" ? null : Number(b),
  );
  if (min !== null && max !== null) {
    const mid = (min + max) / 2;
    if (value <= mid) return value <= min ? BOUND_COLORS[0] : "grey";
    return value >= max ? BOUND_COLORS[1] : "grey";
  }
  if (min !== null) return value >= min ? BOUND_COLORS[1] : BOUND_COLORS[0];
  if (max !== null) return value < max ? BOUND_COLORS[1] : BOUND_COLORS[0];
  return null;
}
