import {
  comparePivots,
  dropEmptyTimes,
  offsetColumn,
  offsetLabel,
  processPivot,
  readAnalytics,
  withTimeOffsets,
} from "./analytics.ts";
import { pivotByTime, type TimePivot } from "./pivot.ts";
import {
  allMetrics,
  compareCells,
  epochMs,
  type FormData,
  groupbyColumns,
  invalidForm,
  type LegacyViz,
  labelOfColumn,
  legacyQuery,
  list,
  metricLabels,
  numeric,
  orderDesc,
  type Row,
  TIMESTAMP,
  timestampText,
  withSortMetric,
} from "./viz.ts";

/** Calendar heatmap subdomains → the time grain its query buckets by. */
const SUBDOMAIN_GRAINS: Record<string, string> = {
  min: "PT1M",
  hour: "PT1H",
  day: "P1D",
  week: "P1W",
  month: "P1M",
  year: "P1Y",
};

/** Python's `str(float)` of a whole number keeps its `.0`; cal-heatmap's keys are written so. */
const pythonFloat = (n: number) => (Number.isInteger(n) ? `${n}.0` : String(n));

/** dateutil's relativedelta(end, start) as years, months and the weeks of the days left over. */
function calendarDelta(start: Date, end: Date) {
  let months = (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + end.getUTCMonth() - start.getUTCMonth();
  const anchor = (m: number) => {
    const d = new Date(start.getTime());
    d.setUTCMonth(start.getUTCMonth() + m);
    return d;
  };
  if (anchor(months).getTime() > end.getTime()) months -= 1;
  const days = Math.floor((end.getTime() - anchor(months).getTime()) / 86_400_000);
  return { years: Math.trunc(months / 12), months: months % 12, weeks: Math.floor(days / 7) };
}

/** cal_heatmap: per metric, `{epoch seconds: value}`, with the calendar's start, domains and range. */
export const calHeatmap: LegacyViz = {
  query(fd) {
    const subdomain = String(fd.subdomain_granularity ?? "min");
    // Form data text: own keys only, so `toString` is an unknown granularity, not a method.
    const grain = Object.hasOwn(SUBDOMAIN_GRAINS, subdomain) ? SUBDOMAIN_GRAINS[subdomain] : undefined;
    if (!grain) throw invalidForm(`Unknown subdomain granularity: ${subdomain}`);
    const metrics = allMetrics({ metrics: fd.metrics });
    if (!metrics.length) throw invalidForm("Pick at least one metric");
    return legacyQuery(fd, { columns: groupbyColumns(fd), metrics, timeseries: true, timeGrain: grain });
  },
  data(rows, { formData: fd, fromDttm, toDttm }) {
    if (!rows.length) return null;
    const data: Record<string, Record<string, unknown>> = {};
    for (const metric of metricLabels(fd)) {
      const values: Record<string, unknown> = {};
      for (const row of rows) {
        const ms = epochMs(row[TIMESTAMP]);
        if (ms !== null) values[pythonFloat(ms / 1000)] = row[metric] ?? null;
      }
      data[metric] = values;
    }
    if (fromDttm === null || toDttm === null) {
      throw invalidForm("Please provide both time bounds (Since and Until)");
    }
    const domain = fd.domain_granularity ?? null;
    const start = new Date(fromDttm);
    const end = new Date(toDttm);
    const delta = calendarDelta(start, end);
    const seconds = (toDttm - fromDttm) / 1000;
    let range: number;
    if (domain === "year") range = end.getUTCFullYear() - start.getUTCFullYear() + 1;
    else if (domain === "month") range = delta.years * 12 + delta.months + 1;
    else if (domain === "week") range = delta.years * 53 + delta.weeks + 1;
    else if (domain === "day") range = Math.floor(seconds / 86_400) + 1;
    else range = Math.floor(seconds / 3600) + 1;
    return { data, start: fromDttm, domain, subdomain: fd.subdomain_granularity ?? null, range };
  },
};

/** time_table: a pivot by time (as pandas prints it) of the metrics, or of one metric by group. */
export const timeTable: LegacyViz = {
  query(fd) {
    const metrics = list(fd.metrics);
    if (!metrics.length) throw invalidForm("Pick at least one metric");
    if (list(fd.groupby).length && metrics.length > 1) {
      throw invalidForm("When using 'Group By' you are limited to use a single metric");
    }
    return legacyQuery(fd, { columns: groupbyColumns(fd), metrics: allMetrics(fd), timeseries: true });
  },
  data(rows, { formData: fd }) {
    if (!rows.length) return null;
    const groups = list(fd.groupby).map(labelOfColumn);
    const metrics = groups.length ? metricLabels(fd).slice(0, 1) : metricLabels(fd);
    const pt = pivotByTime(rows, metrics, groups);
    // By group: the columns are the group values (joined when there are several), else the metrics.
    const columns = pt.keys.map((k) =>
      groups.length ? (k.length === 2 ? k[1] : k.slice(1).map(String).join(", ")) : k[0],
    );
    const records: Record<string, Record<string, number | null>> = {};
    pt.times.forEach((t, i) => {
      records[timestampText(t)] = Object.fromEntries(columns.map((c, j) => [String(c), pt.cells[j][i]]));
    });
    return { records, columns, is_group_by: groups.length > 0 };
  },
};

/** paired_ttest: per metric, one `{group, values: [{x, y}]}` per group ("All" without groups). */
export const pairedTTest: LegacyViz = {
  query(fd) {
    const metrics = withSortMetric(fd, allMetrics(fd));
    const sortBy = fd.timeseries_limit_metric;
    return legacyQuery(fd, {
      columns: groupbyColumns(fd),
      metrics,
      timeseries: true,
      orderby: sortBy && fd.order_desc ? [[sortBy as never, false]] : [],
    });
  },
  data(rows, { formData: fd }) {
    if (!rows.length) return null;
    const groups = list(fd.groupby).map(labelOfColumn);
    const pt = pivotByTime(rows, metricLabels(fd), groups);
    const data: Record<string, { group: unknown; values: { x: number; y: number | null }[] }[]> = {};
    pt.keys.forEach((key, j) => {
      const entry = {
        group: groups.length ? key.slice(1) : "All",
        values: pt.times.map((t, i) => ({ x: t, y: pt.cells[j][i] })),
      };
      const metric = key[0] as string;
      data[metric] = [...(data[metric] ?? []), entry];
    });
    return data;
  },
};

/** NVD3's time-series query: the metrics (plus the sort metric), ordered by the sort metric. */
function timeSeriesQuery(fd: FormData, timeseries = true) {
  const metrics = withSortMetric(fd, allMetrics(fd));
  const sortBy = fd.timeseries_limit_metric ?? metrics[0];
  return legacyQuery(fd, {
    columns: groupbyColumns(fd),
    metrics,
    timeseries,
    orderby: sortBy ? [[sortBy as never, !orderDesc(fd)]] : [],
  });
}

interface Series {
  key: string | unknown[];
  values: { x: number; y: number | null }[];
  classed?: string;
}

/** NVD3's query with its analytics checked, and its time comparisons as extra (offset) queries. */
function nvd3Query(fd: FormData) {
  return withTimeOffsets(timeSeriesQuery(fd), readAnalytics(fd));
}

/**
 * viz.py's `to_series`: one series per pivot column with any value, keyed by the metric (or the
 * group values, the metric left out when there is only one), a comparison's label appended.
 */
function toSeries(p: TimePivot, metricCount: number, grouped: boolean, suffix = "", classed = ""): Series[] {
  return p.keys.flatMap((key, j) => {
    const cells = p.cells[j];
    if (cells.every((y) => y === null)) return [];
    const names = key.map((k) => (k === "" ? "N/A" : k === null ? "NULL" : String(k)));
    let title: string | unknown[] = grouped ? names : names[0];
    if (Array.isArray(title) && title.length > 1 && metricCount === 1) title = title.slice(1);
    if (suffix) title = Array.isArray(title) ? [...title, suffix] : [title, suffix];
    const series: Series = { key: title, values: p.times.map((t, i) => ({ x: t, y: cells[i] })) };
    if (classed) series.classed = classed;
    return [series];
  });
}

/** A comparison's pivot: the metrics' `metric__offset` columns, which the chart-data layer joined. */
function shiftedPivot(rows: Row[], metrics: string[], groups: string[], offset: string): TimePivot {
  const shifted = rows.map((r) => {
    const copy: Row = { ...r };
    for (const m of metrics) copy[m] = r[offsetColumn(m, offset)] ?? null;
    return copy;
  });
  return dropEmptyTimes(pivotByTime(shifted, metrics, groups));
}

/**
 * NVD3's series (viz.py's `get_data`): the pivot by time after the advanced analytics; with a
 * time comparison, the shifted series too (`values`) or only their difference with the current
 * ones. Sorted by key.
 */
export function timeSeries(rows: Row[], fd: FormData): Series[] {
  const analytics = readAnalytics(fd);
  const metrics = metricLabels(fd);
  const groups = list(fd.groupby).map(labelOfColumn);
  const grouped = groups.length > 0;
  const main = processPivot(dropEmptyTimes(pivotByTime(rows, metrics, groups)), analytics);
  const shifted = analytics.timeCompare.map((offset) => ({
    label: offsetLabel(offset),
    pivot: processPivot(shiftedPivot(rows, metrics, groups, offset), analytics),
  }));
  const series =
    analytics.comparisonType === "values"
      ? [
          ...toSeries(main, metrics.length, grouped),
          ...shifted.flatMap((s, i) =>
            toSeries(s.pivot, metrics.length, grouped, s.label, `time-shift-${i}`),
          ),
        ]
      : shifted.flatMap((s, i) =>
          toSeries(
            comparePivots(main, s.pivot, analytics.comparisonType),
            metrics.length,
            grouped,
            s.label,
            `time-shift-${i}`,
          ),
        );
  // Python sorts by tuple(key): a text key compares as its characters.
  const sortKey = (s: Series) => (Array.isArray(s.key) ? s.key.map(String) : [...s.key]);
  return series.sort((a, b) => {
    const [x, y] = [sortKey(a), sortKey(b)];
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
    return x.length - y.length;
  });
}

/** horizon: NVD3 time series, `[{key, values: [{x, y}]}]`. */
export const horizon: LegacyViz = {
  query: nvd3Query,
  data: (rows, { formData }) => timeSeries(rows, formData),
};

/** rose: the same series regrouped by time (nanosecond keys): `{t: [{key, value, name, time}]}`. */
export const rose: LegacyViz = {
  query: nvd3Query,
  data(rows, { formData }) {
    if (!rows.length) return null;
    const result: Record<string, { key: unknown; value: number; name: string; time: number }[]> = {};
    for (const s of timeSeries(rows, formData)) {
      for (const point of s.values) {
        const nanos = (BigInt(point.x) * 1_000_000n).toString();
        const at = result[nanos] ?? [];
        result[nanos] = at;
        at.push({
          key: s.key,
          value: point.y ?? 0,
          name: Array.isArray(s.key) ? s.key.join(", ") : s.key,
          time: point.x,
        });
      }
    }
    return result;
  },
};

interface PartitionNode {
  name: unknown;
  val?: number | null;
  children: PartitionNode[];
}

/**
 * partition's "advanced analytics" tree (viz.py's levels_for_time + nest_procs): per level, the
 * metrics totalled by time and the first `level` group columns (missing cells 0), each pivot
 * run through the analytics on its own. The tree is metric → time → group values, each node's
 * value the level's processed value at that time.
 */
function partitionOverTime(rows: Row[], fd: FormData, metrics: string[], groups: string[]): PartitionNode[] {
  const analytics = readAnalytics(fd);
  const procs = groups
    .map((_, i) => groups.slice(0, i))
    .concat([groups])
    .map((levelGroups) => processPivot(pivotByTime(rows, metrics, levelGroups, "sum"), analytics));
  const nest = (level: number, dims: unknown[], time: number): PartitionNode[] => {
    if (level >= procs.length) return [];
    const p = procs[level];
    const at = p.times.indexOf(time);
    return p.keys.flatMap((key, j) => {
      if (key.length !== dims.length + 1 || !dims.every((d, k) => key[k] === d)) return [];
      const name = key[dims.length];
      return [
        { name, val: at === -1 ? null : p.cells[j][at], children: nest(level + 1, [...dims, name], time) },
      ];
    });
  };
  const top = procs[0];
  return top.keys.map((key, j) => ({
    name: key[0],
    children: top.times.map((t, i) => ({ name: t, val: top.cells[j][i], children: nest(1, key, t) })),
  }));
}

/**
 * partition: a tree per metric, each level the total (or mean) of the metric by one more group
 * column. The point_* options compare the last time with the first instead.
 */
export const partition: LegacyViz = {
  query(fd) {
    if (!list(fd.groupby).length) throw invalidForm("Please choose at least one groupby");
    const option = String(fd.time_series_option ?? "not_time");
    if (!PARTITION_OPTIONS.has(option)) throw invalidForm(`Unsupported time series option: ${option}`);
    // Advanced analytics: its options are checked now; a time comparison draws nothing here.
    if (option === "adv_anal") readAnalytics(fd);
    return timeSeriesQuery(fd, option !== "not_time");
  },
  data(rows, { formData: fd }) {
    if (!rows.length) return null;
    const groups = list(fd.groupby).map(labelOfColumn);
    const metrics = metricLabels(fd);
    const option = String(fd.time_series_option ?? "not_time");
    if (option === "adv_anal") return partitionOverTime(rows, fd, metrics, groups);
    const value = levelValue(option, rows);
    const node = (metric: string, prefix: unknown[], level: number): PartitionNode[] => {
      if (level > groups.length) return [];
      // Superset nests every deeper level under the first group value only (its own quirk, kept).
      const under = rows.filter((r) => r[groups[0]] === prefix[0]);
      const keys = distinctKeys(level === 1 ? rows : under, groups.slice(0, level));
      return keys.map((key) => {
        const name = level === 1 ? key[0] : key;
        const members = (level === 1 ? rows : under).filter((r) => key.every((k, i) => r[groups[i]] === k));
        return { name, val: value(members, metric), children: node(metric, key, level + 1) };
      });
    };
    return metrics.map((m) => ({ name: m, val: value(rows, m), children: node(m, [], 1) }));
  },
};

const PARTITION_OPTIONS = new Set([
  "not_time",
  "adv_anal",
  "agg_sum",
  "agg_mean",
  "point_diff",
  "point_factor",
  "point_percent",
]);

/** The distinct values of the columns among the rows, sorted as pandas' groupby sorts its keys. */
function distinctKeys(rows: Row[], columns: string[]): unknown[][] {
  const seen = new Map<string, unknown[]>();
  for (const r of rows) {
    const key = columns.map((c) => r[c]);
    if (key.some((k) => k === null || k === undefined)) continue;
    seen.set(JSON.stringify(key), key);
  }
  return [...seen.values()].sort((a, b) => {
    for (let i = 0; i < a.length; i++) {
      const c = compareCells(a[i], b[i]);
      if (c) return c;
    }
    return 0;
  });
}

/** How one level's value is computed from its rows for the time option. */
function levelValue(option: string, all: Row[]): (rows: Row[], metric: string) => number {
  const sum = (rows: Row[], m: string) => rows.reduce((n, r) => n + (numeric(r[m]) ?? 0), 0);
  if (option === "agg_mean") {
    return (rows, m) => {
      const values = rows.map((r) => numeric(r[m])).filter((x): x is number => x !== null);
      return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
    };
  }
  if (option.startsWith("point_")) {
    const times = [
      ...new Set(all.map((r) => epochMs(r[TIMESTAMP])).filter((t): t is number => t !== null)),
    ].sort((a, b) => a - b);
    const [first, last] = [times[0], times[times.length - 1]];
    const at = (rows: Row[], m: string, t: number) =>
      sum(
        rows.filter((r) => epochMs(r[TIMESTAMP]) === t),
        m,
      );
    return (rows, m) => {
      const [a, b] = [at(rows, m, last), at(rows, m, first)];
      if (option === "point_diff") return a - b;
      if (option === "point_factor") return a / b;
      return a / b - 1;
    };
  }
  return sum;
}
