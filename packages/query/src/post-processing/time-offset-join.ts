import { shiftDate } from "../time/time-shift.ts";
import { type ColumnarFrame, columnIndex, postProcessingError, rowCount } from "./frame.ts";
import { toMillis } from "./time-values.ts";

export interface TimeOffsetJoin {
  /** As requested, e.g. "1 year ago"; also the suffix of the new columns. */
  offset: string;
  /** The time column both results share (the x-axis label or __timestamp); none without one. */
  timeColumn?: string;
  /** The metric columns to bring over as `metric__offset`. */
  metrics: string[];
  /** Other columns to match on (the series); default: every main column but time and metrics. */
  joinColumns?: string[];
}

/**
 * Superset's time comparison join: the offset query's rows are moved forward by the offset and
 * matched to the main rows on time (+ series columns); their metrics become `metric__offset`
 * columns of the main result (null where nothing matches).
 */
export function joinTimeOffset(
  main: ColumnarFrame,
  shifted: ColumnarFrame,
  join: TimeOffsetJoin,
): ColumnarFrame {
  // A query without a time column (a big number compared with the year before): rows match on
  // the other columns alone.
  const time =
    join.timeColumn !== undefined && main.columns.includes(join.timeColumn) ? join.timeColumn : null;
  const timed = time !== null;
  const mainTime = time !== null ? main.data[columnIndex(main, time)] : [];
  const otherTime = time !== null ? shifted.data[columnIndex(shifted, time)] : [];
  const metricSet = new Set(join.metrics);
  const keys = join.joinColumns ?? main.columns.filter((c) => c !== time && !metricSet.has(c));
  const mainKeys = keys.map((k) => main.data[columnIndex(main, k)]);
  const otherKeys = keys.map((k) => {
    const index = shifted.columns.indexOf(k);
    if (index === -1) throw postProcessingError(`The offset result has no column ${k}`);
    return shifted.data[index];
  });
  const keyOf = (time: number | null, parts: unknown[]) => JSON.stringify([time, ...parts]);
  const lookup = new Map<string, number>();
  for (let r = 0; r < rowCount(shifted); r++) {
    const ms = timed ? toMillis(otherTime[r]) : null;
    const moved = ms === null ? null : shiftDate(new Date(ms), join.offset, 1).getTime();
    const key = keyOf(
      moved,
      otherKeys.map((values) => values[r]),
    );
    if (!lookup.has(key)) lookup.set(key, r);
  }
  const matches = Array.from({ length: rowCount(main) }, (_, r) =>
    lookup.get(
      keyOf(
        timed ? toMillis(mainTime[r]) : null,
        mainKeys.map((values) => values[r]),
      ),
    ),
  );
  const added = join.metrics.map((metric) => {
    const values = shifted.data[columnIndex(shifted, metric)];
    return matches.map((m) => (m === undefined ? null : values[m]));
  });
  return {
    columns: [...main.columns, ...join.metrics.map((m) => `${m}__${join.offset}`)],
    data: [...main.data, ...added],
  };
}
