import { addUnits, truncate } from "../time/calendar.ts";
import { aggregator } from "./aggregates.ts";
import {
  type ColumnarFrame,
  column,
  columnIndex,
  groupRows,
  postProcessingError,
  rowCount,
} from "./frame.ts";
import type { ResampleOptions } from "./schemas.ts";
import { timeWriter, toMillis } from "./time-values.ts";

/** How a pandas offset alias (1T, 1H, 1D, 7D, 1M, 1MS, 1AS …) lays out its bins. */
interface Frequency {
  /** The bin label a timestamp belongs to. */
  label(ms: number): number;
  next(label: number): number;
}

const DAY = 86_400_000;
/** A guard against a fine rule over a long range (1T over years) exhausting memory. */
const MAX_ROWS = 1_000_000;
const FIXED: Record<string, number> = { S: 1000, T: 60_000, MIN: 60_000, H: 3_600_000, D: DAY };

function frequency(rule: string, firstMs: number): Frequency {
  const match = /^(\d*)\s*([A-Za-z]+)$/.exec(rule.trim());
  if (!match) throw postProcessingError(`Unsupported resample rule: ${rule}`);
  const n = match[1] ? Number(match[1]) : 1;
  const unit = match[2].toUpperCase();
  if (n < 1) throw postProcessingError(`Unsupported resample rule: ${rule}`);
  if (unit in FIXED) {
    // pandas' origin "start_day": bins are counted from midnight of the first timestamp's day.
    const step = n * FIXED[unit];
    const origin = truncate(new Date(firstMs), "day").getTime();
    return { label: (ms) => origin + Math.floor((ms - origin) / step) * step, next: (label) => label + step };
  }
  const months = { MS: n, M: n, AS: 12 * n, YS: 12 * n }[unit];
  if (months === undefined) throw postProcessingError(`Unsupported resample rule: ${rule}`);
  if (unit === "M") {
    // Month end, closed on the right: (previous month end, this month end], labelled by the end.
    const monthEnd = (ms: number) => addUnits(truncate(new Date(ms), "month"), 1, "month").getTime() - DAY;
    return {
      label: (ms) =>
        ms <= monthEnd(ms) ? monthEnd(ms) : monthEnd(addUnits(new Date(ms), 1, "month").getTime()),
      next: (label) => monthEnd(addUnits(new Date(label + DAY), n - 1, "month").getTime() + DAY),
    };
  }
  const unitName = unit === "MS" ? "month" : "year";
  return {
    label: (ms) => truncate(new Date(ms), unitName).getTime(),
    next: (label) => addUnits(new Date(label), months, "month").getTime(),
  };
}

/**
 * Superset's resample on a time column: regular bins from the first to the last timestamp,
 * filled by `asfreq` (exact matches, else fill_value), `ffill` / `bfill` (nearest earlier / later
 * row) or aggregated by `mean` / `median` / `sum`; per group when groupby_columns are given.
 */
export function resample(frame: ColumnarFrame, options: ResampleOptions): ColumnarFrame {
  const timeName = options.time_column ?? frame.columns[0];
  const timeIndex = columnIndex(frame, timeName);
  const times = frame.data[timeIndex].map(toMillis);
  const write = timeWriter(frame.data[timeIndex]);
  const groupNames = options.groupby_columns;
  const groupIndexes = new Set(groupNames.map((name) => columnIndex(frame, name)));
  const valueIndexes = frame.columns.map((_, i) => i).filter((i) => i !== timeIndex && !groupIndexes.has(i));
  const groups = groupNames.length
    ? groupRows(
        groupNames.map((name) => column(frame, name)),
        rowCount(frame),
      )
    : [{ key: [], rows: Array.from({ length: rowCount(frame) }, (_, i) => i) }];

  // Output stays columnar: one array per column plus the bin times.
  const outTimes: number[] = [];
  const outData: unknown[][] = frame.columns.map(() => []);
  for (const group of groups) {
    const rows = group.rows
      .filter((r) => times[r] !== null)
      .sort((a, b) => (times[a] as number) - (times[b] as number));
    if (!rows.length) continue;
    const freq = frequency(options.rule, times[rows[0]] as number);
    const binned = new Map<number, number[]>();
    for (const r of rows) {
      const label = freq.label(times[r] as number);
      const members = binned.get(label);
      if (members) members.push(r);
      else binned.set(label, [r]);
    }
    const last = freq.label(times[rows[rows.length - 1]] as number);
    const apply =
      options.method === "mean" || options.method === "median" || options.method === "sum"
        ? aggregator(options.method)
        : null;
    let cursor = 0;
    for (let label = freq.label(times[rows[0]] as number); label <= last; label = freq.next(label)) {
      if (outTimes.length >= MAX_ROWS)
        throw postProcessingError(`Resampling with ${options.rule} gives more than ${MAX_ROWS} rows`);
      outTimes.push(label);
      for (let k = 0; k < groupNames.length; k++)
        outData[frame.columns.indexOf(groupNames[k])].push(group.key[k]);
      if (apply) {
        const members = binned.get(label) ?? [];
        for (const i of valueIndexes)
          outData[i].push(
            apply(
              members.map((r) => frame.data[i][r]),
              {},
            ),
          );
        continue;
      }
      while (cursor < rows.length && (times[rows[cursor]] as number) <= label) cursor += 1;
      // rows[cursor - 1] is the last row at or before the label; rows[cursor] the first after it.
      const before = cursor > 0 ? rows[cursor - 1] : undefined;
      const exact = before !== undefined && times[before] === label ? before : undefined;
      const source =
        options.method === "ffill" ? before : options.method === "bfill" ? (exact ?? rows[cursor]) : exact;
      const missing = options.method === "asfreq" ? (options.fill_value ?? null) : null;
      for (const i of valueIndexes) outData[i].push(source === undefined ? missing : frame.data[i][source]);
    }
  }
  // Groups were laid out one after another; order all rows by time (stable, so groups keep their order).
  const order = outTimes.map((_, i) => i).sort((a, b) => outTimes[a] - outTimes[b]);
  const data = frame.columns.map((_, i) =>
    i === timeIndex ? order.map((r) => write(outTimes[r])) : order.map((r) => outData[i][r]),
  );
  return { columns: [...frame.columns], data };
}
